import { sql, type RawBuilder } from 'kysely';
import type { DemographicFilterField } from '../../../contract/analytics.ts';
import { generationOptions } from '../../../contract/demographics.base.ts';
import { generationOfSql } from '../demographics/index.ts';
import { inTransaction, lockDerivedTable, type Db } from '../../db/database.ts';
import type { ParsedFilters } from './filters.ts';

/*
 * Every query of the staff analytics (docs/decisions/054-staff-filters-and-exports.md), and the one
 * place the staff filters become SQL. Values always travel as parameters; the only text spliced
 * in is a column name from the fixed table below.
 */

/** The demographics column of each stored field (generation is read from birth_year). */
const demographicColumns = {
  gender: 'd.gender',
  nationality: 'd.nationality',
  education: 'd.education',
  maritalStatus: 'd.marital_status',
  householdIncome: 'd.household_income',
  sexualOrientation: 'd.sexual_orientation',
  religion: 'd.religion',
  politicalSpectrum: 'd.political_spectrum',
  numChildren: 'd.num_children',
} as const satisfies Record<Exclude<DemographicFilterField, 'generation'>, string>;

const numericFields = new Set<DemographicFilterField>([
  'education',
  'householdIncome',
  'politicalSpectrum',
  'numChildren',
]);

/** A field's answer as text, as the query string writes it (generation from the birth year). */
function answerExpression(field: DemographicFilterField): RawBuilder<string | null> {
  if (field === 'generation') return generationOfSql(sql.ref('d.birth_year'));
  return sql<string | null>`${sql.raw(demographicColumns[field])}::text`;
}

/** The condition of no filter. */
const noCondition = sql<boolean>`true`;

/**
 * Where a member's scores on the filters' `scoresReport` are read from: `m.scores` when the query
 * reads `member_scores m` of that report already; otherwise their row, looked up.
 */
function scoresOf(filters: ParsedFilters, userId: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`(select ms.scores from member_scores ms
    where ms.user_id = ${userId} and ms.report = ${filters.scoresReport})`;
}

/**
 * The filters as one condition on a member, whose id is `userId`: their personal details, tag and
 * score ranges (`scores`: their scores on `filters.scoresReport`) and, with `answersOf`, the vote
 * date range as 'answered one of that report's quiz items in the range' (an opinion's own vote is
 * dated by voteDateCondition instead). With no filter it is `true`.
 */
function memberCondition(
  filters: ParsedFilters,
  userId: RawBuilder<unknown>,
  scores: RawBuilder<unknown>,
  answersOf?: string,
): RawBuilder<boolean> {
  const parts: RawBuilder<unknown>[] = [];
  const demographic: RawBuilder<unknown>[] = [];
  for (const [field, answers] of Object.entries(filters.demographics) as [
    DemographicFilterField,
    string[] | undefined,
  ][]) {
    if (!answers || answers.length === 0) continue;
    if (field === 'generation') {
      const ranges = generationOptions
        .filter((option) => answers.includes(option.value))
        .map((option) => sql`d.birth_year between ${option.from} and ${option.to}`);
      demographic.push(sql`(${sql.join(ranges, sql` or `)})`);
    } else {
      const values = numericFields.has(field) ? answers.map(Number) : answers;
      demographic.push(sql`${sql.raw(demographicColumns[field])} in (${sql.join(values)})`);
    }
  }
  if (demographic.length > 0) {
    parts.push(
      sql`exists (select 1 from demographics d where d.user_id = ${userId} and ${sql.join(demographic, sql` and `)})`,
    );
  }
  if (filters.usertag !== null) {
    parts.push(
      sql`exists (select 1 from user_tag_members t where t.user_id = ${userId} and t.tag_id = ${filters.usertag})`,
    );
  }
  filters.values.forEach((range, position) => {
    const index = filters.valueIndexes[position]!;
    parts.push(sql`${scores}[${index}::int] between ${range.min} and ${range.max}`);
  });
  if (answersOf !== undefined && (filters.dateFrom !== null || filters.dateTo !== null)) {
    // A report's quiz items have ids `<report>.<element>.<n>` (content/instruments).
    parts.push(
      sql`exists (select 1 from votes v join instrument_items i on i.opinion_id = v.opinion_id
        where v.user_id = ${userId} and i.item_id like ${`${answersOf}.%`}
          and ${voteDateCondition(filters)})`,
    );
  }
  if (parts.length === 0) return noCondition;
  return sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

/** Vote date range on `votes v`: the day of the vote's current rating, both ends included. */
function voteDateCondition(filters: ParsedFilters): RawBuilder<boolean> {
  const parts: RawBuilder<unknown>[] = [];
  if (filters.dateFrom !== null) parts.push(sql`v.updated_at >= ${filters.dateFrom}::date`);
  if (filters.dateTo !== null) {
    parts.push(sql`v.updated_at < (${filters.dateTo}::date + 1)`);
  }
  if (parts.length === 0) return sql<boolean>`true`;
  return sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

// ---------------------------------------------------------------------------------------------
// Member scores (derived).

export type MemberScoresRow = { report: string; userId: number; scores: (number | null)[] };

/** Replaces the scores of the members with ids in (after, upTo] at once. */
export async function replaceMemberScores(
  db: Db,
  after: number,
  upTo: number,
  rows: readonly MemberScoresRow[],
  computedAt: Date,
) {
  await inTransaction(db, async (trx) => {
    // Another process's run of the same range waits, then replaces what this one wrote.
    await lockDerivedTable(trx, 'member_scores');
    await trx
      .deleteFrom('memberScores')
      .where('userId', '>', after)
      .where('userId', '<=', upTo)
      .execute();
    for (let start = 0; start < rows.length; start += 1000) {
      await trx
        .insertInto('memberScores')
        .values(rows.slice(start, start + 1000).map((row) => ({ ...row, computedAt })))
        .execute();
    }
  });
}

/** Removes the scores of members past the last one (deleted accounts at the end of the id range). */
/** Refreshes the planner's statistics of the stored scores (the embedded database has no autovacuum). */
export async function analyzeMemberScores(db: Db) {
  await sql`analyze member_scores`.execute(db);
}

export async function deleteMemberScoresAfter(db: Db, after: number) {
  await db.deleteFrom('memberScores').where('userId', '>', after).execute();
}

/** When the member scores were last computed (their oldest row); null when there are none. */
export async function findMemberScoresAge(db: Db) {
  const row = await db
    .selectFrom('memberScores')
    .select((eb) => eb.fn.min('computedAt').as('oldest'))
    .executeTakeFirst();
  return row?.oldest ? new Date(row.oldest as unknown as string) : null;
}

// ---------------------------------------------------------------------------------------------
// Community averages.

export type MembersSummary = {
  /** Members with a row (a score on at least one entry). */
  members: number;
  /** Per entry: members with a score on it and, when asked for, the sum of their scores (0–100). */
  entries: { members: number; sum: number }[];
};

/**
 * The report's members matching the filters (all of them for null): how many, and per entry how
 * many have a score and (with `means`) its mean. The filter sits in the WHERE clause: one pass
 * over all members with `filter (where …)` on each aggregate measured 30 times slower at 100,000
 * members, the condition being evaluated once per aggregate.
 */
export async function summarizeReportMembers(
  db: Db,
  report: string,
  entryCount: number,
  filters: ParsedFilters | null,
  means: boolean,
): Promise<MembersSummary> {
  const condition = filters
    ? memberCondition(filters, sql`m.user_id`, sql`m.scores`, report)
    : noCondition;
  const columns = Array.from({ length: entryCount }, (_, index) => {
    const at = index + 1;
    const count = sql`count(m.scores[${at}::int])::int as ${sql.raw(`n${at}`)}`;
    if (!means) return count;
    return sql`${count},
      coalesce(sum(least(greatest(m.scores[${at}::int], 0), 100)), 0)::float8 as ${sql.raw(`a${at}`)}`;
  });
  const result = await sql<Record<string, number | null>>`
    select count(*)::int as members
      ${columns.length > 0 ? sql`, ${sql.join(columns)}` : sql``}
    from member_scores m
    where m.report = ${report} and ${condition}`.execute(db);
  const row = result.rows[0] ?? {};
  return {
    members: Number(row.members ?? 0),
    entries: Array.from({ length: entryCount }, (_, index) => ({
      members: Number(row[`n${index + 1}`] ?? 0),
      sum: Number(row[`a${index + 1}`] ?? 0),
    })),
  };
}

/** Whether the filters select every member (no condition at all). */
export function selectsEveryone(filters: ParsedFilters, report: string): boolean {
  return memberCondition(filters, sql`m.user_id`, sql`m.scores`, report) === noCondition;
}

/** Per demographic field and answer, the members with a score on the report who gave it. */
export async function countReportMembersByAnswer(
  db: Db,
  report: string,
  fields: readonly DemographicFilterField[],
) {
  const column = (field: DemographicFilterField) => sql.raw(`f${fields.indexOf(field)}`);
  const answers = fields.map((field) => sql`${answerExpression(field)} as ${column(field)}`);
  // The members' answers are read once; then one grouping per field.
  const selects = fields.map(
    (field) => sql`select ${field}::text as field, s.${column(field)} as answer,
        count(*)::int as members
      from s
      group by 2`,
  );
  const result = await sql<{ field: string; answer: string | null; members: number }>`
    with s as materialized (
      select ${sql.join(answers)}
      from member_scores m join demographics d on d.user_id = m.user_id
      where m.report = ${report}
    )
    ${sql.join(selects, sql` union all `)}`.execute(db);
  return result.rows.filter((row) => row.answer !== null) as {
    field: DemographicFilterField;
    answer: string;
    members: number;
  }[];
}

// ---------------------------------------------------------------------------------------------
// The CSV export: an aggregate table, never a row per member (docs/decisions/082).

export type ExportCell = {
  field: DemographicFilterField;
  answer: string;
  members: number;
  entries: { members: number; sum: number }[];
};

/**
 * Per demographic field and answer, the filtered members who gave it: how many, and per score
 * entry how many have a score and its sum (clamped to 0–100). The members are read once.
 */
export async function summarizeExportTable(
  db: Db,
  report: string,
  entryCount: number,
  filters: ParsedFilters,
  fields: readonly DemographicFilterField[],
): Promise<ExportCell[]> {
  const condition = memberCondition(filters, sql`m.user_id`, sql`m.scores`, report);
  const answers = fields.map(
    (field) => sql`${answerExpression(field)} as ${sql.raw(`f${fields.indexOf(field)}`)}`,
  );
  // Each entry's clamped score is read out of the array once per member, in the CTE: read in
  // each of the ten groupings' aggregates instead, the table of 90,000 members took 13–19 s on
  // PostgreSQL (1.3 s this way, the machine loaded alike).
  const entries = Array.from({ length: entryCount }, (_, index) => index + 1);
  const entryColumns = entries.map(
    (at) => sql`least(greatest(m.scores[${sql.lit(at)}::int], 0), 100) as ${sql.raw(`e${at}`)}`,
  );
  const aggregates = entries.map(
    (at) => sql`count(s.${sql.raw(`e${at}`)})::int as ${sql.raw(`n${at}`)},
      coalesce(sum(s.${sql.raw(`e${at}`)}), 0)::float8 as ${sql.raw(`a${at}`)}`,
  );
  const selects = fields.map(
    (
      field,
    ) => sql`select ${field}::text as field, s.${sql.raw(`f${fields.indexOf(field)}`)} as answer,
        count(*)::int as members ${aggregates.length > 0 ? sql`, ${sql.join(aggregates)}` : sql``}
      from s
      group by 2`,
  );
  const result = await sql<Record<string, unknown>>`
    with s as materialized (
      select ${sql.join([...entryColumns, ...answers])}
      from member_scores m left join demographics d on d.user_id = m.user_id
      where m.report = ${report} and ${condition}
    )
    ${sql.join(selects, sql` union all `)}`.execute(db);
  return result.rows
    .filter((row) => row.answer !== null)
    .map((row) => ({
      field: row.field as DemographicFilterField,
      answer: row.answer as string,
      members: Number(row.members),
      entries: Array.from({ length: entryCount }, (_, index) => ({
        members: Number(row[`n${index + 1}`] ?? 0),
        sum: Number(row[`a${index + 1}`] ?? 0),
      })),
    }));
}

// ---------------------------------------------------------------------------------------------
// All votes on one opinion.

export async function findListedOpinion(db: Db, slug: string) {
  return db
    .selectFrom('opinions')
    .select(['id', 'slug', 'title'])
    .where('slug', '=', slug)
    .where('deleted', '=', false)
    .executeTakeFirst();
}

/** The opinion's voters: how many match the filters (and date range) and how many in all, with the filtered ratings. */
/** The opinion's votes with `hit`: whether the voter matches the filters and the date range. */
function hitVotes(opinionId: number, filters: ParsedFilters) {
  return sql`select v.user_id, v.rating,
      (${memberCondition(filters, sql`v.user_id`, scoresOf(filters, sql`v.user_id`))}
        and ${voteDateCondition(filters)}) as hit
    from votes v where v.opinion_id = ${opinionId}
    offset 0`;
}

const ratingCounts = [1, 2, 3, 4, 5].map(
  (rating) =>
    sql`count(*) filter (where s.hit and s.rating = ${rating})::int as ${sql.raw(`r${rating}`)}`,
);

export async function countOpinionVotes(db: Db, opinionId: number, filters: ParsedFilters) {
  const result = await sql<Record<string, number>>`
    select count(*) filter (where s.hit)::int as voters,
      count(*)::int as all_voters,
      ${sql.join(ratingCounts)}
    from (${hitVotes(opinionId, filters)}) s`.execute(db);
  const row = result.rows[0] ?? {};
  return {
    voters: Number(row.voters ?? 0),
    allVoters: Number(row.allVoters ?? 0),
    ratings: [1, 2, 3, 4, 5].map((rating) => Number(row[`r${rating}`] ?? 0)),
  };
}

/**
 * Per demographic field and answer: the opinion's voters who gave it, filtered (with their five
 * rating counts) and in all.
 */
export async function countOpinionVotesByAnswer(
  db: Db,
  opinionId: number,
  filters: ParsedFilters,
  fields: readonly DemographicFilterField[],
) {
  // The voters with their answers and whether they match, once; then one grouping per field.
  const selects = fields.map(
    (
      field,
    ) => sql`select ${field}::text as field, s.${sql.raw(`f${fields.indexOf(field)}`)} as answer,
        count(*) filter (where s.hit)::int as voters, count(*)::int as all_voters,
        ${sql.join(ratingCounts)}
      from s
      group by 2`,
  );
  const answers = fields.map(
    (field) => sql`${answerExpression(field)} as ${sql.raw(`f${fields.indexOf(field)}`)}`,
  );
  const result = await sql<Record<string, unknown>>`
    with s as materialized (
      select v.rating, v.hit, ${sql.join(answers)}
      from (${hitVotes(opinionId, filters)}) v join demographics d on d.user_id = v.user_id
    )
    ${sql.join(selects, sql` union all `)}`.execute(db);
  return result.rows
    .filter((row) => row.answer !== null)
    .map((row) => ({
      field: row.field as DemographicFilterField,
      answer: row.answer as string,
      voters: Number(row.voters),
      allVoters: Number(row.allVoters),
      ratings: [1, 2, 3, 4, 5].map((rating) => Number(row[`r${rating}`])),
    }));
}

// ---------------------------------------------------------------------------------------------
// The topic report.

export async function findTopic(db: Db, slug: string) {
  return db
    .selectFrom('topics')
    .select(['id', 'slug', 'title'])
    .where('slug', '=', slug)
    .executeTakeFirst();
}

/** The next page of the topic's live opinions with their vote counts, by opinion id after `after`. */
export async function listTopicOpinionsPage(db: Db, topicId: number, after: number, limit: number) {
  return db
    .selectFrom('opinionTopics')
    .innerJoin('opinions', 'opinions.id', 'opinionTopics.opinionId')
    .select([
      'opinions.id',
      'opinions.slug',
      'opinions.title',
      'opinions.createdAt',
      'opinions.votes1',
      'opinions.votes2',
      'opinions.votes3',
      'opinions.votes4',
      'opinions.votes5',
    ])
    .where('opinionTopics.topicId', '=', topicId)
    .where('opinions.deleted', '=', false)
    .where('opinions.listed', '=', true)
    .where('opinions.id', '>', after)
    .orderBy('opinions.id')
    .limit(limit)
    .execute();
}

// ---------------------------------------------------------------------------------------------
// User tags.

export async function userTagExists(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('userTags').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}
