import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Insertable } from 'kysely';
import type { CommentsTable } from '../../db/schema.ts';

/** The opinion a thread belongs to, with what its links and notifications need. */
export async function findThreadOpinion(db: Db, opinionId: number) {
  return db
    .selectFrom('opinions')
    .select(['id', 'slug', 'title', 'deleted', 'authorId'])
    .where('id', '=', opinionId)
    .executeTakeFirst();
}

const commentColumns = [
  'comments.id',
  'comments.threadId',
  'comments.opinionId',
  'comments.parentId',
  'comments.authorId',
  'comments.bodyHtml',
  'comments.responseType',
  'comments.likeCount',
  'comments.persuadedCount',
  'comments.deleted',
  'comments.deletedReason',
  'comments.hiddenAt',
  'comments.createdAt',
  'comments.editedAt',
] as const;

/** Every comment of a thread with its author's username, oldest first. */
export async function listThreadComments(db: Db, threadId: string) {
  return db
    .selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.authorId')
    .select([...commentColumns, 'users.username'])
    .where('comments.threadId', '=', threadId)
    .orderBy('comments.createdAt')
    .orderBy('comments.id')
    .execute();
}

export type ThreadCommentRow = Awaited<ReturnType<typeof listThreadComments>>[number];

export async function findComment(db: Db, commentId: number) {
  return db
    .selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.authorId')
    .select([...commentColumns, 'comments.bodySource', 'users.username'])
    .where('comments.id', '=', commentId)
    .executeTakeFirst();
}

export async function listCommentIdsLikedBy(
  db: Db,
  userId: number,
  commentIds: readonly number[],
): Promise<Set<number>> {
  if (commentIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('commentLikes')
    .select('commentId')
    .where('userId', '=', userId)
    .where('commentId', 'in', commentIds)
    .execute();
  return new Set(rows.map((row) => row.commentId));
}

export async function hasLiked(db: Db, commentId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('commentLikes')
    .select('commentId')
    .where('commentId', '=', commentId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * When each member last did something in a thread (voted on its opinion, commented, gave a good
 * point): the readers a comment has had are the members active at or after its creation.
 */
export async function listThreadActivity(db: Db, threadId: string, opinionId: number | null) {
  const result = await sql<{ userId: number; lastAt: Date }>`
    select user_id, max(at) as last_at from (
      select user_id, updated_at as at from votes where opinion_id = ${opinionId ?? -1}
      union all
      select author_id as user_id, created_at as at from comments where thread_id = ${threadId}
      union all
      select comment_likes.user_id, comment_likes.created_at as at
      from comment_likes join comments on comments.id = comment_likes.comment_id
      where comments.thread_id = ${threadId}
    ) activity
    group by user_id
  `.execute(db);
  return result.rows.map((row) => ({ userId: row.userId, lastAt: new Date(row.lastAt) }));
}

export async function insertComment(db: Db, values: Insertable<CommentsTable>) {
  return db.insertInto('comments').values(values).returning('id').executeTakeFirstOrThrow();
}

export async function updateCommentBody(
  db: Db,
  commentId: number,
  values: { bodySource: string; bodyHtml: string; responseType: string },
) {
  return db
    .updateTable('comments')
    .set({ ...values, editedAt: new Date() })
    .where('id', '=', commentId)
    .where('deleted', '=', false)
    .where('hiddenAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
}

/**
 * Marks a live comment deleted; returns what its counters need, or nothing when it was already
 * gone. Updating the row first locks it, so a good point given at the same moment either lands
 * before (and is counted here) or fails on the deleted row.
 */
export async function markCommentDeleted(db: Db, commentId: number, reason: string) {
  return db
    .updateTable('comments')
    .set({ deleted: true, deletedReason: reason, hiddenAt: null })
    .where('id', '=', commentId)
    .where('deleted', '=', false)
    .returning(['id', 'authorId', 'opinionId', 'likeCount', 'persuadedCount'])
    .executeTakeFirst();
}

/** Keeps `opinions.num_comments` (live comments in the thread) in step. */
export async function adjustOpinionCommentCount(db: Db, opinionId: number, delta: number) {
  await db
    .updateTable('opinions')
    .set((eb) => ({ numComments: eb('numComments', '+', delta) }))
    .where('id', '=', opinionId)
    .execute();
}

/** Keeps `users.karma` in step (docs/decisions/006-karma.md). */
export async function adjustKarma(db: Db, userId: number, delta: number) {
  if (delta === 0) return;
  await db
    .updateTable('users')
    .set((eb) => ({ karma: eb('karma', '+', delta) }))
    .where('id', '=', userId)
    .execute();
}

/** True when this call added the good point (false: it was there already). */
export async function insertLike(db: Db, commentId: number, userId: number): Promise<boolean> {
  const row = await db
    .insertInto('commentLikes')
    .values({ commentId, userId })
    .onConflict((conflict) => conflict.columns(['commentId', 'userId']).doNothing())
    .returning('commentId')
    .executeTakeFirst();
  return row !== undefined;
}

/** True when this call removed the good point (false: there was none). */
export async function deleteLike(db: Db, commentId: number, userId: number): Promise<boolean> {
  const row = await db
    .deleteFrom('commentLikes')
    .where('commentId', '=', commentId)
    .where('userId', '=', userId)
    .returning('commentId')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Moves the derived like count of a live, visible comment; returns the new count and the author,
 * or nothing when the comment was deleted or hidden meanwhile (the caller then rolls back).
 */
export async function adjustLikeCount(db: Db, commentId: number, delta: number) {
  return db
    .updateTable('comments')
    .set((eb) => ({ likeCount: eb('likeCount', '+', delta) }))
    .where('id', '=', commentId)
    .where('deleted', '=', false)
    .where('hiddenAt', 'is', null)
    .returning(['likeCount', 'authorId'])
    .executeTakeFirst();
}

export async function findLikeCount(db: Db, commentId: number): Promise<number> {
  const row = await db
    .selectFrom('comments')
    .select('likeCount')
    .where('id', '=', commentId)
    .executeTakeFirstOrThrow();
  return row.likeCount;
}

/** True when this call filed the report (false: this member's report is already open). */
export async function insertReport(
  db: Db,
  values: { commentId: number; reporterId: number; reason: string; note: string },
): Promise<boolean> {
  const row = await db
    .insertInto('commentReports')
    .values(values)
    .onConflict((conflict) =>
      conflict.columns(['commentId', 'reporterId']).where('resolvedAt', 'is', null).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function countOpenReporters(db: Db, commentId: number): Promise<number> {
  const row = await db
    .selectFrom('commentReports')
    .select(sql<number>`count(distinct reporter_id)::int`.as('count'))
    .where('commentId', '=', commentId)
    .where('resolvedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return row.count;
}

/** Locks the comment row, so concurrent reports on one comment count one after another. */
export async function lockLiveComment(db: Db, commentId: number) {
  return db
    .selectFrom('comments')
    .select(['id', 'hiddenAt', 'opinionId'])
    .where('id', '=', commentId)
    .where('deleted', '=', false)
    .forUpdate()
    .executeTakeFirst();
}

export async function setCommentHidden(db: Db, commentId: number, isHidden: boolean) {
  await db
    .updateTable('comments')
    .set({ hiddenAt: isHidden ? new Date() : null })
    .where('id', '=', commentId)
    .execute();
}

export async function resolveOpenReports(
  db: Db,
  commentId: number,
  resolution: 'dismissed' | 'deleted',
  moderatorId: number,
): Promise<number> {
  const rows = await db
    .updateTable('commentReports')
    .set({ resolvedAt: new Date(), resolution, resolvedBy: moderatorId })
    .where('commentId', '=', commentId)
    .where('resolvedAt', 'is', null)
    .returning('id')
    .execute();
  return rows.length;
}

/** Live comments with open reports, with their thread's opinion (null for suggestions). */
export async function listReportedComments(db: Db, limit: number) {
  return db
    .selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.authorId')
    .leftJoin('opinions', 'opinions.id', 'comments.opinionId')
    .select([
      'comments.id',
      'comments.bodyHtml',
      'comments.createdAt',
      'comments.hiddenAt',
      'users.username',
      'opinions.slug as opinionSlug',
      'opinions.title as opinionTitle',
      (eb) =>
        eb
          .selectFrom('commentReports')
          .select(sql<Date>`min(created_at)`.as('first'))
          .whereRef('commentReports.commentId', '=', 'comments.id')
          .where('commentReports.resolvedAt', 'is', null)
          .as('firstReportAt'),
    ])
    .where('comments.deleted', '=', false)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('commentReports')
          .select(sql.lit(1).as('one'))
          .whereRef('commentReports.commentId', '=', 'comments.id')
          .where('commentReports.resolvedAt', 'is', null),
      ),
    )
    .orderBy(sql`comments.hidden_at is null`)
    .orderBy('firstReportAt')
    .orderBy('comments.id')
    .limit(limit)
    .execute();
}

export async function listOpenReports(db: Db, commentIds: readonly number[]) {
  if (commentIds.length === 0) return [];
  return db
    .selectFrom('commentReports')
    .innerJoin('users', 'users.id', 'commentReports.reporterId')
    .select([
      'commentReports.commentId',
      'commentReports.reason',
      'commentReports.note',
      'commentReports.createdAt',
      'users.username',
    ])
    .where('commentReports.commentId', 'in', commentIds)
    .where('commentReports.resolvedAt', 'is', null)
    .orderBy('commentReports.createdAt')
    .orderBy('commentReports.id')
    .execute();
}

/** Arguments whose count of minds changed is not their number of live credits (persuasions). */
export async function findPersuadedCountDrift(db: Db) {
  const drift = await sql<{ id: number; stored: number; actual: number }>`
    select c.id, c.persuaded_count as stored, count(p.user_id)::int as actual
    from comments c left join persuasions p on p.comment_id = c.id and p.withdrawn_at is null
    group by c.id
    having c.persuaded_count <> count(p.user_id)
    order by c.id
  `.execute(db);
  return drift.rows;
}

/** Comments whose like count is not their number of good points. */
export async function findLikeCountDrift(db: Db) {
  const likes = await sql<{ id: number; stored: number; actual: number }>`
    select c.id, c.like_count as stored, count(cl.user_id)::int as actual
    from comments c left join comment_likes cl on cl.comment_id = c.id
    group by c.id
    having c.like_count <> count(cl.user_id)
    order by c.id
  `.execute(db);
  return likes.rows;
}
