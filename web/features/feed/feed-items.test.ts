import { describe, expect, it } from 'vitest';
import type { FeedCards, Opinion } from '../../../contract/entities.ts';
import { buildFeedItems, collectFeedOpinions, createThrottle } from './feed-items.ts';

function buildOpinion(id: number): Opinion {
  return {
    UID: 1,
    Slug: `opinion-${id}`,
    Title: `Opinion ${id}`,
    Link: `/o/opinion-${id}`,
    ArtifactID: id,
    NumVotes: 0,
    NumComments: 0,
    NumShares: 0,
    Rating: 0,
    Deleted: false,
    Topics: [],
    Tidbit: null,
    Created: '2026-01-01T00:00:00.000Z',
    AuthorUsername: 'someone',
  };
}

const cards: FeedCards = {
  Stats: { Opinions: 1, Comments: 2, Votes: 3 },
  TopCommenters: [],
  TrendingOpinions: [{ Slug: 'a', Title: 'A' }],
  LatestActivity: [
    { CommentID: 1, OpinionTitle: 'A', Username: 'u', Link: '/o/a#comment-1', Created: '' },
  ],
};

const range = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, index) => buildOpinion(from + index));

describe('collectFeedOpinions', () => {
  it('puts recent own opinions first and drops duplicates across pages', () => {
    const pages = [
      { Recent: [buildOpinion(9)], Opinions: [buildOpinion(1), buildOpinion(9), buildOpinion(2)] },
      { Opinions: [buildOpinion(2), buildOpinion(3)] },
    ];
    expect(collectFeedOpinions(pages).map((opinion) => opinion.ArtifactID)).toEqual([9, 1, 2, 3]);
  });

  it('ignores Recent on later pages', () => {
    const pages = [{ Opinions: [buildOpinion(1)] }, { Recent: [buildOpinion(5)], Opinions: [] }];
    expect(collectFeedOpinions(pages).map((opinion) => opinion.ArtifactID)).toEqual([1]);
  });
});

describe('buildFeedItems', () => {
  it('leaves the feed alone on wide screens', () => {
    const items = buildFeedItems(range(0, 60), { cards, includeCards: false, endReached: false });
    expect(items.every((item) => item.type === 'opinion')).toBe(true);
  });

  it('puts the stats card at index 0 and the other cards at index 50', () => {
    const items = buildFeedItems(range(0, 60), { cards, includeCards: true, endReached: false });
    expect(items[0]).toMatchObject({ type: 'card', card: 'stats' });
    expect(items[51]).toMatchObject({ type: 'card', card: 'trending' });
    expect(items[52]).toMatchObject({ type: 'card', card: 'latestActivity' });
    expect(items.filter((item) => item.type === 'opinion')).toHaveLength(60);
  });

  it('holds the other cards back until index 50 exists, unless the feed ended', () => {
    const short = range(0, 20);
    const waiting = buildFeedItems(short, { cards, includeCards: true, endReached: false });
    expect(waiting.filter((item) => item.type === 'card')).toHaveLength(1);
    const ended = buildFeedItems(short, { cards, includeCards: true, endReached: true });
    expect(ended.slice(-2).map((item) => item.key)).toEqual([
      'card-trending',
      'card-latestActivity',
    ]);
  });
});

describe('createThrottle', () => {
  it('lets one call through per interval', () => {
    const throttle = createThrottle(2000);
    expect(throttle.tryPass(10_000)).toBe(true);
    expect(throttle.tryPass(11_999)).toBe(false);
    expect(throttle.waitMs(11_000)).toBe(1000);
    expect(throttle.tryPass(12_000)).toBe(true);
  });
});
