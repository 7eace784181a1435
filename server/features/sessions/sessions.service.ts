import { hash, randomBytes } from 'node:crypto';
import { inTransaction, type Db } from '../../db/database.ts';
import type { SessionUser } from '../../db/schema.ts';
import { findHeldSessionMember, findSessionMember, type MemberContext } from './members-cache.ts';
import * as sessionsRepository from './sessions.repository.ts';
import { isTouchDue, liveSessionBounds, sessionAbsoluteMs } from './sessions.live.ts';

// What other features may use of the sessions feature besides this service's own functions.
export {
  recentOwnOpinionIds,
  recentOwnOpinionsLimit,
  recentOwnOpinionsWindowMs,
  type MemberContext,
} from './members-cache.ts';
export {
  liveSessionBounds,
  sessionAbsoluteMs,
  sessionIdleMs,
  sessionTouchIntervalMs,
} from './sessions.live.ts';

/** Session tokens are stored hashed: a leaked sessions table does not let anyone log in. */
export function hashSessionToken(token: string): string {
  // The one-shot form: a Hash object per request cost more than the digest itself.
  return hash('sha256', token, 'hex');
}

/** 256 random bits, URL-safe. */
export function createSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The member behind a session token hash, refreshing its idle clock now and then. */
export async function resolveSession(db: Db, tokenHash: string): Promise<MemberContext | null> {
  const found = await findSessionMember(db, tokenHash);
  if (!found) return null;
  // The idle clock is written when it was last written long enough ago.
  const now = new Date();
  if (isTouchDue(found.lastSeenAt.getTime(), now.getTime())) {
    await sessionsRepository.touchSession(db, tokenHash, now);
  }
  return found.member;
}

/**
 * resolveSession's answer when it needs no wait (findHeldSessionMember) and no write of the idle
 * clock: the member, or null when resolveSession must be asked.
 */
export function resolveHeldSession(db: Db, tokenHash: string): MemberContext | null {
  const held = findHeldSessionMember(db, tokenHash);
  if (!held || isTouchDue(held.lastSeenAtMs, Date.now())) return null;
  return held.member;
}

/**
 * resolveSession and the member's rating of one opinion (0 when they have not voted on it): the
 * opinion page's look-up. Null when the session is not live.
 */
export async function resolveSessionWithRating(
  db: Db,
  tokenHash: string,
  opinionId: number,
): Promise<{ user: SessionUser; rating: number } | null> {
  const member = await resolveSession(db, tokenHash);
  if (!member) return null;
  return { user: member.user, rating: member.ratings.get(opinionId) ?? 0 };
}

/**
 * Starts a session for the member and returns its token (for the cookie). The session the
 * browser had, if any, ends in the same transaction: a login always gets a fresh token, so a
 * token planted before login (session fixation) is worth nothing after it.
 */
export async function startSession(
  db: Db,
  userId: number,
  options: { replacing?: string | null; endingAllOthers?: boolean } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = createSessionToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + sessionAbsoluteMs);
  await inTransaction(db, async (trx) => {
    if (options.endingAllOthers) await sessionsRepository.deleteUserSessions(trx, userId);
    if (options.replacing) await sessionsRepository.deleteSession(trx, options.replacing);
    await sessionsRepository.deleteDeadSessions(trx, userId, liveSessionBounds(now.getTime()));
    await sessionsRepository.insertSession(trx, {
      tokenHash: hashSessionToken(token),
      userId,
      expiresAt,
    });
  });
  return { token, expiresAt };
}

export async function endSession(db: Db, tokenHash: string): Promise<void> {
  await sessionsRepository.deleteSession(db, tokenHash);
}

/** Ends every session of the member (password reset). */
export async function endAllSessions(db: Db, userId: number): Promise<void> {
  await sessionsRepository.deleteUserSessions(db, userId);
}
