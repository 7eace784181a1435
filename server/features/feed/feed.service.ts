import type { FeedCards, Opinion } from '../../../contract/entities.ts';
import { batcherPerDatabase } from '../../db/batcher.ts';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../http.ts';
import { cachesPerDatabase, createReadCache } from '../../read-cache.ts';
import { composeResponseBody, shareResponseBody } from '../../serializer.ts';
import {
  getOpinionsInOrder,
  listLatestActivity,
  opinionContentVersion,
} from '../opinions/opinions.service.ts';
import {
  recentOwnOpinionIds,
  recentOwnOpinionsLimit,
  recentOwnOpinionsWindowMs,
  type MemberContext,
} from '../sessions/members-cache.ts';
import { listTopContributors } from '../users/users.service.ts';
import * as feedRepository from './feed.repository.ts';

export const feedPageSize = 20;
const dayMs = 86_400_000;

/** A place in the ranking: the score at the cursor's reference time, and the id breaking ties. */
export type FeedPosition = { score: number; id: number };

/** The score bonus of an opinion in a topic the viewer follows (docs/decisions/004). */
export const followedTopicWeight = 1.5;

/**
 * The feed score of docs/decisions/004-feed-ranking.md, rounded to 6 decimals so that a cursor
 * holding it compares exactly:
 * ln(1 + recent votes) + 0.3 · ln(1 + all votes) + 2 · e^(−age / 14 days) + 1.5 · [followed topic]
 */
export function feedScore(input: {
  recentVotes: number;
  numVotes: number;
  ageMs: number;
  isInFollowedTopic: boolean;
}): number {
  const score =
    Math.log1p(input.recentVotes) +
    0.3 * Math.log1p(input.numVotes) +
    2 * Math.exp(-Math.max(0, input.ageMs) / (14 * dayMs)) +
    (input.isInFollowedTopic ? followedTopicWeight : 0);
  return Math.round(score * 1e6) / 1e6;
}

/** What a cursor carries: the ranking's reference time and the last position served. */
type FeedCursor = { now: Date; position: FeedPosition };

export function encodeFeedCursor(cursor: FeedCursor): string {
  const raw = JSON.stringify({
    t: cursor.now.getTime(),
    s: cursor.position.score,
    i: cursor.position.id,
  });
  return Buffer.from(raw).toString('base64url');
}

export function decodeFeedCursor(after: string): FeedCursor {
  const invalid = new HttpError(400, 'after: not a valid cursor; start again without one');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
  } catch {
    throw invalid;
  }
  const { t, s, i } = (parsed ?? {}) as { t?: unknown; s?: unknown; i?: unknown };
  if (
    typeof t !== 'number' ||
    !Number.isFinite(t) ||
    typeof s !== 'number' ||
    !Number.isFinite(s) ||
    typeof i !== 'number' ||
    !Number.isSafeInteger(i)
  ) {
    throw invalid;
  }
  const now = new Date(t);
  if (Number.isNaN(now.getTime())) throw invalid;
  return { now, position: { score: s, id: i } };
}

export type FeedPage = {
  Feed: number[];
  Opinions: Opinion[];
  After: string;
  EndReached: boolean;
  Recent?: Opinion[];
  Cards?: FeedCards;
};

/** An opinion as the ranking sees it, before the viewer's own terms. */
type RankedOpinion = {
  id: number;
  authorId: number | null;
  /** The score without the followed-topics term. */
  baseScore: number;
  topicIds: number[];
};

/** The ranking of every listed, live opinion (of a topic) at one reference time, in feed order. */
type Ranking = { now: Date; opinions: RankedOpinion[] };

const feedCaches = cachesPerDatabase((ttlMs) => ({
  /**
   * The newest ranking, keyed by topic ('all' for For You). What every first page is cut from, so
   * it is loaded again ahead of its expiry (a ranking takes tens of milliseconds).
   */
  rankings: createReadCache<Ranking>({ ttlMs, maxEntries: 200, refreshesAhead: true }),
  /** Rankings at a cursor's time, for the pages after the first: keyed by `topic@time`. */
  rankingsAt: createReadCache<Ranking>({ ttlMs, maxEntries: 200 }),
  cards: createReadCache<FeedCards>({ ttlMs, maxEntries: 1, refreshesAhead: true }),
  /** A visitor's first page, the same for every visitor: keyed by topic ('all' for For You). */
  visitorFirstPages: createReadCache<FeedPage>({ ttlMs, maxEntries: 200, refreshesAhead: true }),
  /**
   * Members' first pages, keyed by what sets them apart (memberPageKey): members whose first page
   * holds the same opinions share it. About 16 KB each.
   */
  memberFirstPages: createReadCache<FeedPage>({ ttlMs, maxEntries: 1_000 }),
}));

/**
 * Everything a member's first page depends on besides what every viewer shares for the cache's
 * lifetime (the opinions' counters and the sidebar cards): the feed, the ranking it was cut from
 * (the cursor carries its time), whether more follows, and the member's own recent opinions with
 * the member's rating of each (the feed's own opinions are those they have not rated); and the
 * edits and deletions this process made (contentVersion), so that an author sees their own edit
 * at once.
 */
function memberPageKey(
  topicKey: string,
  contentVersion: number,
  ranking: Ranking,
  page: { ids: readonly number[]; recentIds: readonly number[]; hasMore: boolean },
  ratings: ReadonlyMap<number, number>,
): string {
  let recent = '';
  for (const id of page.recentIds) recent += `${id}:${ratings.get(id) ?? 0},`;
  return `${topicKey}|${contentVersion}|${ranking.now.getTime()}|${page.hasMore ? 'more' : 'end'}|${page.ids.join(',')}|${recent}`;
}

/** What the feed's caches key a feed by: 'all' for For You, else the topic's id. */
function topicKeyOf(topicId: number | undefined): string {
  return topicId === undefined ? 'all' : String(topicId);
}

async function computeRanking(db: Db, now: Date, topicId: number | undefined): Promise<Ranking> {
  const rows = await feedRepository.listScoringInputs(db, {
    now,
    ...(topicId === undefined ? {} : { topicId }),
  });
  return {
    now,
    opinions: rows
      .map((row) => ({
        id: row.id,
        authorId: row.authorId,
        baseScore: feedScore({
          recentVotes: row.recentVotes,
          numVotes: row.numVotes,
          ageMs: now.getTime() - row.createdAt.getTime(),
          isInFollowedTopic: false,
        }),
        topicIds: row.topicIds,
      }))
      // In feed order (the higher score first, the newer id breaking ties), so that a viewer
      // without followed topics reads a page straight off it.
      .sort((a, b) => b.baseScore - a.baseScore || b.id - a.id),
  };
}

/**
 * The ranking a page is cut from. The first page takes the newest one (shared by every viewer of
 * this process for the cache's lifetime); a later page needs the ranking at its cursor's time,
 * computed again when it has left the cache.
 */
async function getRanking(db: Db, topicId: number | undefined, cursorNow: Date | null) {
  const { rankings, rankingsAt } = feedCaches(db);
  const topicKey = topicKeyOf(topicId);
  if (cursorNow) {
    return rankingsAt.get(`${topicKey}@${cursorNow.getTime()}`, () =>
      computeRanking(db, cursorNow, topicId),
    );
  }
  return rankings.get(topicKey, () => loadNewestRanking(db, topicId));
}

async function loadNewestRanking(db: Db, topicId: number | undefined) {
  const ranking = await computeRanking(db, new Date(), topicId);
  // Its later pages carry this time in their cursor.
  const topicKey = topicKeyOf(topicId);
  void feedCaches(db).rankingsAt.get(`${topicKey}@${ranking.now.getTime()}`, async () => ranking);
  return ranking;
}

/** Is `position` strictly below the cursor's position in the ranking's order? */
function isAfter(position: FeedPosition, cursor: FeedPosition): boolean {
  return (
    position.score < cursor.score || (position.score === cursor.score && position.id < cursor.id)
  );
}

/**
 * Members' feed contexts for a window the members cache does not hold (a cursor made more than a
 * day before the member was loaded): concurrent ones share one query (docs/decisions/023).
 */
const viewerContexts = batcherPerDatabase(
  (db, requests: Array<{ userId: number; since: Date }>) =>
    feedRepository.findFeedViewerContexts(db, requests, recentOwnOpinionsLimit),
  { maxBatch: 100 },
);

/**
 * A page of the For You feed (all topics) or a topic feed. Members see what they have not voted
 * on yet, opinions of the topics they follow lifted, their own recent opinions first; visitors
 * see the trending ranking. Keyset paging over a ranking fixed at the cursor's reference time.
 */
export async function listFeed(
  db: Db,
  options: { viewer: MemberContext | null; after: string | undefined; topicId?: number },
): Promise<FeedPage> {
  if (options.viewer && !options.after) {
    const remembered = rememberedFirstPage(db, options.viewer, options.topicId);
    if (remembered) return remembered;
  }
  if (options.viewer || options.after) return buildFeedPage(db, options);
  const topicKey = topicKeyOf(options.topicId);
  // Sent as the same bytes to every visitor while it is cached.
  return feedCaches(db).visitorFirstPages.get(topicKey, async () =>
    shareResponseBody(await buildFeedPage(db, options)),
  );
}

/**
 * Each member's last first page, with what it was cut from. Asked for again while their context
 * (which the members cache replaces on any change of theirs: a vote, a follow, a new opinion), the
 * ranking, the content version and their recent opinions are the same, it is the same page, and
 * it is sent again without the scan.
 */
const lastFirstPages = new WeakMap<
  MemberContext,
  {
    topicKey: string;
    ranking: Ranking;
    contentVersion: number;
    recentIds: readonly number[];
    page: FeedPage;
  }
>();

/**
 * The member's remembered first page (lastFirstPages) when it is still theirs: cut from the
 * newest ranking, which has arrived, for the same topic, content version and recent opinions.
 * Answered without waiting for anything; null sends the request the long way.
 */
function rememberedFirstPage(
  db: Db,
  viewer: MemberContext,
  topicId: number | undefined,
): FeedPage | null {
  const remembered = lastFirstPages.get(viewer);
  const topicKey = topicKeyOf(topicId);
  if (!remembered || remembered.topicKey !== topicKey) return null;
  const ranking = feedCaches(db).rankings.peek(topicKey, () => loadNewestRanking(db, topicId));
  if (ranking !== remembered.ranking || remembered.contentVersion !== opinionContentVersion(db)) {
    return null;
  }
  const since = new Date(Date.now() - recentOwnOpinionsWindowMs);
  const recentIds = topicId === undefined ? recentOwnOpinionIds(viewer, since) : [];
  return recentIds && haveSameItems(remembered.recentIds, recentIds) ? remembered.page : null;
}

function haveSameItems(a: readonly number[], b: readonly number[]) {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

async function buildFeedPage(
  db: Db,
  options: { viewer: MemberContext | null; after: string | undefined; topicId?: number },
): Promise<FeedPage> {
  const isFirstPage = !options.after;
  const cursor = options.after ? decodeFeedCursor(options.after) : null;
  const viewer = options.viewer;
  const isForYou = options.topicId === undefined;

  const since = new Date((cursor?.now ?? new Date()).getTime() - recentOwnOpinionsWindowMs);
  const cachedRecentIds = viewer ? recentOwnOpinionIds(viewer, since) : [];
  const [ranking, uncachedContext] = await Promise.all([
    getRanking(db, options.topicId, cursor?.now ?? null),
    viewer && !cachedRecentIds ? viewerContexts(db)({ userId: viewer.user.id, since }) : null,
  ]);
  const now = ranking.now;
  const topicKey = topicKeyOf(options.topicId);
  const contentVersion = opinionContentVersion(db);
  const recentIds = isForYou ? (uncachedContext?.recentIds ?? cachedRecentIds ?? []) : [];
  const votedIds = uncachedContext ? new Set(uncachedContext.votedIds) : viewer?.ratings;
  const followedIds = uncachedContext?.followedTopicIds ?? viewer?.followedTopicIds ?? [];
  const followedTopicIds = followedIds.length > 0 ? new Set(followedIds) : null;
  // The viewer's own recent opinions are shown above the feed already.
  const shownAboveBy = recentIds.length > 0 && viewer ? viewer.user.id : undefined;

  // Followed topics lift some opinions, so their viewers' order is sorted afresh; everyone else's
  // is the ranking's own, and the scan stops once it has a page and one more.
  const isReordered = followedTopicIds !== null;
  const positions: FeedPosition[] = [];
  for (const opinion of ranking.opinions) {
    if (votedIds?.has(opinion.id) || opinion.authorId === shownAboveBy) continue;
    const position = {
      id: opinion.id,
      score:
        followedTopicIds && opinion.topicIds.some((topicId) => followedTopicIds.has(topicId))
          ? Math.round((opinion.baseScore + followedTopicWeight) * 1e6) / 1e6
          : opinion.baseScore,
    };
    if (cursor && !isAfter(position, cursor.position)) continue;
    positions.push(position);
    if (!isReordered && positions.length > feedPageSize) break;
  }
  if (isReordered) positions.sort((a, b) => b.score - a.score || b.id - a.id);
  const page = positions.slice(0, feedPageSize);
  const hasMore = positions.length > feedPageSize;
  const ids = page.map((position) => position.id);

  const composePage = async () => {
    const [opinions, recent, cards] = await Promise.all([
      // A member's feed holds only what they have not voted on.
      getOpinionsInOrder(db, ids, viewer?.ratings ?? null),
      isFirstPage && isForYou ? getOpinionsInOrder(db, recentIds, viewer?.ratings ?? null) : null,
      isFirstPage ? getFeedCards(db) : null,
    ]);
    const last = page.at(-1);
    // Put together from the opinions' and the cards' bytes, which many pages share.
    return composeResponseBody({
      Feed: ids,
      Opinions: opinions,
      After: hasMore && last ? encodeFeedCursor({ now, position: last }) : '',
      EndReached: !hasMore,
      ...(recent ? { Recent: recent } : {}),
      ...(cards ? { Cards: cards } : {}),
    });
  };
  if (!viewer || !isFirstPage || uncachedContext) return composePage();
  // Many members' first pages are alike (those who have not voted on the top of the ranking see
  // the same one): sent as the same bytes while cached.
  const key = memberPageKey(
    topicKey,
    contentVersion,
    ranking,
    { ids, recentIds, hasMore },
    viewer.ratings,
  );
  const firstPage = await feedCaches(db).memberFirstPages.get(key, async () =>
    shareResponseBody(await composePage()),
  );
  lastFirstPages.set(viewer, { topicKey, ranking, contentVersion, recentIds, page: firstPage });
  return firstPage;
}

/** The sidebar cards, the same for every viewer: kept for the cache's lifetime. */
export async function getFeedCards(db: Db): Promise<FeedCards> {
  return feedCaches(db).cards.get('cards', async () =>
    shareResponseBody(await computeFeedCards(db, new Date())),
  );
}

async function computeFeedCards(db: Db, now: Date): Promise<FeedCards> {
  const [totals, topCommenters, trending, latest] = await Promise.all([
    feedRepository.countSiteTotals(db),
    listTopContributors(db, 5),
    feedRepository.listTrendingOpinions(db, now, 5),
    listLatestActivity(db, 5),
  ]);
  return {
    Stats: { Opinions: totals.opinions, Comments: totals.comments, Votes: totals.votes },
    TopCommenters: topCommenters,
    TrendingOpinions: trending.map((row) => ({ Slug: row.slug, Title: row.title })),
    LatestActivity: latest,
  };
}
