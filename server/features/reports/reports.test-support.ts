import { sql } from 'kysely';
import { inTransaction, type Db } from '../../db/database.ts';
import type { SubscriptionStatus } from '../../../contract/payments.base.ts';
import type { Report } from '../instruments/instruments.content.ts';
import { getInstrumentContent } from '../instruments/instruments.content.ts';
import { seedInstrumentAnswers } from '../instruments/instruments.seed.ts';

/*
 * Test helpers of the reports feature: the quiz items as opinions, and members' answers written
 * as their votes on them, with the items' vote counters recounted from the raw votes.
 */

export const content = getInstrumentContent();

/** Makes every quiz item's opinion (no votes); returns item id → opinion id. */
export async function createQuizItems(db: Db): Promise<Map<string, number>> {
  await seedInstrumentAnswers(db, []);
  const rows = await db.selectFrom('instrumentItems').select(['itemId', 'opinionId']).execute();
  return new Map(rows.map((row) => [row.itemId, row.opinionId]));
}

/** Records one member's answers (item id → rating 1–5) as votes, in one statement. */
export async function answerItems(
  db: Db,
  opinionIds: ReadonlyMap<string, number>,
  userId: number,
  answers: ReadonlyMap<string, number>,
): Promise<void> {
  await answerItemsForMany(db, opinionIds, [{ userId, answers }]);
}

/** Records many members' answers, in statements of at most 2,000 votes. */
export async function answerItemsForMany(
  db: Db,
  opinionIds: ReadonlyMap<string, number>,
  members: readonly { userId: number; answers: ReadonlyMap<string, number> }[],
): Promise<void> {
  const rows = members.flatMap(({ userId, answers }) =>
    [...answers].map(([itemId, rating]) => {
      const opinionId = opinionIds.get(itemId);
      if (opinionId === undefined) throw new Error(`no opinion for item ${itemId}`);
      return { userId, opinionId, rating };
    }),
  );
  await inTransaction(db, async (trx) => {
    for (let start = 0; start < rows.length; start += 2000) {
      await trx
        .insertInto('votes')
        .values(rows.slice(start, start + 2000))
        .execute();
    }
    // The counters follow the raw votes, so a later vote through the app can move them.
    await sql`
      update opinions set
        votes1 = counts.votes1, votes2 = counts.votes2, votes3 = counts.votes3,
        votes4 = counts.votes4, votes5 = counts.votes5
      from (
        select items.opinion_id,
          count(*) filter (where votes.rating = 1)::int as votes1,
          count(*) filter (where votes.rating = 2)::int as votes2,
          count(*) filter (where votes.rating = 3)::int as votes3,
          count(*) filter (where votes.rating = 4)::int as votes4,
          count(*) filter (where votes.rating = 5)::int as votes5
        from instrument_items items
        join votes on votes.opinion_id = items.opinion_id
        group by items.opinion_id
      ) as counts
      where opinions.id = counts.opinion_id
    `.execute(trx);
  });
}

/** Every item of a report with the rating `rate(item)` gives it. */
export function answersFor(
  report: Report,
  rate: (item: Report['elements'][number]['items'][number], index: number) => number,
): Map<string, number> {
  const items = report.elements.flatMap((element) => element.items);
  return new Map(items.map((item, index) => [item.id, rate(item, index)] as const));
}

/** Creates `count` members in one statement; returns their ids. */
export async function createMembers(db: Db, prefix: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const rows = await db
    .insertInto('users')
    .values(
      Array.from({ length: count }, (_, index) => ({
        username: `${prefix}${index}`,
        email: `${prefix}${index}@example.test`,
        passwordHash: null,
        role: null,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Sets a member's subscription status in the database, as a verified Stripe event would
 * (server/features/payments, docs/decisions/049): for tests about what a status opens, not how
 * it is paid for. The write to `users` is the members cache's change note, as a payment's is.
 */
export async function setSubscriptionStatus(
  db: Db,
  userId: number,
  status: SubscriptionStatus,
): Promise<void> {
  const result = await db
    .updateTable('users')
    .set({ subscriptionStatus: status })
    .where('id', '=', userId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new Error(`no member ${userId}`);
}
