import { sql, type RawBuilder } from 'kysely';
import { inTransaction, lockDerivedRows, lockDerivedTable, type Db } from '../../db/database.ts';
import type { DemographicAnswers } from '../../db/schema.ts';
import {
  refreshMemberInsightsJobKind,
  refreshOpinionInsightsJobKind,
} from './insights.job-kind.ts';

/*
 * The insights' derived tables (docs/decisions/052-insights-and-stored-groups.md): per listed
 * opinion, demographic field, answer and rating, a count of voters; per topic, the stored opinion
 * groups. The counts move by difference (docs/decisions/075-insights-by-difference.md): the vote
 * batch logs each vote's move in opinion_insight_moves and the counts take the moves later, many
 * at a time (fold_insight_moves, docs/decisions/096-insight-moves-folded-later.md); every reader
 * here adds the moves still waiting, so the counts read include every committed vote. A member's
 * new personal details, the seeds and a repair recount them from votes ⨝ demographics here, so a
 * recount is right whatever happened before. Which answer of a member counts under which field is
 * the database's insight_answers (server/db/functions/insight-answers.sql), for all of them.
 */

/**
 * The counts as votes ⨝ demographics give them now, as the table holds them: one row per
 * (opinion, field, answer) with a count per rating (votes1..votes5), listed opinions only, for one
 * opinion or (null) all.
 */
function rawInsightCounts(opinionId: number | null): RawBuilder<unknown> {
  return sql`
    select v.opinion_id, a.field, a.answer,
      count(*) filter (where v.rating = 1)::integer as votes1,
      count(*) filter (where v.rating = 2)::integer as votes2,
      count(*) filter (where v.rating = 3)::integer as votes3,
      count(*) filter (where v.rating = 4)::integer as votes4,
      count(*) filter (where v.rating = 5)::integer as votes5
    from votes v
    join opinions o on o.id = v.opinion_id and o.listed
    join demographics d on d.user_id = v.user_id
    cross join lateral insight_answers(d) a
    ${opinionId === null ? sql`` : sql`where v.opinion_id = ${opinionId}`}
    group by v.opinion_id, a.field, a.answer
  `;
}

/**
 * The counts as readers take them: the stored rows with the moves still waiting added, summed per
 * (opinion, field, answer), for the given opinions or (null) all. A waiting move counts under its
 * member's answers now, as the fold will count it.
 */
function storedInsightCounts(opinionIds: readonly number[] | null): RawBuilder<unknown> {
  return sql`
    select s.opinion_id, s.field, s.answer,
      sum(s.votes1)::integer as votes1, sum(s.votes2)::integer as votes2,
      sum(s.votes3)::integer as votes3, sum(s.votes4)::integer as votes4,
      sum(s.votes5)::integer as votes5
    from (
      select c.opinion_id, c.field, c.answer, c.votes1, c.votes2, c.votes3, c.votes4, c.votes5
      from opinion_insight_counts c
      ${opinionIds === null ? sql`` : sql`where c.opinion_id = any(${[...opinionIds]}::integer[])`}
      union all
      select m.opinion_id, a.field, a.answer,
        (m.to_rating = 1)::int - coalesce((m.from_rating = 1)::int, 0),
        (m.to_rating = 2)::int - coalesce((m.from_rating = 2)::int, 0),
        (m.to_rating = 3)::int - coalesce((m.from_rating = 3)::int, 0),
        (m.to_rating = 4)::int - coalesce((m.from_rating = 4)::int, 0),
        (m.to_rating = 5)::int - coalesce((m.from_rating = 5)::int, 0)
      from opinion_insight_moves m
      join opinions o on o.id = m.opinion_id and o.listed
      join demographics d on d.user_id = m.user_id
      cross join lateral insight_answers(d) a
      ${opinionIds === null ? sql`` : sql`where m.opinion_id = any(${[...opinionIds]}::integer[])`}
    ) s
    group by s.opinion_id, s.field, s.answer
  `;
}

const insertInsightCounts = sql`
  insert into opinion_insight_counts (opinion_id, field, answer, votes1, votes2, votes3, votes4, votes5)
`;

/**
 * Replaces one opinion's insight counts with those of its votes now (none when it is unlisted),
 * and drops its waiting moves, which those votes include. The opinion's row is locked first, as a
 * vote batch and a fold lock it before they log or fold its moves: each waits for the recount, or
 * the recount for it, never half of each.
 */
export async function refreshInsightCounts(db: Db, opinionId: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx
      .selectFrom('opinions')
      .select('id')
      .where('id', '=', opinionId)
      .forNoKeyUpdate()
      .execute();
    await trx.deleteFrom('opinionInsightMoves').where('opinionId', '=', opinionId).execute();
    await trx.deleteFrom('opinionInsightCounts').where('opinionId', '=', opinionId).execute();
    await sql`${insertInsightCounts} ${rawInsightCounts(opinionId)}`.execute(trx);
  });
}

/** Rebuilds every opinion's insight counts from scratch. */
export async function rebuildInsightCounts(db: Db): Promise<void> {
  await inTransaction(db, async (trx) => {
    // Vote batches (logging moves) and folds wait until the rebuild is in; readers do not. The
    // moves first, in the order a fold takes them: a fold holding moves would otherwise wait for
    // the counts while the rebuild waits for its moves.
    await lockDerivedTable(trx, 'opinion_insight_moves');
    await lockDerivedTable(trx, 'opinion_insight_counts');
    await trx.deleteFrom('opinionInsightMoves').execute();
    await trx.deleteFrom('opinionInsightCounts').execute();
    await sql`${insertInsightCounts} ${rawInsightCounts(null)}`.execute(trx);
  });
}

/**
 * Counts where the stored insight counts (with the moves waiting) and the raw votes disagree
 * (verify-counts), one per (opinion, field, answer, rating): none when right.
 */
export async function findInsightCountDrift(db: Db) {
  const result = await sql<{
    opinionId: number;
    field: string;
    answer: string;
    rating: number;
    stored: number;
    actual: number;
  }>`
    select coalesce(s.opinion_id, r.opinion_id) as opinion_id,
      coalesce(s.field, r.field) as field, coalesce(s.answer, r.answer) as answer,
      x.rating, x.stored, x.actual
    from (${storedInsightCounts(null)}) s
    full join (${rawInsightCounts(null)}) r
      on r.opinion_id = s.opinion_id and r.field = s.field and r.answer = s.answer
    cross join lateral (values
      (1, coalesce(s.votes1, 0), coalesce(r.votes1, 0)),
      (2, coalesce(s.votes2, 0), coalesce(r.votes2, 0)),
      (3, coalesce(s.votes3, 0), coalesce(r.votes3, 0)),
      (4, coalesce(s.votes4, 0), coalesce(r.votes4, 0)),
      (5, coalesce(s.votes5, 0), coalesce(r.votes5, 0))
    ) as x (rating, stored, actual)
    where x.stored <> x.actual
    order by 1, 2, 3, 4
  `.execute(db);
  return result.rows;
}

/** One insight count: the voters with this answer to this field who gave this rating. */
export type InsightCount = { field: string; answer: string; rating: number; votes: number };

/** An opinion's insight counts, one per (field, answer, rating) that has voters. */
export async function listInsightCounts(db: Db, opinionId: number): Promise<InsightCount[]> {
  return (await listInsightCountsOfOpinions(db, [opinionId])).get(opinionId) ?? [];
}

/**
 * The opinions' insight counts by opinion (an opinion without any is missing): the stored counts
 * with the moves still waiting added. Read as one row per answer and split by rating here: five
 * times fewer rows for the embedded database to write out and for its client to parse.
 */
export async function listInsightCountsOfOpinions(
  db: Db,
  opinionIds: readonly number[],
): Promise<Map<number, InsightCount[]>> {
  const byOpinion = new Map<number, InsightCount[]>();
  if (opinionIds.length === 0) return byOpinion;
  const result = await sql<{
    opinionId: number;
    field: string;
    answer: string;
    votes1: number;
    votes2: number;
    votes3: number;
    votes4: number;
    votes5: number;
  }>`select c.opinion_id, c.field, c.answer, c.votes1, c.votes2, c.votes3, c.votes4, c.votes5
    from (${storedInsightCounts(opinionIds)}) c`.execute(db);
  for (const row of result.rows) {
    let counts = byOpinion.get(row.opinionId);
    if (!counts) byOpinion.set(row.opinionId, (counts = []));
    [row.votes1, row.votes2, row.votes3, row.votes4, row.votes5].forEach((votes, index) => {
      if (votes > 0)
        counts.push({ field: row.field, answer: row.answer, rating: index + 1, votes });
    });
  }
  return byOpinion;
}

/**
 * Folds the opinions' waiting insight moves into their stored counts (fold-insight-moves.sql);
 * answers how many moves it folded. What readers see does not change: they added the moves before.
 */
export async function foldInsightMoves(db: Db, opinionIds: readonly number[]): Promise<number> {
  if (opinionIds.length === 0) return 0;
  const result = await sql<{ folded: number }>`
    select fold_insight_moves(${[...opinionIds]}::integer[]) as folded
  `.execute(db);
  return result.rows[0]?.folded ?? 0;
}

/**
 * Gives back the space of folded moves where no autovacuum runs (the embedded database, or a
 * PostgreSQL server with it off): without it the log's table and index would grow with every vote
 * ever cast.
 */
export async function vacuumInsightMoves(db: Db): Promise<void> {
  await sql`vacuum opinion_insight_moves`.execute(db);
}

/** The opinion as insights need it: its counters, whether it is listed, its tidbit. */
export async function findOpinionForInsights(db: Db, opinionId: number) {
  return (await findOpinionsForInsights(db, [opinionId]))[0];
}

/** The opinions as insights need them (findOpinionForInsights), in id order; missing ones left out. */
export async function findOpinionsForInsights(db: Db, opinionIds: readonly number[]) {
  if (opinionIds.length === 0) return [];
  return db
    .selectFrom('opinions')
    .select([
      'id',
      'listed',
      'deleted',
      'authorId',
      'votes1',
      'votes2',
      'votes3',
      'votes4',
      'votes5',
      'tidbit',
    ])
    .where('id', '=', sql<number>`any(${[...opinionIds]}::integer[])`)
    .orderBy('id')
    .execute();
}

/**
 * What personal insights need of a member, in one round trip: their personal details (null
 * without, or without consent) and their group in every topic where they are grouped.
 */
export async function findMemberForInsights(db: Db, userId: number) {
  const result = await sql<
    DemographicAnswers & {
      hasDetails: boolean;
      groups: { topicId: number; groupId: number }[] | null;
    }
  >`
    select d.user_id is not null as has_details, d.gender, d.birth_year, d.nationality,
      d.education, d.marital_status, d.household_income, d.sexual_orientation, d.religion,
      d.political_spectrum, d.num_children,
      (
        select json_agg(json_build_object('topicId', m.topic_id, 'groupId', m.group_id))
        from topic_group_members m where m.user_id = ${userId}
      ) as groups
    from (select 1) as one
    left join demographics d on d.user_id = ${userId} and d.consent <> ''
  `.execute(db);
  const { hasDetails, groups, ...details } = result.rows[0]!;
  return { demographics: hasDetails ? details : null, groups: groups ?? [] };
}

/** Stores the opinions' tidbits (JSON, or null for none), in one statement. */
export async function setTidbits(
  db: Db,
  tidbits: readonly { opinionId: number; tidbit: string | null }[],
): Promise<void> {
  if (tidbits.length === 0) return;
  await sql`
    update opinions o set tidbit = t.tidbit::jsonb
    from unnest(
      ${tidbits.map((entry) => entry.opinionId)}::integer[],
      ${tidbits.map((entry) => entry.tidbit)}::text[]
    ) as t (opinion_id, tidbit)
    where o.id = t.opinion_id
  `.execute(db);
}

export async function listListedOpinionIds(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('opinions')
    .select('id')
    .where('listed', '=', true)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** The topics an opinion belongs to, in id order. */
export async function listTopicIdsOfOpinion(db: Db, opinionId: number): Promise<number[]> {
  return listTopicIdsOfOpinions(db, [opinionId]);
}

/** The topics any of the opinions belongs to, each once, in id order. */
export async function listTopicIdsOfOpinions(
  db: Db,
  opinionIds: readonly number[],
): Promise<number[]> {
  if (opinionIds.length === 0) return [];
  const rows = await db
    .selectFrom('opinionTopics')
    .select('topicId')
    .distinct()
    .where('opinionId', '=', sql<number>`any(${[...opinionIds]}::integer[])`)
    .orderBy('topicId')
    .execute();
  return rows.map((row) => row.topicId);
}

export async function listTopicIds(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('topics').select('id').orderBy('id').execute();
  return rows.map((row) => row.id);
}

export async function findTopicBySlug(db: Db, slug: string) {
  return db
    .selectFrom('topics')
    .select(['id', 'slug', 'title'])
    .where('slug', '=', slug)
    .executeTakeFirst();
}

/** Every vote on a topic's listed, live opinions: the grouping's input. */
export async function listTopicVotes(db: Db, topicId: number) {
  return db
    .selectFrom('votes')
    .innerJoin('opinionTopics', 'opinionTopics.opinionId', 'votes.opinionId')
    .innerJoin('opinions', 'opinions.id', 'votes.opinionId')
    .select(['votes.userId', 'votes.opinionId', 'votes.rating'])
    .where('opinionTopics.topicId', '=', topicId)
    .where('opinions.listed', '=', true)
    .where('opinions.deleted', '=', false)
    .orderBy('votes.userId')
    .orderBy('votes.opinionId')
    .execute();
}

/**
 * A topic's votes now and how many of them were cast or changed after `since` (all of them when
 * `since` is null): the "changed enough" rule's inputs.
 */
export async function countTopicVotes(db: Db, topicId: number, since: Date | null) {
  const row = await sql<{ total: number; changed: number }>`
    select count(*)::integer as total,
      count(*) filter (where ${since === null ? sql`true` : sql`v.updated_at > ${since}`})::integer
        as changed
    from votes v
    join opinion_topics ot on ot.opinion_id = v.opinion_id
    join opinions o on o.id = v.opinion_id and o.listed and not o.deleted
    where ot.topic_id = ${topicId}
  `.execute(db);
  return row.rows[0] ?? { total: 0, changed: 0 };
}

export async function findGrouping(db: Db, topicId: number) {
  return db
    .selectFrom('topicGroupings')
    .selectAll()
    .where('topicId', '=', topicId)
    .executeTakeFirst();
}

export async function listGroups(db: Db, topicIds: readonly number[]) {
  if (topicIds.length === 0) return [];
  return db
    .selectFrom('topicGroups')
    .selectAll()
    .where('topicId', 'in', topicIds)
    .orderBy('topicId')
    .orderBy('groupId')
    .execute();
}

export async function listGroupMembers(db: Db, topicId: number) {
  return db
    .selectFrom('topicGroupMembers')
    .select(['userId', 'groupId', 'x', 'y'])
    .where('topicId', '=', topicId)
    .orderBy('userId')
    .execute();
}

/**
 * Per group of the given topics, the votes of its members on one opinion: counts of ratings 1..5
 * (the groups' columns of an opinion page).
 */
export async function countGroupVotesOnOpinion(
  db: Db,
  opinionId: number,
  topicIds: readonly number[],
) {
  if (topicIds.length === 0) return [];
  const result = await sql<{ topicId: number; groupId: number; rating: number; votes: number }>`
    select m.topic_id, m.group_id, v.rating, count(*)::integer as votes
    from topic_group_members m
    join votes v on v.user_id = m.user_id and v.opinion_id = ${opinionId}
    where m.topic_id in (${sql.join(topicIds)})
    group by m.topic_id, m.group_id, v.rating
  `.execute(db);
  return result.rows;
}

export async function findTopicsByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('topics').select(['id', 'slug', 'title']).where('id', 'in', ids).execute();
}

export async function findOpinionTitles(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('opinions')
    .select(['id', 'slug', 'title', 'deleted'])
    .where('id', 'in', ids)
    .execute();
}

export type StoredGrouping = {
  checkedAt: Date;
  votesAtCheck: number;
  computedAt: Date | null;
  consensus: { opinionId: number; agree: number }[];
  divisive: { opinionId: number }[];
  groups: {
    id: number;
    size: number;
    representative: {
      opinionId: number;
      agree: number;
      disagree: number;
      direction: 'agree' | 'disagree';
    }[];
  }[];
  members: { userId: number; groupId: number; x: number; y: number }[];
};

/**
 * Replaces a topic's stored grouping in one transaction. With `computedAt` null (too few voters
 * or no split with every group large enough) the check is recorded and nothing is published.
 */
export async function storeGrouping(db: Db, topicId: number, grouping: StoredGrouping) {
  await inTransaction(db, async (trx) => {
    await lockDerivedRows(trx, 'topicGrouping', topicId);
    await trx.deleteFrom('topicGroupMembers').where('topicId', '=', topicId).execute();
    await trx.deleteFrom('topicGroups').where('topicId', '=', topicId).execute();
    await trx
      .insertInto('topicGroupings')
      .values({
        topicId,
        checkedAt: grouping.checkedAt,
        votesAtCheck: grouping.votesAtCheck,
        computedAt: grouping.computedAt,
        consensus: JSON.stringify(grouping.consensus),
        divisive: JSON.stringify(grouping.divisive),
      })
      .onConflict((conflict) =>
        conflict.column('topicId').doUpdateSet((eb) => ({
          checkedAt: eb.ref('excluded.checkedAt'),
          votesAtCheck: eb.ref('excluded.votesAtCheck'),
          computedAt: eb.ref('excluded.computedAt'),
          consensus: eb.ref('excluded.consensus'),
          divisive: eb.ref('excluded.divisive'),
        })),
      )
      .execute();
    if (grouping.groups.length > 0) {
      await trx
        .insertInto('topicGroups')
        .values(
          grouping.groups.map((group) => ({
            topicId,
            groupId: group.id,
            size: group.size,
            representative: JSON.stringify(group.representative),
          })),
        )
        .execute();
    }
    for (let start = 0; start < grouping.members.length; start += 1000) {
      await trx
        .insertInto('topicGroupMembers')
        .values(
          grouping.members.slice(start, start + 1000).map((member) => ({ topicId, ...member })),
        )
        .execute();
    }
  });
}

/** Queues a job unless one of its dedupe key waits; `runAt` for a later run. */
export async function enqueueUniqueJobAt(
  db: Db,
  kind: string,
  payload: Record<string, unknown>,
  dedupeKey: string,
  runAt: Date,
): Promise<void> {
  await db
    .insertInto('jobs')
    .values({ kind, payload: JSON.stringify(payload), dedupeKey, runAt })
    .onConflict((conflict) =>
      conflict
        .column('dedupeKey')
        .where('doneAt', 'is', null)
        .where('attempts', '=', 0)
        .doNothing(),
    )
    .execute();
}

/** Queues the insight refresh of every listed opinion a member voted on (one waiting per opinion). */
export async function enqueueRefreshOfMemberOpinions(db: Db, userId: number, kind: string) {
  await sql`
    insert into jobs (kind, payload, dedupe_key)
    select ${kind}, jsonb_build_object('opinionId', v.opinion_id), ${kind} || ':' || v.opinion_id
    from votes v join opinions o on o.id = v.opinion_id and o.listed
    where v.user_id = ${userId}
    order by v.opinion_id
    on conflict (dedupe_key) where done_at is null and attempts = 0 do nothing
  `.execute(db);
}

/**
 * Before a member's votes are erased, in the erasing transaction: when the recount their changed
 * personal details queued (refresh-member-insights, which finds the opinions through the member's
 * votes) has not run yet, queues it now for each opinion they voted on, while the votes still say
 * which. Their counts are still under the answers they gave before, which the erasure, lowering
 * counts under their current answers, cannot reach (docs/decisions/083).
 */
export async function queuePendingRecountsOfMember(db: Db, userId: number) {
  const pending = await db
    .selectFrom('jobs')
    .select('id')
    .where('dedupeKey', '=', `${refreshMemberInsightsJobKind}:${userId}`)
    .where('doneAt', 'is', null)
    .executeTakeFirst();
  if (pending) await enqueueRefreshOfMemberOpinions(db, userId, refreshOpinionInsightsJobKind);
}
