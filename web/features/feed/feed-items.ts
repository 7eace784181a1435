import type { FeedCards, Opinion } from '../../../contract/entities.ts';

/** Narrow, the stat cards go in at feed index 0, the others at 50 (docs/product/screens.md). */
export const statsCardIndex = 0;
export const otherCardsIndex = 50;

/** The feed fetch throttle: the shorter of two readings (docs/product/constants.md#timing). */
export const feedFetchThrottleMs = 2000;

type FeedPageLike = { Opinions: Opinion[]; Recent?: Opinion[] | undefined };

/**
 * The opinions to show, in order: the user's recent own opinions first (first page only), then
 * every page's opinions. An opinion seen before is dropped (pages can overlap when the ranking
 * moves between fetches).
 */
export function collectFeedOpinions(pages: readonly FeedPageLike[]): Opinion[] {
  const seen = new Set<number>();
  const opinions: Opinion[] = [];
  const add = (opinion: Opinion) => {
    if (seen.has(opinion.ArtifactID)) return;
    seen.add(opinion.ArtifactID);
    opinions.push(opinion);
  };
  pages[0]?.Recent?.forEach(add);
  for (const page of pages) page.Opinions.forEach(add);
  return opinions;
}

export type SidebarCardKind = 'stats' | 'trending' | 'latestActivity';

export type FeedItem =
  | { type: 'opinion'; key: string; opinion: Opinion }
  | { type: 'card'; key: string; card: SidebarCardKind };

/**
 * The feed's items with the right sidebar's cards moved in (narrow screens). The other cards wait
 * until the feed reaches index 50, or sit at its end once the feed has ended shorter than that.
 */
export function buildFeedItems(
  opinions: readonly Opinion[],
  options: { cards: FeedCards | undefined; includeCards: boolean; endReached: boolean },
): FeedItem[] {
  const items: FeedItem[] = opinions.map((opinion) => ({
    type: 'opinion',
    key: `opinion-${opinion.ArtifactID}`,
    opinion,
  }));
  if (!options.includeCards || !options.cards) return items;
  const otherCards: FeedItem[] = [];
  if (options.cards.TrendingOpinions.length > 0) {
    otherCards.push({ type: 'card', key: 'card-trending', card: 'trending' });
  }
  if (options.cards.LatestActivity.length > 0) {
    otherCards.push({ type: 'card', key: 'card-latestActivity', card: 'latestActivity' });
  }
  if (items.length >= otherCardsIndex) items.splice(otherCardsIndex, 0, ...otherCards);
  else if (options.endReached) items.push(...otherCards);
  items.splice(statsCardIndex, 0, { type: 'card', key: 'card-stats', card: 'stats' });
  return items;
}

/**
 * A gate letting one call through per interval. `tryPass(now)` answers whether a call may go
 * now; `waitMs(now)` how long until the next one may.
 */
export function createThrottle(intervalMs: number) {
  let lastPassedAt = Number.NEGATIVE_INFINITY;
  return {
    tryPass(now: number): boolean {
      if (now - lastPassedAt < intervalMs) return false;
      lastPassedAt = now;
      return true;
    },
    waitMs(now: number): number {
      return Math.max(0, lastPassedAt + intervalMs - now);
    },
  };
}
