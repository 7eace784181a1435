import { sql } from 'kysely';
import { inTransaction, type Db } from '../../db/database.ts';

/** Of the demo's voters who stand where an argument by someone else argues, the share persuaded. */
export const demoPersuadedShare = 0.35;

/**
 * The demo's changes of mind (docs/decisions/077-minds-changed.md), so that history, "Changed N
 * minds", the Most persuasive sort and Movement are not empty on a fresh start. Seeded votes are
 * written directly (they bypass the vote function), so the changes are written here the way the
 * vote would have: of the members whose vote stands on the side of a live argument For or Against
 * by someone else, a share (drawn with `next`) came from the other side of the scale on the day
 * they voted, and credit that side's most liked argument. Counts and karma are then the raw rows'
 * (the seed recomputes karma afterwards). Returns how many minds changed.
 */
export async function seedDemoChangesOfMind(db: Db, next: () => number): Promise<number> {
  const candidates = await sql<{
    userId: number;
    opinionId: number;
    rating: number;
    updatedAt: Date;
    commentId: number;
    side: 'pro' | 'con';
  }>`
    select distinct on (v.user_id, v.opinion_id)
      v.user_id, v.opinion_id, v.rating, v.updated_at, c.id as comment_id,
      c.response_type as side
    from votes v
    join opinions o on o.id = v.opinion_id and o.listed and not o.deleted
    join comments c on c.opinion_id = v.opinion_id and c.parent_id is null and not c.deleted
      and c.hidden_at is null and c.author_id <> v.user_id
      and ((c.response_type = 'pro' and v.rating <= 2) or (c.response_type = 'con' and v.rating >= 4))
    order by v.user_id, v.opinion_id, c.like_count desc, c.id
  `.execute(db);
  const chosen = candidates.rows.filter(() => next() < demoPersuadedShare);
  if (chosen.length === 0) return 0;
  await inTransaction(db, async (trx) => {
    for (let start = 0; start < chosen.length; start += 500) {
      const batch = chosen.slice(start, start + 500);
      // From the other side of the scale: Disagree to an Agree (or Strongly), and back.
      const rows = batch.map((row) => ({
        ...row,
        fromRating: row.side === 'pro' ? 4 : 2,
      }));
      const changes = await trx
        .insertInto('voteChanges')
        .values(
          rows.map((row) => ({
            userId: row.userId,
            opinionId: row.opinionId,
            fromRating: row.fromRating,
            toRating: row.rating,
            changedAt: row.updatedAt,
          })),
        )
        .returning(['id', 'userId', 'opinionId'])
        .execute();
      const changeOf = new Map(
        changes.map((change) => [`${change.userId}:${change.opinionId}`, change.id]),
      );
      await trx
        .insertInto('persuasions')
        .values(
          rows.map((row) => ({
            userId: row.userId,
            opinionId: row.opinionId,
            commentId: row.commentId,
            changeId: changeOf.get(`${row.userId}:${row.opinionId}`)!,
            side: row.side,
            fromRating: row.fromRating,
            createdAt: row.updatedAt,
          })),
        )
        .execute();
    }
    await sql`
      update comments c set persuaded_count = p.credits
      from (select comment_id, count(*)::int as credits from persuasions
        where withdrawn_at is null group by comment_id) p
      where c.id = p.comment_id
    `.execute(trx);
  });
  return chosen.length;
}
