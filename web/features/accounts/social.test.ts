import { describe, expect, it } from 'vitest';
import { outcomeOfStatus } from './social.ts';

describe('what the panel does with a social sign-in Status (docs/product/behaviour.md)', () => {
  it('reloads 500 ms after logged_in', () => {
    expect(outcomeOfStatus('logged_in', 'google')).toEqual({ kind: 'reload', delayMs: 500 });
    expect(outcomeOfStatus('logged_in', 'facebook')).toEqual({ kind: 'reload', delayMs: 500 });
  });

  it('asks for a username after no_user', () => {
    expect(outcomeOfStatus('no_user', 'google')).toEqual({ kind: 'chooseUsername' });
    expect(outcomeOfStatus('no_user', 'facebook')).toEqual({ kind: 'chooseUsername' });
  });

  it("alerts 'Your Facebook login expired' and reloads, for the second provider only", () => {
    expect(outcomeOfStatus('expired', 'facebook')).toEqual({
      kind: 'alertAndReload',
      message: 'Your Facebook login expired',
    });
    expect(outcomeOfStatus('expired', 'google')).toEqual({ kind: 'ignore' });
  });

  it('only logs any other status', () => {
    expect(outcomeOfStatus('something_new', 'google')).toEqual({ kind: 'ignore' });
  });
});
