import { sql, type RawBuilder } from 'kysely';

/*
 * When a session is live: the one rule, in the two forms it is needed in — a predicate for the
 * members cache's memory and a SQL condition for the queries that find or prune sessions — kept
 * side by side so that they change together (sessions.live.db.test.ts checks that they agree). The
 * vote's database function (server/db/functions/cast-votes-in-sessions.sql) applies the same
 * condition with the bounds `liveSessionBounds` gives it (docs/decisions/011-accounts-and-sessions.md).
 */

/** A session ends this long after login, however active… */
export const sessionAbsoluteMs = 30 * 24 * 3_600_000;
/** …or after this long without a request. */
export const sessionIdleMs = 14 * 24 * 3_600_000;
/** last_seen_at is written at most this often per session: reads stay reads. */
export const sessionTouchIntervalMs = 3_600_000;

/**
 * What the rule compares a session with at `nowMs`: it is live while it expires after `now` and
 * was last seen after `idleCutoff`; its idle clock is due to be written when it was last written
 * before `touchBefore`.
 */
export type LiveSessionBounds = { now: Date; idleCutoff: Date; touchBefore: Date };

export function liveSessionBounds(nowMs: number): LiveSessionBounds {
  return {
    now: new Date(nowMs),
    idleCutoff: new Date(nowMs - sessionIdleMs),
    touchBefore: new Date(nowMs - sessionTouchIntervalMs),
  };
}

/** The rule in memory: the session has not expired and has not idled out. */
export function isSessionLive(
  session: { expiresAtMs: number; lastSeenAtMs: number },
  nowMs: number,
): boolean {
  return session.expiresAtMs > nowMs && session.lastSeenAtMs > nowMs - sessionIdleMs;
}

/** Whether the session's idle clock, last written at `lastSeenAtMs`, is due to be written again. */
export function isTouchDue(lastSeenAtMs: number, nowMs: number): boolean {
  return lastSeenAtMs < nowMs - sessionTouchIntervalMs;
}

/** The rule in SQL, over the sessions row `alias` (its columns expires_at and last_seen_at). */
export function liveSessionCondition(
  alias: string,
  bounds: Pick<LiveSessionBounds, 'now' | 'idleCutoff'>,
): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(`${alias}.expires_at`)} > ${bounds.now} and ${sql.ref(
    `${alias}.last_seen_at`,
  )} > ${bounds.idleCutoff})`;
}
