import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SessionUser } from '../../db/schema.ts';
import { liveSessionCondition, type LiveSessionBounds } from './sessions.live.ts';

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

/** What a server process keeps in memory of a member (docs/decisions/023-performance-machinery.md#members-cache). */
export type LoadedMember = {
  user: SessionUser;
  /** Every vote of the member, as parallel arrays ordered by opinion id. */
  votedOpinionIds: number[];
  votedRatings: number[];
  followedTopicIds: number[];
  /** The member's newest live, listed opinions created after the load's `recentSince`, newest first. */
  recentIds: number[];
  /** Their creation times, in milliseconds since the epoch. */
  recentCreatedMs: number[];
};

/**
 * Members with everything the members cache holds of them, for several requests in one query:
 * each request names a session (its token hash: answered only while the session is live, with its
 * idle clock) or a member (their id). One row per answered request, with its 1-based position.
 */
export async function loadMembers(
  db: Db,
  requests: ReadonlyArray<{ tokenHash: string | null; userId: number | null }>,
  options: { now: Date; idleCutoff: Date; recentSince: Date; recentLimit: number },
): Promise<
  Array<LoadedMember & { position: number; session: { expiresAt: Date; lastSeenAt: Date } | null }>
> {
  if (requests.length === 0) return [];
  const result = await sql<
    SessionUser &
      Omit<LoadedMember, 'user'> & {
        wantedPosition: number;
        sessionExpiresAt: Date | null;
        sessionLastSeenAt: Date | null;
      }
  >`
    select ${sql.join(sessionUserColumns.map((column) => sql.ref(column)))},
      wanted.position as wanted_position,
      s.expires_at as session_expires_at, s.last_seen_at as session_last_seen_at,
      array(
        select v.opinion_id from votes v where v.user_id = users.id order by v.opinion_id
      ) as voted_opinion_ids,
      array(
        select v.rating::integer from votes v where v.user_id = users.id order by v.opinion_id
      ) as voted_ratings,
      array(select f.topic_id from topic_follows f where f.user_id = users.id) as followed_topic_ids,
      array(
        select o.id from opinions o
        where o.author_id = users.id and o.listed and not o.deleted and o.created_at > ${options.recentSince}
        order by o.created_at desc, o.id desc limit ${options.recentLimit}
      ) as recent_ids,
      array(
        select (extract(epoch from o.created_at) * 1000)::float8 from opinions o
        where o.author_id = users.id and o.listed and not o.deleted and o.created_at > ${options.recentSince}
        order by o.created_at desc, o.id desc limit ${options.recentLimit}
      ) as recent_created_ms
    from unnest(
      ${requests.map((request) => request.tokenHash)}::text[],
      ${requests.map((request) => request.userId)}::integer[]
    ) with ordinality as wanted (token_hash, user_id, position)
    left join sessions s on s.token_hash = wanted.token_hash
      and ${liveSessionCondition('s', options)}
    join users on users.id = coalesce(s.user_id, wanted.user_id)
  `.execute(db);
  return result.rows.map(
    ({
      wantedPosition,
      sessionExpiresAt,
      sessionLastSeenAt,
      votedOpinionIds,
      votedRatings,
      followedTopicIds,
      recentIds,
      recentCreatedMs,
      ...user
    }) => ({
      position: Number(wantedPosition),
      session:
        sessionExpiresAt && sessionLastSeenAt
          ? { expiresAt: sessionExpiresAt, lastSeenAt: sessionLastSeenAt }
          : null,
      user,
      votedOpinionIds,
      votedRatings,
      followedTopicIds,
      recentIds,
      recentCreatedMs,
    }),
  );
}

/** The notes of member changes made since `horizon`, and the reader's new horizon (decision 023). */
export async function readMemberChanges(
  db: Db,
  horizon: string | null,
): Promise<{
  horizon: string;
  changes: Array<{ seq: number; xid: string; userId: number | null }>;
}> {
  const result = await sql<{
    snapshotXmin: string;
    seq: string | number | null;
    xid: string | null;
    userId: number | null;
  }>`
    select snapshot.xmin as snapshot_xmin, c.seq, c.xid::text as xid, c.user_id
    from (select pg_snapshot_xmin(pg_current_snapshot())::text as xmin) snapshot
    left join member_changes c on c.xid >= ${horizon}::xid8
    order by c.seq
  `.execute(db);
  return {
    horizon: result.rows[0]!.snapshotXmin,
    changes: result.rows
      .filter((row) => row.seq !== null)
      .map((row) => ({ seq: Number(row.seq), xid: row.xid!, userId: row.userId })),
  };
}

/** Forgets the notes of transactions older than `xid` (every reader has read them: decision 023). */
export async function pruneMemberChanges(db: Db, xid: string): Promise<void> {
  await sql`delete from member_changes where xid < ${xid}::xid8`.execute(db);
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
  live: LiveSessionBounds,
): Promise<void> {
  await sql`
    delete from sessions
    where sessions.user_id = ${userId} and not ${liveSessionCondition('sessions', live)}
  `.execute(db);
}
