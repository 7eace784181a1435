import type { FeedCards } from '../../../contract/entities.ts';
import { z } from 'zod';
import { cursorId, cursorTimeMs, decodeCursor, encodeCursor } from '../../cursor.ts';
import { batcherPerDatabase } from '../../db/batcher.ts';
import { databaseNow } from '../../db/clock.ts';
import type { Db } from '../../db/database.ts';
import { composeResponseBody, shareResponseBody } from '../../serializer.ts';
import { getOpinionsInOrder, listLatestActivity } from '../opinions/opinions.service.ts';
import {
  recentOwnOpinionIds,
  recentOwnOpinionsLimit,
  recentOwnOpinionsWindowMs,
  type MemberContext,
} from '../sessions/sessions.service.ts';
import { describeTopic, requireTopicBySlug } from '../topics/topics.service.ts';
import { listTopContributors } from '../users/users.service.ts';
import {
  cardsKey,
  feedCaches,
  memberPageKey,
  rankingAtKey,
  rankingKey,
  rememberedFirstPage,
  rememberFirstPage,
  visitorPageKey,
  type FeedPage,
} from './feed.cache.ts';
import { cutPage, rankOpinions, type FeedPosition, type Ranking } from './feed.ranking.ts';
import * as feedRepository from './feed.repository.ts';

/** What a cursor carries: the ranking's reference time and the last position served. */
type FeedCursor = { now: Date; position: FeedPosition };

/** A feed cursor's fields: the ranking's time (t), the last score (s) and id (i) served. */
const feedCursorShape = z.object({ t: cursorTimeMs, s: z.number(), i: cursorId });

export function encodeFeedCursor(cursor: FeedCursor): string {
  return encodeCursor({ t: cursor.now.getTime(), s: cursor.position.score, i: cursor.position.id });
}

export function decodeFeedCursor(after: string): FeedCursor {
  const { t, s, i } = decodeCursor(after, feedCursorShape);
  return { now: new Date(t), position: { score: s, id: i } };
}

async function computeRanking(db: Db, now: Date, topicId: number | undefined): Promise<Ranking> {
  const rows = await feedRepository.listScoringInputs(db, {
    now,
    ...(topicId === undefined ? {} : { topicId }),
  });
  return rankOpinions(rows, now);
}

/**
 * The ranking a page is cut from. The first page takes the newest one (shared by every viewer of
 * this process for the cache's lifetime); a later page needs the ranking at its cursor's time,
 * computed again when it has left the cache.
 */
async function getRanking(db: Db, topicId: number | undefined, cursorNow: Date | null) {
  const { rankings, rankingsAt } = feedCaches(db);
  if (cursorNow) {
    return rankingsAt.get(rankingAtKey(topicId, cursorNow), () =>
      computeRanking(db, cursorNow, topicId),
    );
  }
  return rankings.get(rankingKey(topicId), () => loadNewestRanking(db, topicId));
}

async function loadNewestRanking(db: Db, topicId: number | undefined) {
  const ranking = await computeRanking(db, await databaseNow(db), topicId);
  // Its later pages carry this time in their cursor.
  void feedCaches(db).rankingsAt.get(rankingAtKey(topicId, ranking.now), async () => ranking);
  return ranking;
}

/**
 * Members' feed contexts for a window the members cache does not hold (a cursor made more than a
 * day before the member was loaded): concurrent ones share one query (docs/decisions/023-performance-machinery.md#batching).
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
  const { viewer, topicId } = options;
  if (viewer && !options.after) {
    const remembered = rememberedFirstPage(db, viewer, topicId, {
      newestRanking: () => feedCaches(db).rankings.peek(rankingKey(topicId)),
      recentIds: () =>
        topicId === undefined
          ? recentOwnOpinionIds(viewer, new Date(Date.now() - recentOwnOpinionsWindowMs))
          : [],
    });
    if (remembered) return remembered;
  }
  if (viewer || options.after) return buildFeedPage(db, options);
  // Sent as the same bytes to every visitor while it is cached.
  return feedCaches(db).visitorFirstPages.get(visitorPageKey(topicId), async () =>
    shareResponseBody(await buildFeedPage(db, options)),
  );
}

async function buildFeedPage(
  db: Db,
  options: { viewer: MemberContext | null; after: string | undefined; topicId?: number },
): Promise<FeedPage> {
  const isFirstPage = !options.after;
  const cursor = options.after ? decodeFeedCursor(options.after) : null;
  const viewer = options.viewer;
  const isForYou = options.topicId === undefined;

  // A change that drops first pages from here on makes this one stale too (rememberFirstPage).
  const drops = feedCaches(db).drops.count;
  const since = new Date((cursor?.now ?? new Date()).getTime() - recentOwnOpinionsWindowMs);
  const cachedRecentIds = viewer ? recentOwnOpinionIds(viewer, since) : [];
  const [ranking, uncachedContext] = await Promise.all([
    getRanking(db, options.topicId, cursor?.now ?? null),
    viewer && !cachedRecentIds ? viewerContexts(db)({ userId: viewer.user.id, since }) : null,
  ]);
  const now = ranking.now;
  const recentIds = isForYou ? (uncachedContext?.recentIds ?? cachedRecentIds ?? []) : [];
  const followedIds = uncachedContext?.followedTopicIds ?? viewer?.followedTopicIds ?? [];
  const { page, hasMore } = cutPage(
    ranking,
    {
      votedIds: uncachedContext ? new Set(uncachedContext.votedIds) : viewer?.ratings,
      followedTopicIds: followedIds.length > 0 ? new Set(followedIds) : null,
      // The viewer's own recent opinions are shown above the feed already.
      shownAboveBy: recentIds.length > 0 && viewer ? viewer.user.id : undefined,
    },
    cursor?.position ?? null,
  );
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
  const key = memberPageKey(options.topicId, ranking, { ids, recentIds, hasMore }, viewer.ratings);
  const firstPage = await feedCaches(db).memberFirstPages.get(key, async () =>
    shareResponseBody(await composePage()),
  );
  rememberFirstPage(viewer, options.topicId, { ranking, drops, recentIds, page: firstPage });
  return firstPage;
}

/** The sidebar cards, the same for every viewer: kept for the cache's lifetime. */
export async function getFeedCards(db: Db): Promise<FeedCards> {
  return feedCaches(db).cards.get(cardsKey, async () =>
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

/** A topic's page: the topic with its counts, and its feed. */
export async function getTopicFeed(
  db: Db,
  slug: string,
  after: string | undefined,
  viewer: MemberContext | null,
) {
  const topic = await requireTopicBySlug(db, slug);
  const [page, header] = await Promise.all([
    listFeed(db, { viewer, after, topicId: topic.id }),
    describeTopic(db, topic, viewer?.user.id ?? null),
  ]);
  return composeResponseBody({ Topic: header, ...page });
}
