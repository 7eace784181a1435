import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';

/** The session's member, if the session is neither past its absolute end nor idle too long. */
export async function findLiveSession(
  db: Db,
  tokenHash: string,
  now: Date,
  idleCutoff: Date,
): Promise<{ user: UserRow; lastSeenAt: Date } | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .selectAll('users')
    .select('sessions.lastSeenAt as sessionLastSeenAt')
    .where('sessions.tokenHash', '=', tokenHash)
    .where('sessions.expiresAt', '>', now)
    .where('sessions.lastSeenAt', '>', idleCutoff)
    .executeTakeFirst();
  if (!row) return undefined;
  const { sessionLastSeenAt, ...user } = row;
  return { user, lastSeenAt: sessionLastSeenAt };
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
