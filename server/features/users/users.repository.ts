import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export async function listTopContributors(db: Db, limit: number) {
  return db
    .selectFrom('users')
    .select(['username', 'karma'])
    .where('karma', '>', 0)
    .orderBy('karma', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Every member's karma as the raw rows give it (`user_id`, `karma`): per live comment written and
 * per good point received on a live comment. One definition for the recompute and the drift check.
 */
export function karmaFromRawRows(perComment: number, perGoodPoint: number) {
  return sql<{ userId: number; karma: number }>`
    select u.id as user_id,
      (coalesce(c.comments, 0) * ${perComment} + coalesce(l.likes, 0) * ${perGoodPoint})::int as karma
    from users u
    left join (
      select author_id, count(*)::int as comments from comments where not deleted group by author_id
    ) c on c.author_id = u.id
    left join (
      select comments.author_id, count(*)::int as likes
      from comment_likes join comments on comments.id = comment_likes.comment_id
      where not comments.deleted group by comments.author_id
    ) l on l.author_id = u.id
  `;
}

/**
 * Members whose karma is not what their raw rows give: `perComment` per live comment and
 * `perGoodPoint` per good point received on live comments.
 */
export async function findKarmaDrift(db: Db, perComment: number, perGoodPoint: number) {
  const karma = await sql<{ id: number; username: string; stored: number; actual: number }>`
    select u.id, u.username, u.karma as stored, actual.karma as actual
    from users u
    join (${karmaFromRawRows(perComment, perGoodPoint)}) actual on actual.user_id = u.id
    where u.karma <> actual.karma
    order by u.id
  `.execute(db);
  return karma.rows;
}

/** Recomputes every member's karma from the raw comments and likes (the rows are the truth). */
export async function recomputeAllKarma(db: Db, perComment: number, perGoodPoint: number) {
  await sql`
    update users set karma = actual.karma
    from (${karmaFromRawRows(perComment, perGoodPoint)}) actual
    where users.id = actual.user_id
  `.execute(db);
}

/** Every staff capability and the admin role (ADMIN_EMAILS, `make-admin`). */
export async function grantStaffRights(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({
      role: 'admin',
      canDeleteContent: true,
      adminHub: true,
      canSeeDetailedOpinionReport: true,
      canCreateOpinions: true,
    })
    .where('id', '=', userId)
    .execute();
}

export async function findUserIdByEmail(db: Db, email: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  return row?.id;
}
