import { sql } from 'kysely';
import { insightFields, type InsightFieldKey } from '../../../contract/insights.base.ts';
import type {
  GroupOnOpinion,
  Insight,
  InsightMatrix,
  MapDot,
  getInsights as getInsightsCall,
  getTopicGroups as getTopicGroupsCall,
} from '../../../contract/insights.ts';
import type { z } from 'zod';
import { hasAutovacuum, isEmbeddedDatabase, type Db } from '../../db/database.ts';
import type { SessionUser } from '../../db/schema.ts';
import {
  enqueueUniqueJob,
  enqueueUniqueJobs,
  type BatchJobHandler,
  type JobHandler,
} from '../../jobs/queue.ts';
import { HttpError } from '../../http.ts';
import { announceChange } from '../../cache-changes.ts';
import { cachesPerDatabase, createReadCache } from '../../read-cache.ts';
import { composeResponseBody, shareResponseBody } from '../../serializer.ts';
import { computePercentages } from '../opinions/opinions.service.ts';
import { resolveSessionWithRating } from '../sessions/sessions.service.ts';
import {
  answersOf,
  countsByField,
  emptyCounts,
  shownAnswers,
  shownParts,
  sidesOf,
  stanceOf,
  sumOf,
  tidbitOf,
  type RatingCounts,
} from './insights.figures.ts';
import {
  groupPhrase,
  opinionGroupPhrase,
  personalText,
  type TidbitFacts,
} from './insights.wording.ts';
import {
  checkTopicGroupsJobKind,
  computeTopicGroupsJobKind,
  refreshMemberInsightsJobKind,
  refreshOpinionInsightsJobKind,
  refreshOpinionTidbitJobKind,
} from './insights.job-kind.ts';
import * as insightsRepository from './insights.repository.ts';
import { computeOpinionGroupsOf } from './opinion-groups.thread.ts';

/*
 * Insights and stored opinion groups: docs/decisions/052-insights-and-stored-groups.md. Requests
 * read only the derived tables; the jobs below keep them current.
 */

export {
  checkTopicGroupsJobKind,
  computeTopicGroupsJobKind,
  refreshMemberInsightsJobKind,
  refreshOpinionInsightsJobKind,
  refreshOpinionTidbitJobKind,
};

type InsightsAnswer = z.output<typeof getInsightsCall.response>;
type TopicGroupsAnswer = z.output<typeof getTopicGroupsCall.response>;

/** The "changed enough" rule for recomputing a topic's groups. */
export const groupingRule = {
  /** Recompute once this share of the votes at the last check is new or changed … */
  changedShare: 0.05,
  /** … or this many votes, whichever is fewer. */
  changedVotes: 50,
  /** Any change at all is taken into account at most this long after the last check. */
  maxDelayMs: 30 * 60_000,
} as const;

function countsOfOpinion(row: {
  votes1: number;
  votes2: number;
  votes3: number;
  votes4: number;
  votes5: number;
}): RatingCounts {
  return [row.votes1, row.votes2, row.votes3, row.votes4, row.votes5];
}

function notFoundOpinion(): HttpError {
  return new HttpError(404, 'There is no such opinion');
}

/** The matrix of the shown answers: every listed answer of a field (nationality: shown ones only). */
function matrixOf(
  byField: ReturnType<typeof countsByField>,
  shown: Map<InsightFieldKey, Set<string>>,
): InsightMatrix {
  const matrix: InsightMatrix = {};
  for (const field of insightFields) {
    const answers = byField.get(field.key) ?? new Map<string, RatingCounts>();
    const visible = shown.get(field.key) ?? new Set<string>();
    const entries: Record<string, number[] | null> = {};
    const keys =
      field.key === 'nationality' ? [...visible].sort() : field.answers.map((entry) => entry.value);
    for (const answer of keys) {
      const counts = answers.get(answer);
      entries[answer] = counts && visible.has(answer) ? computePercentages(counts) : null;
    }
    matrix[field.key] = entries;
  }
  return matrix;
}

/**
 * What every voter of an opinion sees alike, so what the cache holds: the opinion's counters, its
 * matrix with the withholding rule applied, and its topics' groups with their votes on it.
 */
type OpinionInsights = {
  listed: boolean;
  voters: number;
  everyone: RatingCounts;
  byField: ReturnType<typeof countsByField>;
  shown: Map<InsightFieldKey, Set<string>>;
  matrix: InsightMatrix;
  topicIds: number[];
  groups: {
    topicId: number;
    topicSlug: string;
    topicTitle: string;
    groupId: number;
    size: number;
    /** The group's votes on the opinion when shown, else null. */
    counts: RatingCounts | null;
  }[];
};

/**
 * Opinion insights by opinion id, and members' details. A refresh of the opinion's counts, a
 * change to it or a new grouping of one of its topics drops its insights; a new grouping drops
 * every member's groups; new personal details drop the member's (announceChange).
 */
const insightCaches = cachesPerDatabase(
  (ttlMs, clock) => ({
    byOpinion: createReadCache<OpinionInsights | null>({ ttlMs, maxEntries: 20_000, clock }),
    /** Members' personal details and groups, by member id. */
    byMember: createReadCache<MemberInsights>({ ttlMs, maxEntries: 50_000, clock }),
  }),
  {
    onChange(caches, change) {
      if (change.on === 'opinion') caches.byOpinion.delete(String(change.id));
      else if (change.on === 'insights') caches.byOpinion.delete(String(change.opinionId));
      else if (change.on === 'memberDetails') caches.byMember.delete(String(change.userId));
      else if (change.on === 'topicGroups') {
        caches.byMember.clear();
        caches.byOpinion.deleteWhere(
          (insights) => insights?.topicIds.includes(change.topicId) ?? false,
        );
      }
    },
  },
);

async function loadOpinionInsights(
  db: Db,
  opinionId: number,
  minGroupSize: number,
): Promise<OpinionInsights | null> {
  const opinion = await insightsRepository.findOpinionForInsights(db, opinionId);
  if (!opinion || opinion.deleted) return null;
  const everyone = countsOfOpinion(opinion);
  const voters = sumOf(everyone);
  if (!opinion.listed) {
    return {
      listed: false,
      voters,
      everyone,
      byField: new Map(),
      shown: new Map(),
      matrix: {},
      topicIds: [],
      groups: [],
    };
  }
  const [rows, topicIds] = await Promise.all([
    insightsRepository.listInsightCounts(db, opinionId),
    insightsRepository.listTopicIdsOfOpinion(db, opinionId),
  ]);
  const byField = countsByField(rows);
  const shown = shownAnswers(byField, voters, minGroupSize);
  return {
    listed: true,
    voters,
    everyone,
    byField,
    shown,
    // Sent as the same bytes to every voter while cached (shareResponseBody).
    matrix: shareResponseBody(matrixOf(byField, shown)),
    topicIds,
    groups: await groupsOnOpinion(db, opinionId, topicIds, voters, minGroupSize),
  };
}

type MemberInsights = Awaited<ReturnType<typeof insightsRepository.findMemberForInsights>>;

/**
 * The insights of an opinion for the member behind the session token hash if the session is live
 * (their rating from the members cache, as the opinion page reads it), else as a visitor sees
 * them, after calling `onDeadSession`. Warm, it asks the database nothing.
 */
export async function getInsights(
  db: Db,
  session: { tokenHash: string | null; onDeadSession: () => void },
  opinionId: number,
  minGroupSize: number,
): Promise<InsightsAnswer> {
  const caches = insightCaches(db);
  const [insights, found] = await Promise.all([
    caches.byOpinion.get(String(opinionId), () => loadOpinionInsights(db, opinionId, minGroupSize)),
    session.tokenHash
      ? resolveSessionWithRating(db, session.tokenHash, opinionId)
      : Promise.resolve(null),
  ]);
  if (session.tokenHash && !found) session.onDeadSession();
  if (!insights) throw notFoundOpinion();
  const rating = found?.rating ?? 0;
  const member = found
    ? await caches.byMember.get(String(found.user.id), () =>
        insightsRepository.findMemberForInsights(db, found.user.id),
      )
    : null;
  const me = member ? { ...member, rating } : null;
  const voted = rating > 0 && insights.listed;
  const mineKeys = new Set((me?.groups ?? []).map((row) => `${row.topicId}:${row.groupId}`));
  const groups: GroupOnOpinion[] = insights.groups.map((group) => ({
    TopicSlug: group.topicSlug,
    TopicTitle: group.topicTitle,
    ID: group.groupId,
    Size: group.size,
    Percentages: voted && group.counts ? computePercentages(group.counts) : null,
    Mine: mineKeys.has(`${group.topicId}:${group.groupId}`),
  }));
  if (!voted || !me) {
    return {
      Insights: [],
      Matrix: {},
      Groups: groups,
      Voters: insights.voters,
      MinGroupSize: minGroupSize,
    };
  }

  const { byField, shown } = insights;
  const overallAgree = sidesOf(insights.everyone).agree;
  const personal: { insight: Insight; distance: number }[] = [];
  for (const [field, answer] of me.demographics ? answersOf(me.demographics) : []) {
    const counts = byField.get(field)?.get(answer);
    if (!counts || !shown.get(field)?.has(answer)) continue;
    personal.push({
      insight: {
        Desc: personalText(groupPhrase(field, answer), me.rating, sidesOf(counts)),
        ...stanceOf(counts),
      },
      distance: Math.abs(sidesOf(counts).agree - overallAgree),
    });
  }
  // Most telling first: the groups that differ most from everyone; field order breaks ties.
  personal.sort((a, b) => b.distance - a.distance);
  const groupInsights = insights.groups.flatMap((group) =>
    group.counts && mineKeys.has(`${group.topicId}:${group.groupId}`)
      ? [
          {
            Desc: personalText(
              opinionGroupPhrase(group.topicTitle),
              me.rating,
              sidesOf(group.counts),
            ),
            ...stanceOf(group.counts),
          },
        ]
      : [],
  );
  // The matrix, the same for every voter, is encoded once per cached opinion.
  return composeResponseBody({
    Insights: [...personal.map((entry) => entry.insight), ...groupInsights],
    Matrix: insights.matrix,
    Groups: groups,
    Voters: insights.voters,
    MinGroupSize: minGroupSize,
  });
}

/**
 * The stored groups of the opinion's topics and their votes on it. A group's votes are shown under
 * the matrix's rule: the groups of a topic are the parts of the opinion's voters (shownParts), so
 * a small group, or a small rest, withholds figures.
 */
async function groupsOnOpinion(
  db: Db,
  opinionId: number,
  topicIds: readonly number[],
  voters: number,
  minGroupSize: number,
): Promise<OpinionInsights['groups']> {
  const groups = await insightsRepository.listGroups(db, topicIds);
  if (groups.length === 0) return [];
  const withGroups = [...new Set(groups.map((group) => group.topicId))];
  const [topics, counts] = await Promise.all([
    insightsRepository.findTopicsByIds(db, withGroups),
    insightsRepository.countGroupVotesOnOpinion(db, opinionId, withGroups),
  ]);
  const topicById = new Map(topics.map((topic) => [topic.id, topic]));
  const key = (topicId: number, groupId: number) => `${topicId}:${groupId}`;
  const countsByGroup = new Map<string, RatingCounts>();
  for (const row of counts) {
    const entry = countsByGroup.get(key(row.topicId, row.groupId)) ?? emptyCounts();
    entry[row.rating - 1] = row.votes;
    countsByGroup.set(key(row.topicId, row.groupId), entry);
  }
  const shown = new Set<string>();
  for (const topicId of withGroups) {
    const sizes = new Map<string, number>();
    for (const group of groups) {
      if (group.topicId !== topicId) continue;
      const groupKey = key(topicId, group.groupId);
      sizes.set(groupKey, sumOf(countsByGroup.get(groupKey) ?? []));
    }
    for (const groupKey of shownParts(sizes, voters, minGroupSize)) shown.add(groupKey);
  }
  return groups.flatMap((group) => {
    const topic = topicById.get(group.topicId);
    if (!topic) return [];
    const groupKey = key(group.topicId, group.groupId);
    return [
      {
        topicId: group.topicId,
        topicSlug: topic.slug,
        topicTitle: topic.title,
        groupId: group.groupId,
        size: group.size,
        counts: shown.has(groupKey) ? (countsByGroup.get(groupKey) ?? null) : null,
      },
    ];
  });
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

type StoredTopicGroups = {
  topicId: number;
  answer: Omit<TopicGroupsAnswer, 'Me'>;
  /** Each grouped member's dot, for `Me`. */
  dots: Map<number, MapDot>;
};

/** A topic's published groups by slug (null: no such topic), as everyone sees them. */
const topicGroupCaches = cachesPerDatabase(
  (ttlMs, clock) => ({
    bySlug: createReadCache<StoredTopicGroups | null>({ ttlMs, maxEntries: 2_000, clock }),
  }),
  {
    onChange(caches, change) {
      if (change.on !== 'topicGroups') return;
      caches.bySlug.deleteWhere((stored) => stored?.topicId === change.topicId);
    },
  },
);

async function loadTopicGroups(db: Db, slug: string): Promise<StoredTopicGroups | null> {
  const topic = await insightsRepository.findTopicBySlug(db, slug);
  if (!topic) return null;
  const grouping = await insightsRepository.findGrouping(db, topic.id);
  if (!grouping?.computedAt) {
    return {
      topicId: topic.id,
      answer: { Groups: [], Consensus: [], Divisive: [], ComputedAt: null, Map: [] },
      dots: new Map(),
    };
  }
  const [groups, members] = await Promise.all([
    insightsRepository.listGroups(db, [topic.id]),
    insightsRepository.listGroupMembers(db, topic.id),
  ]);
  const opinionIds = new Set<number>();
  for (const group of groups) {
    for (const entry of group.representative) opinionIds.add(entry.opinionId);
  }
  for (const entry of grouping.consensus) opinionIds.add(entry.opinionId);
  for (const entry of grouping.divisive) opinionIds.add(entry.opinionId);
  const opinions = new Map(
    (await insightsRepository.findOpinionTitles(db, [...opinionIds]))
      .filter((row) => !row.deleted)
      .map((row) => [row.id, row]),
  );
  const percent = (share: number) => Math.min(100, Math.max(0, Math.round(share * 100)));
  const dots = new Map<number, MapDot>();
  for (const member of members) {
    dots.set(member.userId, {
      X: round(member.x, 4),
      Y: round(member.y, 4),
      Group: member.groupId,
    });
  }
  return {
    topicId: topic.id,
    dots,
    answer: {
      Groups: groups.map((group) => ({
        ID: group.groupId,
        Size: group.size,
        Representative: group.representative.flatMap((entry) => {
          const opinion = opinions.get(entry.opinionId);
          return opinion
            ? [
                {
                  Slug: opinion.slug,
                  Title: opinion.title,
                  Agree: percent(entry.agree),
                  Disagree: percent(entry.disagree),
                  Direction: entry.direction,
                },
              ]
            : [];
        }),
      })),
      Consensus: grouping.consensus.flatMap((entry) => {
        const opinion = opinions.get(entry.opinionId);
        return opinion
          ? [{ Slug: opinion.slug, Title: opinion.title, Agree: percent(entry.agree) }]
          : [];
      }),
      Divisive: grouping.divisive.flatMap((entry) => {
        const opinion = opinions.get(entry.opinionId);
        return opinion ? [{ Slug: opinion.slug, Title: opinion.title }] : [];
      }),
      ComputedAt: grouping.computedAt.toISOString(),
      // In map order, not member order: the list says nothing about who is which dot.
      Map: [...dots.values()].sort((a, b) => a.X - b.X || a.Y - b.Y || a.Group - b.Group),
    },
  };
}

export async function getTopicGroups(
  db: Db,
  viewer: SessionUser | null,
  slug: string,
): Promise<TopicGroupsAnswer> {
  const stored = await topicGroupCaches(db).bySlug.get(slug, () => loadTopicGroups(db, slug));
  if (!stored) throw new HttpError(404, 'There is no such topic');
  return { ...stored.answer, Me: (viewer && stored.dots.get(viewer.id)) ?? null };
}

/**
 * Recomputes a topic's groups from its votes now and stores them (or, when there is too little to
 * group, records the check and publishes nothing). Groups keep their ids from the stored ones.
 */
export async function computeTopicGroups(
  db: Db,
  topicId: number,
  minGroupSize: number,
): Promise<void> {
  // The database's clock, read before the votes: a vote after it counts as changed next time.
  const checkedAt = (await sql<{ now: Date }>`select now() as now`.execute(db)).rows[0]!.now;
  const [votes, storedGroups, storedMembers] = await Promise.all([
    insightsRepository.listTopicVotes(db, topicId),
    insightsRepository.listGroups(db, [topicId]),
    insightsRepository.listGroupMembers(db, topicId),
  ]);
  const previous = storedGroups.map((group) => ({
    id: group.groupId,
    voters: storedMembers
      .filter((member) => member.groupId === group.groupId)
      .map((member) => String(member.userId)),
  }));
  // On a database server the maths runs on a thread of its own, so that no request waits for it;
  // on the embedded database the job's statements hold the request thread anyway, and the maths
  // measured better inline (docs/decisions/089).
  const where = isEmbeddedDatabase(db) ? 'here' : 'thread';
  const result = await computeOpinionGroupsOf(
    votes,
    {
      minGroupSize,
      ...(previous.length > 0 ? { previous } : {}),
    },
    where,
  );
  await insightsRepository.storeGrouping(db, topicId, {
    checkedAt,
    votesAtCheck: votes.length,
    computedAt: result ? checkedAt : null,
    consensus: (result?.consensus ?? []).map((entry) => ({
      opinionId: Number(entry.statement),
      agree: entry.agree,
    })),
    divisive: (result?.divisive ?? []).map((entry) => ({ opinionId: Number(entry.statement) })),
    groups: (result?.groups ?? []).map((group) => ({
      id: group.id,
      size: group.size,
      representative: group.representative.map((entry) => ({
        opinionId: Number(entry.statement),
        agree: entry.agree,
        disagree: entry.disagree,
        direction: entry.direction,
      })),
    })),
    members: (result?.voters ?? []).flatMap((voter) =>
      voter.group === null
        ? []
        : [{ userId: Number(voter.voter), groupId: voter.group, x: voter.x, y: voter.y }],
    ),
  });
  announceChange(db, { on: 'topicGroups', topicId });
}

/**
 * Queues the topic's grouping when its votes changed enough since the last check (groupingRule):
 * at once past the threshold, else a run at most `maxDelayMs` after the last check.
 */
export async function queueGroupingIfChanged(db: Db, topicId: number): Promise<void> {
  const grouping = await insightsRepository.findGrouping(db, topicId);
  const { changed } = await insightsRepository.countTopicVotes(
    db,
    topicId,
    grouping?.checkedAt ?? null,
  );
  if (changed === 0) return;
  const threshold = grouping
    ? Math.max(
        1,
        Math.min(
          groupingRule.changedVotes,
          Math.ceil(grouping.votesAtCheck * groupingRule.changedShare),
        ),
      )
    : 1;
  if (changed >= threshold) {
    await enqueueUniqueJob(
      db,
      computeTopicGroupsJobKind,
      { topicId },
      `${computeTopicGroupsJobKind}:${topicId}`,
    );
    return;
  }
  await insightsRepository.enqueueUniqueJobAt(
    db,
    computeTopicGroupsJobKind,
    { topicId },
    `${computeTopicGroupsJobKind}:later:${topicId}`,
    new Date(grouping!.checkedAt.getTime() + groupingRule.maxDelayMs),
  );
}

/**
 * Recounts an opinion's insight counts from its votes (after a member's personal details changed:
 * the vote batch moves them for votes), then refreshes its tidbit and checks its topics' groupings.
 */
export async function refreshOpinionInsights(
  db: Db,
  opinionId: number,
  minGroupSize: number,
): Promise<void> {
  if (!(await insightsRepository.findOpinionForInsights(db, opinionId))) return;
  await insightsRepository.refreshInsightCounts(db, opinionId);
  announceChange(db, { on: 'insights', opinionId });
  await refreshTidbitsAndCheckGroupings(db, [opinionId], minGroupSize);
}

/**
 * Folds the opinions' waiting insight moves into their counts (docs/decisions/096), a few
 * opinions a statement so that each statement stays short: what readers see stays the same, they
 * added the moves already. Where no autovacuum runs (the embedded database; a PostgreSQL server
 * with it turned off), the moves' table then gets its space back, at most every `vacuumEveryMs`.
 */
async function foldInsightMoves(db: Db, opinionIds: readonly number[]): Promise<void> {
  let folded = 0;
  for (let start = 0; start < opinionIds.length; start += opinionsPerFold) {
    const chunk = opinionIds.slice(start, start + opinionsPerFold);
    folded += await insightsRepository.foldInsightMoves(db, chunk);
  }
  if (folded === 0 || (await hasAutovacuum(db))) return;
  const now = Date.now();
  if (now - (movesVacuumedAt.get(db) ?? 0) < vacuumEveryMs) return;
  movesVacuumedAt.set(db, now);
  await insightsRepository.vacuumInsightMoves(db);
}

/**
 * Opinions folded in one statement: a statement has a fixed cost (about 1.5 ms on the embedded
 * database), and ten opinions' 10 s of spread votes (about 1,500 moves) fold in about 25 ms.
 */
const opinionsPerFold = 10;
/** How often at most folded moves give back their space where no autovacuum runs. */
const vacuumEveryMs = 10_000;
const movesVacuumedAt = new WeakMap<Db, number>();

/**
 * Refreshes listed opinions' tidbits a while after their votes: their waiting insight moves are
 * folded into their counts first, then each tidbit is refreshed from them.
 */
export async function refreshOpinionTidbits(
  db: Db,
  opinionIds: readonly number[],
  minGroupSize: number,
): Promise<void> {
  await foldInsightMoves(db, opinionIds);
  await refreshTidbitsAndCheckGroupings(db, opinionIds, minGroupSize);
}

/**
 * Refreshes the opinions' tidbits, then queues a check of each of their topics' groupings against
 * the "changed enough" rule: one check waits per topic, however many of its opinions are
 * refreshed meanwhile (a check counts the topic's votes; once per opinion it was three quarters
 * of a refresh's time, docs/decisions/075-insights-by-difference.md).
 */
async function refreshTidbitsAndCheckGroupings(
  db: Db,
  opinionIds: readonly number[],
  minGroupSize: number,
): Promise<void> {
  const refreshed = await refreshTidbits(db, opinionIds, minGroupSize);
  const topicIds = await insightsRepository.listTopicIdsOfOpinions(db, refreshed);
  await enqueueUniqueJobs(
    db,
    topicIds.map((topicId) => ({
      kind: checkTopicGroupsJobKind,
      payload: { topicId },
      dedupeKey: `${checkTopicGroupsJobKind}:${topicId}`,
    })),
  );
}

/**
 * Computes the listed ones of the opinions' tidbits from their counts and stores those that
 * changed, a few statements for them all (one statement per opinion each was most of a refresh's
 * time, docs/decisions/097); answers the listed opinions' ids.
 */
async function refreshTidbits(
  db: Db,
  opinionIds: readonly number[],
  minGroupSize: number,
): Promise<number[]> {
  const opinions = (await insightsRepository.findOpinionsForInsights(db, opinionIds)).filter(
    (opinion) => opinion.listed,
  );
  const listedIds = opinions.map((opinion) => opinion.id);
  const counts = await insightsRepository.listInsightCountsOfOpinions(db, listedIds);
  const changed = opinions.flatMap((opinion) => {
    const rows = counts.get(opinion.id) ?? [];
    const tidbit = tidbitOf(countsByField(rows), countsOfOpinion(opinion), minGroupSize);
    return sameTidbit(opinion.tidbit, tidbit)
      ? []
      : [{ opinionId: opinion.id, tidbit: tidbit ? JSON.stringify(tidbit) : null }];
  });
  await insightsRepository.setTidbits(db, changed);
  for (const { opinionId } of changed)
    announceChange(db, { on: 'opinion', id: opinionId, what: 'content' });
  return listedIds;
}

/** True when the stored tidbit holds these facts (one stored before them never does). */
function sameTidbit(stored: unknown, computed: TidbitFacts | null): boolean {
  if (!stored || !computed) return stored === computed;
  const facts = stored as Partial<TidbitFacts>;
  return (
    facts.Field === computed.Field &&
    facts.Answer === computed.Answer &&
    facts.GroupAgree === computed.GroupAgree &&
    facts.EveryoneAgree === computed.EveryoneAgree &&
    facts.AgreementWording === computed.AgreementWording &&
    facts.AgreementDirection === computed.AgreementDirection
  );
}

/**
 * Rebuilds every derived insights table from scratch: the counts and tidbits of every listed
 * opinion and every topic's groups (the demo seed; a repair after verify-counts finds drift).
 */
export async function rebuildAllInsights(db: Db, minGroupSize: number): Promise<void> {
  await insightsRepository.rebuildInsightCounts(db);
  const listedIds = await insightsRepository.listListedOpinionIds(db);
  for (const opinionId of listedIds) announceChange(db, { on: 'insights', opinionId });
  for (let start = 0; start < listedIds.length; start += opinionsPerTidbitRead) {
    await refreshTidbits(db, listedIds.slice(start, start + opinionsPerTidbitRead), minGroupSize);
  }
  for (const topicId of await insightsRepository.listTopicIds(db)) {
    await computeTopicGroups(db, topicId, minGroupSize);
  }
}

/** Opinions whose tidbits a rebuild computes from one read of their counts. */
const opinionsPerTidbitRead = 100;

/** verify-counts: the stored insight counts that disagree with the raw votes (none when right). */
export async function findInsightCountDrift(db: Db) {
  return insightsRepository.findInsightCountDrift(db);
}

function idOf(payload: Record<string, unknown>, name: string): number | null {
  const value = payload[name];
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}

export const refreshOpinionInsightsJob: JobHandler = async (payload, { db, config }) => {
  const opinionId = idOf(payload, 'opinionId');
  if (opinionId !== null) await refreshOpinionInsights(db, opinionId, config.minGroupSize);
};

/** The tidbit refreshes a worker claimed, their opinions' moves folded together first. */
export const refreshOpinionTidbitJob: BatchJobHandler = {
  async runBatch(payloads, { db, config }) {
    const opinionIds = payloads
      .map((payload) => idOf(payload, 'opinionId'))
      .filter((id): id is number => id !== null);
    await refreshOpinionTidbits(db, opinionIds, config.minGroupSize);
  },
};

export const refreshMemberInsightsJob: JobHandler = async (payload, { db }) => {
  const userId = idOf(payload, 'userId');
  if (userId !== null) {
    await insightsRepository.enqueueRefreshOfMemberOpinions(
      db,
      userId,
      refreshOpinionInsightsJobKind,
    );
  }
};

export const checkTopicGroupsJob: JobHandler = async (payload, { db }) => {
  const topicId = idOf(payload, 'topicId');
  if (topicId !== null) await queueGroupingIfChanged(db, topicId);
};

export const computeTopicGroupsJob: JobHandler = async (payload, { db, config }) => {
  const topicId = idOf(payload, 'topicId');
  if (topicId === null) return;
  const grouping = await insightsRepository.findGrouping(db, topicId);
  if (grouping) {
    // A later run queued by the time rule finds nothing new when a threshold run came first.
    const { changed } = await insightsRepository.countTopicVotes(db, topicId, grouping.checkedAt);
    if (changed === 0) return;
  }
  await computeTopicGroups(db, topicId, config.minGroupSize);
};

/**
 * After a member's personal details changed, this process's cached copy of them goes (call it with
 * the database handle, after the change committed).
 */
export function forgetPersonalDetails(db: Db, userId: number): void {
  announceChange(db, { on: 'memberDetails', userId });
}

/**
 * Queues the refresh of a member's voted opinions after their personal details changed: in the
 * transaction that changes them.
 */
export async function personalDetailsChanged(db: Db, userId: number): Promise<void> {
  await enqueueUniqueJob(
    db,
    refreshMemberInsightsJobKind,
    { userId },
    `${refreshMemberInsightsJobKind}:${userId}`,
  );
}
