import { describe, expect, it } from 'vitest';
import {
  afterCheckoutPath,
  initialReturnState,
  isPending,
  landingPathAfterCheckout,
  nextReturnState,
  recheckDelaysMs,
  type ReturnEvent,
  type ReturnState,
} from './checkout-return.ts';

const unconfirmed: ReturnEvent = { type: 'answered', confirmed: false, status: '' };
const confirmed: ReturnEvent = { type: 'answered', confirmed: true, status: 'active' };

function run(events: ReturnEvent[], from: ReturnState = initialReturnState): ReturnState[] {
  const states = [from];
  for (const event of events) states.push(nextReturnState(states.at(-1)!, event));
  return states;
}

describe('the checkout return', () => {
  it('starts by asking, pending', () => {
    expect(initialReturnState).toEqual({ kind: 'checking', attempt: 0 });
    expect(isPending(initialReturnState)).toBe(true);
  });

  it('goes on as soon as the server confirms the session', () => {
    expect(nextReturnState(initialReturnState, confirmed)).toEqual({
      kind: 'confirmed',
      status: 'active',
    });
  });

  it('re-checks an unconfirmed payment with growing waits, then says what to do', () => {
    const events: ReturnEvent[] = [];
    for (let index = 0; index < recheckDelaysMs.length; index++) {
      events.push(unconfirmed, { type: 'waited' });
    }
    events.push(unconfirmed);
    const states = run(events);
    const waits = states.filter((state) => state.kind === 'waiting');
    expect(waits.map((state) => state.delayMs)).toEqual([1000, 2000, 4000, 8000, 16000]);
    for (let index = 1; index < waits.length; index++) {
      expect(waits[index]!.delayMs).toBeGreaterThan(waits[index - 1]!.delayMs);
    }
    expect(states.filter((state) => state.kind === 'checking').map((s) => s.attempt)).toEqual([
      0, 1, 2, 3, 4, 5,
    ]);
    expect(states.every((state, index) => index === states.length - 1 || isPending(state))).toBe(
      true,
    );
    expect(states.at(-1)).toEqual({ kind: 'unconfirmed' });
  });

  it('confirms on a re-check', () => {
    const states = run([
      unconfirmed,
      { type: 'waited' },
      unconfirmed,
      { type: 'waited' },
      confirmed,
    ]);
    expect(states.at(-1)).toEqual({ kind: 'confirmed', status: 'active' });
  });

  it('lets the member check again after giving up, from the start', () => {
    expect(nextReturnState({ kind: 'unconfirmed' }, { type: 'retry' })).toEqual(initialReturnState);
  });

  it('shows a refusal with no retry, and a failure to answer with one', () => {
    const notYours = nextReturnState(initialReturnState, {
      type: 'error',
      status: 404,
      message: 'No checkout session of yours has this id',
    });
    expect(notYours).toEqual({
      kind: 'failed',
      message: 'No checkout session of yours has this id',
      canRetry: false,
    });
    expect(nextReturnState(notYours, { type: 'retry' })).toBe(notYours);

    for (const status of [0, 429, 500, 502, 503]) {
      const failed = nextReturnState(initialReturnState, { type: 'error', status, message: 'x' });
      expect(failed, String(status)).toMatchObject({ kind: 'failed', canRetry: true });
      expect(nextReturnState(failed, { type: 'retry' })).toEqual(initialReturnState);
    }
  });

  it('ignores what does not belong to the state it is in', () => {
    const waiting = nextReturnState(initialReturnState, unconfirmed);
    // A late answer while waiting, or a timer after the answer came, changes nothing.
    expect(nextReturnState(waiting, confirmed)).toBe(waiting);
    expect(nextReturnState(waiting, { type: 'retry' })).toBe(waiting);
    const done = nextReturnState(initialReturnState, confirmed);
    expect(nextReturnState(done, { type: 'waited' })).toBe(done);
    expect(nextReturnState(done, { type: 'error', status: 500, message: 'x' })).toBe(done);
  });
});

describe('where a confirmed checkout lands', () => {
  it('is the report the member paid from', () => {
    expect(landingPathAfterCheckout('/reports/details/bigfive')).toBe('/reports/details/bigfive');
    expect(landingPathAfterCheckout('/reports/my-opinion-dna')).toBe('/reports/my-opinion-dna');
    expect(landingPathAfterCheckout('/reports/details/bigfive?x=1#top')).toBe(
      '/reports/details/bigfive?x=1',
    );
  });

  it('is never another site, whatever the address says: the Opinion DNA report instead', () => {
    for (const next of [
      null,
      '',
      'https://evil.example/reports',
      '//evil.example/reports',
      '/\\evil.example',
      '/\\/evil.example',
      '\\evil.example',
      'javascript:alert(1)',
      ' /reports/details/bigfive',
      '/reports/\tdetails',
      '/reports\nLocation: x',
      'reports/details/bigfive',
      `/${'a'.repeat(400)}`,
    ]) {
      expect(landingPathAfterCheckout(next), JSON.stringify(next)).toBe(afterCheckoutPath);
    }
  });
});
