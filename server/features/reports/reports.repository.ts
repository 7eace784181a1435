import { inTransaction, lockDerivedTable, type Db } from '../../db/database.ts';

/** A member's answers to the quiz items: their votes on the items' opinions, by item id. */
export async function listMemberAnswers(db: Db, userId: number) {
  return db
    .selectFrom('instrumentItems')
    .innerJoin('votes', 'votes.opinionId', 'instrumentItems.opinionId')
    .select(['instrumentItems.itemId', 'votes.rating'])
    .where('votes.userId', '=', userId)
    .execute();
}

/** Which opinion answers each quiz item. */
export async function listItemOpinions(db: Db) {
  return db.selectFrom('instrumentItems').select(['itemId', 'opinionId']).execute();
}

/** Every member's answers to one report's items (item ids start with `<report>.`). */
/** Members' answers to every quiz item, for the members with ids in (after, upTo]. */
export async function listAnswersOfMembers(db: Db, after: number, upTo: number) {
  return db
    .selectFrom('votes')
    .innerJoin('instrumentItems', 'instrumentItems.opinionId', 'votes.opinionId')
    .select(['votes.userId', 'instrumentItems.itemId', 'votes.rating'])
    .where('votes.userId', '>', after)
    .where('votes.userId', '<=', upTo)
    .execute();
}

/** The id below which `count` members lie after `after` (the end of the next batch), or null at the end. */
export async function findMemberBatchEnd(db: Db, after: number, count: number) {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('id', '>', after)
    .orderBy('id')
    .limit(count)
    .execute();
  return rows.length === 0 ? null : rows[rows.length - 1]!.id;
}

export async function listNorms(db: Db) {
  return db
    .selectFrom('reportNorms')
    .select(['report', 'entryIndex', 'members', 'mean', 'sd', 'alpha', 'histogram', 'computedAt'])
    .orderBy('report')
    .orderBy('entryIndex')
    .execute();
}

/** When the norms were last computed (their oldest row) and how many rows there are. */
export async function findNormsAge(db: Db) {
  const row = await db
    .selectFrom('reportNorms')
    .select((eb) => [
      eb.fn.min('computedAt').as('oldest'),
      eb.fn.countAll<string | number>().as('rows'),
    ])
    .executeTakeFirstOrThrow();
  return { oldest: row.oldest as Date | null, rows: Number(row.rows) };
}

export type NormRow = {
  report: string;
  entryIndex: number;
  members: number;
  mean: number | null;
  sd: number | null;
  alpha: number | null;
  histogram: readonly number[];
};

/** Replaces every norm at once: readers see the old set or the new one, never a mix. */
export async function replaceNorms(db: Db, rows: readonly NormRow[], computedAt: Date) {
  await inTransaction(db, async (trx) => {
    // Another process computing the norms at the same time writes its set after this one.
    await lockDerivedTable(trx, 'report_norms');
    await trx.deleteFrom('reportNorms').execute();
    if (rows.length === 0) return;
    await trx
      .insertInto('reportNorms')
      .values(rows.map((row) => ({ ...row, histogram: [...row.histogram], computedAt })))
      .execute();
  });
}
