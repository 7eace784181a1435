import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SessionUser } from '../../db/schema.ts';

/** Every column of a member's row but the password hash: what a request knows of its member. */
const sessionUserColumns = [
  'users.id',
  'users.username',
  'users.email',
  'users.fullName',
  'users.location',
  'users.bio',
  'users.expertise',
  'users.karma',
  'users.role',
  'users.canDeleteContent',
  'users.adminHub',
  'users.canSeeDetailedOpinionReport',
  'users.canCreateOpinions',
  'users.subscriptionStatus',
  'users.externalId',
  'users.newNotification',
  'users.createdAt',
] as const satisfies ReadonlyArray<`users.${keyof SessionUser}`>;
// …and every field of SessionUser is among them: a column added to users must be added above.
type Unselected = Exclude<
  keyof SessionUser,
  (typeof sessionUserColumns)[number] extends `users.${infer Name}` ? Name : never
>;
const isEverySessionFieldSelected: [Unselected] extends [never] ? true : Unselected = true;
void isEverySessionFieldSelected;

/**
 * The live sessions among `tokenHashes`, with their members, in one query (the session look-ups
 * of concurrent requests travel together: docs/decisions/023).
 */
export async function findLiveSessions(
  db: Db,
  tokenHashes: readonly string[],
  now: Date,
  idleCutoff: Date,
): Promise<Array<{ tokenHash: string; user: SessionUser; lastSeenAt: Date }>> {
  if (tokenHashes.length === 0) return [];
  const rows = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select(sessionUserColumns)
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

/**
 * For the opinion page (docs/decisions/023): like findLiveSessions, the live sessions among the
 * requests' token hashes with their members, and in the same query each member's rating of the
 * request's opinion (null when they have not voted on it). One row per request whose session is
 * live, with its 1-based position among the requests.
 */
export async function findLiveSessionsWithRatings(
  db: Db,
  requests: ReadonlyArray<{ tokenHash: string; opinionId: number }>,
  now: Date,
  idleCutoff: Date,
): Promise<
  Array<{ position: number; user: SessionUser; lastSeenAt: Date; rating: number | null }>
> {
  if (requests.length === 0) return [];
  const result = await sql<
    SessionUser & { wantedPosition: number; sessionLastSeenAt: Date; voteRating: number | null }
  >`
    select ${sql.join(sessionUserColumns.map((column) => sql.ref(column)))}, wanted.position as wanted_position, s.last_seen_at as session_last_seen_at,
      v.rating as vote_rating
    from unnest(
      ${requests.map((request) => request.tokenHash)}::text[],
      ${requests.map((request) => request.opinionId)}::integer[]
    ) with ordinality as wanted (token_hash, opinion_id, position)
    join sessions s on s.token_hash = wanted.token_hash
      and s.expires_at > ${now} and s.last_seen_at > ${idleCutoff}
    join users on users.id = s.user_id
    left join votes v on v.user_id = s.user_id and v.opinion_id = wanted.opinion_id
  `.execute(db);
  return result.rows.map(({ wantedPosition, sessionLastSeenAt, voteRating, ...user }) => ({
    position: Number(wantedPosition),
    user,
    lastSeenAt: sessionLastSeenAt,
    rating: voteRating,
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
