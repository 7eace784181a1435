import { sameSitePath } from '../../../contract/payments.base.ts';
import { networkErrorStatus } from '../../api/client.ts';

/*
 * The checkout return (docs/product/behaviour.md#checkout-return, docs/decisions/050): Stripe
 * sends the member back with `session_id`; Stance asks the server to confirm that session with
 * Stripe. A payment Stripe has not finished processing answers `Confirmed: false`: the page says
 * so and asks again after 1, 2, 4, 8 and 16 s, then tells the member what to do. This module is
 * the flow without React, so every step can be tested.
 */

/** How long to wait before each re-check of an unconfirmed session: five, about 31 s in all. */
export const recheckDelaysMs = [1_000, 2_000, 4_000, 8_000, 16_000] as const;

export type ReturnState =
  /** Asking the server; `attempt` 0 is the first ask, 1… the re-checks. */
  | { kind: 'checking'; attempt: number }
  /** Stripe has not confirmed the payment yet: asking again after `delayMs`. */
  | { kind: 'waiting'; attempt: number; delayMs: number }
  /** Paid and applied: refresh the member and open the report. */
  | { kind: 'confirmed'; status: string }
  /** Still unconfirmed after every re-check: the member is told what to do. */
  | { kind: 'unconfirmed' }
  /** The server refused or could not answer; `canRetry` when asking again may help. */
  | { kind: 'failed'; message: string; canRetry: boolean };

export type ReturnEvent =
  | { type: 'answered'; confirmed: boolean; status: string }
  | { type: 'error'; status: number; message: string }
  /** The wait before a re-check is over. */
  | { type: 'waited' }
  /** The member asks again ('Check again' / 'Try again'). */
  | { type: 'retry' };

export const initialReturnState: ReturnState = { kind: 'checking', attempt: 0 };

/** The pending state's words, while asking and while waiting to ask again. */
export const pendingText = 'Confirming your payment…';

export function nextReturnState(state: ReturnState, event: ReturnEvent): ReturnState {
  switch (event.type) {
    case 'answered': {
      if (state.kind !== 'checking') return state;
      if (event.confirmed) return { kind: 'confirmed', status: event.status };
      const delayMs = recheckDelaysMs[state.attempt];
      return delayMs === undefined
        ? { kind: 'unconfirmed' }
        : { kind: 'waiting', attempt: state.attempt, delayMs };
    }
    case 'error':
      if (state.kind !== 'checking') return state;
      return { kind: 'failed', message: event.message, canRetry: isWorthRetrying(event.status) };
    case 'waited':
      return state.kind === 'waiting' ? { kind: 'checking', attempt: state.attempt + 1 } : state;
    case 'retry':
      return state.kind === 'unconfirmed' || (state.kind === 'failed' && state.canRetry)
        ? initialReturnState
        : state;
  }
}

/**
 * No answer, or a server or Stripe that failed (5xx, 429): asking again may work. A 4xx names
 * the member's mistake (not their session, a malformed id) and the same question gets the same
 * answer.
 */
function isWorthRetrying(status: number): boolean {
  return status === networkErrorStatus || status === 429 || status >= 500;
}

/** True while the member should see the pending state. */
export function isPending(
  state: ReturnState,
): state is Extract<ReturnState, { kind: 'checking' | 'waiting' }> {
  return state.kind === 'checking' || state.kind === 'waiting';
}

/**
 * Where a confirmed checkout lands without a return path of its own: the detailed Opinion DNA
 * report (docs/product/behaviour.md#checkout-return).
 */
export const afterCheckoutPath = '/reports/details/opiniondna';

/**
 * Where a confirmed checkout lands: the page the member paid from (`next`, checked again here:
 * the address may have been typed or sent by anyone, so only a path on this site is followed),
 * else the detailed Opinion DNA report (docs/decisions/069-honest-labels.md).
 */
export function landingPathAfterCheckout(next: string | null): string {
  return sameSitePath(next) ?? afterCheckoutPath;
}
