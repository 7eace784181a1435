/*
 * The minds-changed calls' methods and paths, and the values both sides share: no zod, so the
 * browser can import them (docs/decisions/044-a-lighter-client.md). The schemas are in minds.ts;
 * the rules are docs/decisions/077-minds-changed.md.
 */

import { formatCount } from './numbers.base.ts';

/** A member's own vote changes, newest first (private: nobody else may read them). */
export const getOpinionHistory = { method: 'GET', path: '/api/user/opinionhistory' } as const;

/** "This changed my mind": credits an argument with the member's latest change on its opinion. */
export const creditPersuasion = { method: 'POST', path: '/api/v2/comment/persuaded' } as const;

/** An opinion's vote shares by day over its last 30 days (the opinion page's small chart). */
export const getOpinionTrend = { method: 'GET', path: '/api/opinion/trend' } as const;

/** Vote changes on one page of the history. */
export const opinionHistoryPageSize = 30;

/** Which way a change to `to` from `from` moved: toward Agree (a lower rating) or Disagree. */
export function directionOf(from: number, to: number): 'agree' | 'disagree' | null {
  return to < from ? 'agree' : to > from ? 'disagree' : null;
}

/** The side of an argument a change toward Agree credits ('pro'), or toward Disagree ('con'). */
export function sideMovedToward(from: number, to: number): 'pro' | 'con' | null {
  const direction = directionOf(from, to);
  return direction === 'agree' ? 'pro' : direction === 'disagree' ? 'con' : null;
}

/** How an argument's count reads: 'Changed 1 mind', 'Changed 3 minds'; '' for none. */
export function changedMindsText(count: number): string {
  if (count < 1) return '';
  return `Changed ${formatCount(count)} ${count === 1 ? 'mind' : 'minds'}`;
}
