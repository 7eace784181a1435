import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export async function listTopContributors(db: Db, limit: number) {
  return db
    .selectFrom('users')
    .select(['username', 'karma'])
    .where('karma', '>', 0)
    .where('erasedAt', 'is', null)
    .orderBy('karma', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** What each contribution earns (docs/decisions/006-karma.md, server/features/users/users.karma.ts). */
export type KarmaAmounts = { perComment: number; perGoodPoint: number; perMindChanged: number };

/**
 * Every member's karma as the raw rows give it (`user_id`, `karma`): per live comment written, per
 * good point received on a live comment and per live credit ("this changed my mind") of a live
 * argument. One definition for the recompute and the drift check.
 */
export function karmaFromRawRows({ perComment, perGoodPoint, perMindChanged }: KarmaAmounts) {
  return sql<{ userId: number; karma: number }>`
    select u.id as user_id,
      (coalesce(c.comments, 0) * ${perComment} + coalesce(l.likes, 0) * ${perGoodPoint}
        + coalesce(p.minds, 0) * ${perMindChanged})::int as karma
    from users u
    left join (
      select author_id, count(*)::int as comments from comments where not deleted group by author_id
    ) c on c.author_id = u.id
    left join (
      select comments.author_id, count(*)::int as likes
      from comment_likes join comments on comments.id = comment_likes.comment_id
      where not comments.deleted group by comments.author_id
    ) l on l.author_id = u.id
    left join (
      select comments.author_id, count(*)::int as minds
      from persuasions join comments on comments.id = persuasions.comment_id
      where persuasions.withdrawn_at is null and not comments.deleted
      group by comments.author_id
    ) p on p.author_id = u.id
  `;
}

/** Members whose karma is not what their raw rows give (karmaFromRawRows). */
export async function findKarmaDrift(db: Db, amounts: KarmaAmounts) {
  const karma = await sql<{ id: number; username: string; stored: number; actual: number }>`
    select u.id, u.username, u.karma as stored, actual.karma as actual
    from users u
    join (${karmaFromRawRows(amounts)}) actual on actual.user_id = u.id
    where u.karma <> actual.karma
    order by u.id
  `.execute(db);
  return karma.rows;
}

/** Recomputes every member's karma from the raw comments and likes (the rows are the truth). */
export async function recomputeAllKarma(db: Db, amounts: KarmaAmounts) {
  await sql`
    update users set karma = actual.karma
    from (${karmaFromRawRows(amounts)}) actual
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
