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
};

/** The member's counters from the raw rows; undefined for an unknown member. */
export async function countContributions(
  db: Db,
  userId: number,
): Promise<ContributionTotals | undefined> {
  const result = await sql<ContributionTotals>`
    select u.username, u.karma,
      (select count(*) from opinions o
        where o.author_id = u.id and o.listed and not o.deleted)::int as opinions,
      (select count(*) from votes v join opinions o on o.id = v.opinion_id
        where v.user_id = u.id and o.listed)::int as votes,
      (select count(*) from comments c where c.author_id = u.id and not c.deleted)::int as comments,
      (select count(*) from comment_likes l join comments c on c.id = l.comment_id
        where c.author_id = u.id and not c.deleted)::int as good_points
    from users u
    where u.id = ${userId}
  `.execute(db);
  return result.rows[0];
}

export async function listReachedMilestones(db: Db, userId: number) {
  return db
    .selectFrom('userMilestones')
    .select(['family', 'threshold', 'reachedAt'])
    .where('userId', '=', userId)
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
  userId: number,
  milestones: readonly { family: string; threshold: number }[],
) {
  if (milestones.length === 0) return [];
  return db
    .insertInto('userMilestones')
    .values(milestones.map((milestone) => ({ userId, ...milestone })))
    .onConflict((conflict) => conflict.columns(['userId', 'family', 'threshold']).doNothing())
    .returning(['family', 'threshold'])
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
    .where('id', '=', rows[0]!.userId)
    .execute();
}

/** True when a check for the member is queued and not yet picked up by a worker. */
export async function listUserIds(db: Db) {
  return db.selectFrom('users').select('id').orderBy('id').execute();
}
