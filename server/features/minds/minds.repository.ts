import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * One page of a member's vote changes, newest first, before the change `beforeId` (or from the
 * newest), with the argument each was credited to. Changes on deleted opinions are left out.
 */
export async function listVoteChanges(
  db: Db,
  userId: number,
  beforeId: number | null,
  limit: number,
) {
  let query = db
    .selectFrom('voteChanges as vc')
    .innerJoin('opinions as o', 'o.id', 'vc.opinionId')
    .leftJoin('persuasions as p', 'p.changeId', 'vc.id')
    .leftJoin('comments as c', 'c.id', 'p.commentId')
    .leftJoin('users as a', 'a.id', 'c.authorId')
    .select([
      'vc.id',
      'vc.fromRating',
      'vc.toRating',
      'vc.changedAt',
      'o.slug',
      'o.title',
      'p.commentId',
      'c.bodyHtml',
      'c.deleted as commentDeleted',
      'c.hiddenAt as commentHiddenAt',
      'a.username as authorUsername',
    ])
    .where('vc.userId', '=', userId)
    .where('o.deleted', '=', false);
  if (beforeId !== null) query = query.where('vc.id', '<', beforeId);
  return query.orderBy('vc.id', 'desc').limit(limit).execute();
}

/** The member's vote on an opinion, locked until the transaction ends (the vote batch waits). */
export async function lockVote(db: Db, userId: number, opinionId: number) {
  return db
    .selectFrom('votes')
    .select('rating')
    .where('userId', '=', userId)
    .where('opinionId', '=', opinionId)
    .forUpdate()
    .executeTakeFirst();
}

/** The member's latest change of vote on an opinion, or undefined when they never changed it. */
export async function findLatestChange(db: Db, userId: number, opinionId: number) {
  return db
    .selectFrom('voteChanges')
    .select(['id', 'fromRating', 'toRating'])
    .where('userId', '=', userId)
    .where('opinionId', '=', opinionId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Whether the member has credited an argument on this opinion already (live or withdrawn). */
export async function hasCredited(db: Db, userId: number, opinionId: number) {
  const row = await db
    .selectFrom('persuasions')
    .select('commentId')
    .where('userId', '=', userId)
    .where('opinionId', '=', opinionId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Records a credit; false when the member already gave one on this opinion (its key). */
export async function insertPersuasion(
  db: Db,
  row: {
    userId: number;
    opinionId: number;
    commentId: number;
    changeId: number;
    side: 'pro' | 'con';
    fromRating: number;
  },
): Promise<boolean> {
  const inserted = await db
    .insertInto('persuasions')
    .values(row)
    .onConflict((conflict) => conflict.columns(['userId', 'opinionId']).doNothing())
    .returning('commentId')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** One more mind changed on a live argument: its new count and author, or undefined if removed. */
export async function countPersuasion(db: Db, commentId: number) {
  return db
    .updateTable('comments')
    .set((eb) => ({ persuadedCount: eb('persuadedCount', '+', 1) }))
    .where('id', '=', commentId)
    .where('deleted', '=', false)
    .where('hiddenAt', 'is', null)
    .returning(['persuadedCount', 'authorId'])
    .executeTakeFirst();
}

export async function adjustKarma(db: Db, userId: number, delta: number) {
  await db
    .updateTable('users')
    .set((eb) => ({ karma: eb('karma', '+', delta) }))
    .where('id', '=', userId)
    .execute();
}

/** Whether the member's credit of this argument still stands (not withdrawn). */
export async function isCreditLive(db: Db, userId: number, commentId: number) {
  const row = await db
    .selectFrom('persuasions')
    .select('userId')
    .where('userId', '=', userId)
    .where('commentId', '=', commentId)
    .where('withdrawnAt', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * An opinion's movement: among the members who changed their vote on it, how many now stand
 * toward Agree of the rating they first had (a lower rating) and how many toward Disagree. A
 * member who went back to where they started counts in neither.
 */
export async function countMovement(db: Db, opinionId: number) {
  const result = await sql<{ towardAgree: number; towardDisagree: number }>`
    select
      count(*) filter (where v.rating < f.from_rating)::int as toward_agree,
      count(*) filter (where v.rating > f.from_rating)::int as toward_disagree
    from (
      select distinct on (vc.user_id) vc.user_id, vc.from_rating
      from vote_changes vc
      where vc.opinion_id = ${opinionId}
      order by vc.user_id, vc.id
    ) f
    join votes v on v.user_id = f.user_id and v.opinion_id = ${opinionId}
  `.execute(db);
  return result.rows[0] ?? { towardAgree: 0, towardDisagree: 0 };
}

/** An argument as the credit's rules need it, with its opinion's slug for links. */
export async function findArgument(db: Db, commentId: number) {
  return db
    .selectFrom('comments as c')
    .leftJoin('opinions as o', 'o.id', 'c.opinionId')
    .select([
      'c.id',
      'c.opinionId',
      'c.parentId',
      'c.authorId',
      'c.responseType',
      'c.deleted',
      'c.hiddenAt',
      'o.slug',
      'o.deleted as opinionDeleted',
    ])
    .where('c.id', '=', commentId)
    .executeTakeFirst();
}

/** countMovement for many opinions at once (the topic report's pages): unmoved ones are absent. */
export async function countMovements(db: Db, opinionIds: readonly number[]) {
  if (opinionIds.length === 0) return [];
  const result = await sql<{ opinionId: number; towardAgree: number; towardDisagree: number }>`
    select f.opinion_id,
      count(*) filter (where v.rating < f.from_rating)::int as toward_agree,
      count(*) filter (where v.rating > f.from_rating)::int as toward_disagree
    from (
      select distinct on (vc.opinion_id, vc.user_id) vc.opinion_id, vc.user_id, vc.from_rating
      from vote_changes vc
      where vc.opinion_id = any(${[...opinionIds]}::integer[])
      order by vc.opinion_id, vc.user_id, vc.id
    ) f
    join votes v on v.user_id = f.user_id and v.opinion_id = f.opinion_id
    group by f.opinion_id
  `.execute(db);
  return result.rows;
}

/**
 * An opinion's votes per rating at the end of each of its last `days` UTC days (from its first vote
 * on): each member's rating as it stood then, read from their vote and their recorded changes (the
 * rating before the first change held from the vote's creation). Days before any vote are left out.
 */
export async function countSharesByDay(db: Db, opinionId: number, days: number) {
  const result = await sql<{ day: string; counts: number[] }>`
    with changes as (
      select user_id, from_rating, to_rating, changed_at, id from vote_changes
      where opinion_id = ${opinionId}
    ),
    firsts as (
      select distinct on (user_id) user_id, from_rating from changes order by user_id, id
    ),
    timeline as (
      select v.user_id, v.created_at as at, coalesce(f.from_rating, v.rating) as rating
      from votes v left join firsts f on f.user_id = v.user_id
      where v.opinion_id = ${opinionId}
      union all
      select user_id, changed_at, to_rating from changes
    ),
    days as (
      select generate_series(
        greatest((now() at time zone 'UTC')::date - ${days - 1}::integer,
          (select min(at) at time zone 'UTC' from timeline)::date),
        (now() at time zone 'UTC')::date, interval '1 day')::date as day
    )
    select d.day::text as day, array[
      count(*) filter (where s.rating = 1), count(*) filter (where s.rating = 2),
      count(*) filter (where s.rating = 3), count(*) filter (where s.rating = 4),
      count(*) filter (where s.rating = 5)]::integer[] as counts
    from days d
    cross join lateral (
      select distinct on (t.user_id) t.rating from timeline t
      where t.at < (d.day + 1)::timestamp at time zone 'UTC'
      order by t.user_id, t.at desc
    ) s
    group by d.day
    order by d.day
  `.execute(db);
  return result.rows;
}

/** Whether an opinion is there, listed and live (the trend's checks). */
export async function findOpinionState(db: Db, opinionId: number) {
  return db
    .selectFrom('opinions')
    .select(['deleted', 'listed'])
    .where('id', '=', opinionId)
    .executeTakeFirst();
}
