import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';

/** The session's member, if the session is neither past its absolute end nor idle too long. */
/**
 * The live sessions among `tokenHashes`, with their members, in one query (the session look-ups
 * of concurrent requests travel together: docs/decisions/023).
 */
export async function findLiveSessions(
  db: Db,
  tokenHashes: readonly string[],
  now: Date,
  idleCutoff: Date,
): Promise<Array<{ tokenHash: string; user: UserRow; lastSeenAt: Date }>> {
  if (tokenHashes.length === 0) return [];
  const rows = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .selectAll('users')
    .select(['sessions.tokenHash as sessionTokenHash', 'sessions.lastSeenAt as sessionLastSeenAt'])
    .where('sessions.tokenHash', 'in', tokenHashes)
    .where('sessions.expiresAt', '>', now)
    .where('sessions.lastSeenAt', '>', idleCutoff)
    .execute();
  return rows.map(({ sessionTokenHash, sessionLastSeenAt, ...user }) => ({
    tokenHash: sessionTokenHash,
    user,
    lastSeenAt: sessionLastSeenAt,
  }));
}

export async function insertSession(
  db: Db,
  session: { tokenHash: string; userId: number; expiresAt: Date },
): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

export async function touchSession(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ lastSeenAt: now })
    .where('tokenHash', '=', tokenHash)
    .execute();
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('tokenHash', '=', tokenHash).execute();
}

export async function deleteUserSessions(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('userId', '=', userId).execute();
}

/** Removes a member's sessions that can no longer be used, so the table does not grow forever. */
export async function deleteDeadSessions(
  db: Db,
  userId: number,
  now: Date,
  idleCutoff: Date,
): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('userId', '=', userId)
    .where((eb) => eb.or([eb('expiresAt', '<=', now), eb('lastSeenAt', '<=', idleCutoff)]))
    .execute();
}
