import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export type ContributionTotals = {
  username: string;
  karma: number;
  /** Live, listed opinions written. */
  opinions: number;
  /** Votes on listed opinions: quiz answers are private report material, not public activity. */
  votes: number;
  /** Live comments written. */
  comments: number;
  /** Good points received on live comments (the same rows karma counts). */
  goodPoints: number;
  /** Live "this changed my mind" credits of live arguments (docs/decisions/077). */
  minds: number;
};

/** Members' counters from the raw rows, in one query; unknown members are left out. */
export async function countContributions(
  db: Db,
  userIds: readonly number[],
): Promise<Array<ContributionTotals & { userId: number }>> {
  if (userIds.length === 0) return [];
  const ids = [...userIds];
  // The votes are counted for all the members at once: counted member by member, each count
  // joined the listed opinions afresh (a scan of every opinion per member, ~1 ms each on the
  // embedded database, and the jobs worker checks members by the dozen while votes pour in).
  // Good points and credits are counted from each of the member's live comments through the
  // comment's index (comment_likes_pkey, persuasions_by_comment): joined to the member's comments,
  // the embedded database (whose statistics nothing refreshes) scanned every good point and every
  // credit of the site once per member, 2.3 ms a member, and a vote award's first check ran for
  // every new voter while votes poured in (docs/decisions/084-what-a-vote-costs.md).
  const result = await sql<ContributionTotals & { userId: number }>`
    select u.id as user_id, u.username, u.karma,
      (select count(*) from opinions o
        where o.author_id = u.id and o.listed and not o.deleted)::int as opinions,
      coalesce(listed_votes.votes, 0)::int as votes,
      coalesce(written.comments, 0)::int as comments,
      coalesce(written.good_points, 0)::int as good_points,
      coalesce(written.minds, 0)::int as minds
    from users u
    left join (
      select v.user_id, count(*) as votes
      from votes v join opinions o on o.id = v.opinion_id and o.listed
      where v.user_id = any(${ids}::integer[])
      group by v.user_id
    ) listed_votes on listed_votes.user_id = u.id
    left join lateral (
      select count(*) as comments,
        sum((select count(*) from comment_likes l where l.comment_id = c.id)) as good_points,
        sum((select count(*) from persuasions p
          where p.comment_id = c.id and p.withdrawn_at is null)) as minds
      from comments c
      where c.author_id = u.id and not c.deleted
    ) written on true
    where u.id = any(${ids}::integer[]) and u.erased_at is null
  `.execute(db);
  return result.rows;
}

export async function listReachedMilestones(db: Db, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('userMilestones')
    .select(['userId', 'family', 'threshold', 'reachedAt'])
    .where('userId', 'in', userIds)
    .orderBy('reachedAt')
    .orderBy('threshold')
    .execute();
}

/**
 * Records milestones as reached; returns only those this call recorded. The primary key makes a
 * concurrent second check record (and so notify) nothing.
 */
export async function insertReachedMilestones(
  db: Db,
  milestones: readonly { userId: number; family: string; threshold: number }[],
) {
  if (milestones.length === 0) return [];
  return db
    .insertInto('userMilestones')
    .values([...milestones])
    .onConflict((conflict) => conflict.columns(['userId', 'family', 'threshold']).doNothing())
    .returning(['userId', 'family', 'threshold'])
    .execute();
}

export async function insertMilestoneNotifications(
  db: Db,
  rows: readonly {
    userId: number;
    actionName: string;
    argsJson: Record<string, unknown>;
    artifactTitle: string;
    url: string;
    body: string;
    dedupeKey: string;
  }[],
) {
  if (rows.length === 0) return;
  await db
    .insertInto('notifications')
    .values(
      rows.map((row) => ({
        userId: row.userId,
        kind: 'Milestone',
        actionName: row.actionName,
        argsJson: JSON.stringify(row.argsJson),
        artifactTitle: row.artifactTitle,
        url: row.url,
        body: row.body,
        actorId: null,
        dedupeKey: row.dedupeKey,
      })),
    )
    .onConflict((conflict) => conflict.column('dedupeKey').doNothing())
    .execute();
  await db
    .updateTable('users')
    .set({ newNotification: true })
    .where('id', 'in', [...new Set(rows.map((row) => row.userId))])
    .execute();
}

export async function listUserIds(db: Db) {
  return db.selectFrom('users').select('id').orderBy('id').execute();
}
