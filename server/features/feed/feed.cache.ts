import type { FeedCards, Opinion } from '../../../contract/entities.ts';
import { cachesPerDatabase, createReadCache } from '../../read-cache.ts';
import type { MemberContext } from '../sessions/sessions.service.ts';
import type { Ranking } from './feed.ranking.ts';

/**
 * The feed's caches, what each is keyed by, and what an opinion's change drops from them
 * (docs/decisions/023-performance-machinery.md#members-cache, 027 and 043). The rule they hold the results of is feed.ranking.ts.
 */

export type FeedPage = {
  Feed: number[];
  Opinions: Opinion[];
  After: string;
  EndReached: boolean;
  Recent?: Opinion[];
  Cards?: FeedCards;
};

/** Whether a first page shows the opinion, in its feed or in the viewer's Recent. */
function showsOpinion(page: FeedPage, id: number): boolean {
  return page.Feed.includes(id) || (page.Recent ?? []).some((opinion) => opinion.ArtifactID === id);
}

export const feedCaches = cachesPerDatabase(
  (ttlMs, clock) => ({
    /**
     * The newest ranking, by rankingKey. What every first page is cut from, so it is loaded again
     * ahead of its expiry (a ranking takes tens of milliseconds).
     */
    rankings: createReadCache<Ranking>({ ttlMs, maxEntries: 200, clock }),
    /** Rankings at a cursor's time, for the pages after the first, by rankingAtKey. */
    rankingsAt: createReadCache<Ranking>({ ttlMs, maxEntries: 200, clock }),
    /** The sidebar cards, the same for every viewer, under cardsKey. */
    cards: createReadCache<FeedCards>({ ttlMs, maxEntries: 1, clock }),
    /** A visitor's first page, the same for every visitor, by visitorPageKey. */
    visitorFirstPages: createReadCache<FeedPage>({
      ttlMs,
      maxEntries: 200,
      clock,
    }),
    /**
     * Members' first pages, by what sets them apart (memberPageKey): members whose first page
     * holds the same opinions share it. About 16 KB each.
     */
    memberFirstPages: createReadCache<FeedPage>({ ttlMs, maxEntries: 1_000, clock }),
    /** Counts the changes that dropped first pages: a remembered page from before one is stale. */
    drops: { count: 0 },
  }),
  {
    /**
     * A first page shows an opinion's comment count and content, so one that shows the opinion
     * goes when either changes. Its vote counts may be up to the cache's lifetime old, as for
     * every viewer (docs/decisions/023-performance-machinery.md#members-cache), and the rankings keep their scores until they expire.
     */
    onChange(caches, change) {
      if (change.on !== 'opinion' || change.what === 'votes') return;
      caches.visitorFirstPages.deleteWhere((page) => showsOpinion(page, change.id));
      caches.memberFirstPages.deleteWhere((page) => showsOpinion(page, change.id));
      caches.drops.count += 1;
    },
  },
);

/** What the feed's caches key a feed by: 'all' for For You, else the topic's id. */
function topicKeyOf(topicId: number | undefined): string {
  return topicId === undefined ? 'all' : String(topicId);
}

/** The newest ranking of a feed. */
export function rankingKey(topicId: number | undefined): string {
  return topicKeyOf(topicId);
}

/** The ranking of a feed at a cursor's reference time. */
export function rankingAtKey(topicId: number | undefined, now: Date): string {
  return `${topicKeyOf(topicId)}@${now.getTime()}`;
}

/** A visitor's first page of a feed. */
export function visitorPageKey(topicId: number | undefined): string {
  return topicKeyOf(topicId);
}

/** The one set of sidebar cards. */
export const cardsKey = 'cards';

/**
 * A member's first page, by everything it depends on besides what every viewer shares for the
 * cache's lifetime (the opinions' counters and content, which an opinion's change drops, and the
 * sidebar cards): the feed, the ranking it was cut from (the cursor carries its time), whether
 * more follows, and the member's own recent opinions with the member's rating of each (the feed's
 * own opinions are those they have not rated).
 */
export function memberPageKey(
  topicId: number | undefined,
  ranking: Ranking,
  page: { ids: readonly number[]; recentIds: readonly number[]; hasMore: boolean },
  ratings: ReadonlyMap<number, number>,
): string {
  let recent = '';
  for (const id of page.recentIds) recent += `${id}:${ratings.get(id) ?? 0},`;
  return `${topicKeyOf(topicId)}|${ranking.now.getTime()}|${page.hasMore ? 'more' : 'end'}|${page.ids.join(',')}|${recent}`;
}

/** A member's last first page, with what it was cut from (rememberFirstPage). */
type RememberedPage = {
  topicKey: string;
  ranking: Ranking;
  /** feedCaches' drops.count when the page was begun. */
  drops: number;
  recentIds: readonly number[];
  page: FeedPage;
};

/**
 * Each member's last first page, with what it was cut from. Asked for again while their context
 * (which the members cache replaces on any change of theirs: a vote, a follow, a new opinion), the
 * ranking, their recent opinions are the same and no change has dropped first pages since, it is
 * the same page, and it is sent again without the scan (docs/decisions/023-performance-machinery.md#members-cache).
 */
const lastFirstPages = new WeakMap<MemberContext, RememberedPage>();

export function rememberFirstPage(
  viewer: MemberContext,
  topicId: number | undefined,
  page: Omit<RememberedPage, 'topicKey'>,
) {
  lastFirstPages.set(viewer, { ...page, topicKey: topicKeyOf(topicId) });
}

/**
 * The member's remembered first page when it is still theirs: for the same topic, cut from the
 * newest ranking (which has arrived), with the same recent opinions (null: not known without a
 * query), and no change has dropped first pages since it was begun. Null otherwise. What it is
 * compared with is read only when a page is remembered for the topic.
 */
export function rememberedFirstPage(
  db: object,
  viewer: MemberContext,
  topicId: number | undefined,
  current: { newestRanking(): Ranking | undefined; recentIds(): readonly number[] | null },
): FeedPage | null {
  const remembered = lastFirstPages.get(viewer);
  if (!remembered || remembered.topicKey !== topicKeyOf(topicId)) return null;
  if (current.newestRanking() !== remembered.ranking) return null;
  if (remembered.drops !== feedCaches(db).drops.count) return null;
  const recentIds = current.recentIds();
  return recentIds && haveSameItems(remembered.recentIds, recentIds) ? remembered.page : null;
}

function haveSameItems(a: readonly number[], b: readonly number[]) {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}
