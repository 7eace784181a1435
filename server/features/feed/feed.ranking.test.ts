import { describe, expect, it } from 'vitest';
import {
  cutPage,
  feedScore,
  followedTopicWeight,
  isAfter,
  rankOpinions,
  type ScoringRow,
} from './feed.ranking.ts';

const dayMs = 86_400_000;
const now = new Date('2026-11-20T12:00:00Z');

/** A scoring row created `ageDays` before `now`, with no votes unless given. */
function row(id: number, ageDays: number, overrides: Partial<ScoringRow> = {}): ScoringRow {
  return {
    id,
    authorId: null,
    recentVotes: 0,
    numVotes: 0,
    createdAt: new Date(now.getTime() - ageDays * dayMs),
    topicIds: [],
    ...overrides,
  };
}

const nobody = { followedTopicIds: null };

describe('feedScore', () => {
  it('is docs/decisions/004’s formula, rounded to 6 decimals', () => {
    const fresh = { recentVotes: 0, numVotes: 0, ageMs: 0, isInFollowedTopic: false };
    expect(feedScore(fresh)).toBe(2);
    // Fourteen days halve the freshness bonus to 2/e.
    expect(feedScore({ ...fresh, ageMs: 14 * dayMs })).toBe(Math.round((2 / Math.E) * 1e6) / 1e6);
    expect(feedScore({ ...fresh, recentVotes: 6 })).toBe(Math.round((Math.log(7) + 2) * 1e6) / 1e6);
    expect(feedScore({ ...fresh, numVotes: 9 })).toBe(
      Math.round((0.3 * Math.log(10) + 2) * 1e6) / 1e6,
    );
    expect(feedScore({ ...fresh, isInFollowedTopic: true })).toBe(3.5);
    // A creation time after the reference time counts as brand new, never as a bigger bonus.
    expect(feedScore({ ...fresh, ageMs: -dayMs })).toBe(2);
  });
});

describe('rankOpinions', () => {
  it('orders by score at the reference time, the newer id first on a tie', () => {
    const ranking = rankOpinions(
      [row(1, 30), row(2, 0), row(3, 30, { recentVotes: 20 }), row(4, 0), row(5, 10)],
      now,
    );
    expect(ranking.now).toBe(now);
    expect(ranking.opinions.map((opinion) => opinion.id)).toEqual([3, 4, 2, 5, 1]);
    expect(ranking.opinions[1]).toEqual({ id: 4, authorId: null, baseScore: 2, topicIds: [] });
  });

  it('scores age from the reference time it is given', () => {
    const rows = [row(1, 0), row(2, 20, { recentVotes: 3 })];
    // At its creation the new opinion leads; three weeks on, the other's votes do.
    expect(rankOpinions(rows, now).opinions.map((opinion) => opinion.id)).toEqual([1, 2]);
    const later = new Date(now.getTime() + 21 * dayMs);
    expect(rankOpinions(rows, later).opinions.map((opinion) => opinion.id)).toEqual([2, 1]);
  });
});

describe('cutPage', () => {
  const ranking = rankOpinions(
    Array.from({ length: 7 }, (_, index) => row(index + 1, index)),
    now,
  );
  const ids = (positions: { id: number }[]) => positions.map((position) => position.id);

  it('cuts pages in the ranking’s order, each strictly after the last one’s cursor', () => {
    const first = cutPage(ranking, nobody, null, 3);
    expect(ids(first.page)).toEqual([1, 2, 3]);
    expect(first.hasMore).toBe(true);
    const second = cutPage(ranking, nobody, first.page.at(-1)!, 3);
    expect(ids(second.page)).toEqual([4, 5, 6]);
    const last = cutPage(ranking, nobody, second.page.at(-1)!, 3);
    expect(last).toEqual({ page: [expect.objectContaining({ id: 7 })], hasMore: false });
  });

  it('leaves out what the member voted on and their own opinions shown above the feed', () => {
    const authored = rankOpinions([row(1, 0, { authorId: 9 }), row(2, 1), row(3, 2)], now);
    const viewer = { votedIds: new Map([[3, 4]]), shownAboveBy: 9, followedTopicIds: null };
    expect(ids(cutPage(authored, viewer, null).page)).toEqual([2]);
    // Without recent opinions above the feed, the member's own opinion stays in it.
    expect(ids(cutPage(authored, { ...viewer, shownAboveBy: undefined }, null).page)).toEqual([
      1, 2,
    ]);
  });

  it('lifts opinions of followed topics by the topic weight, rounded as the score is', () => {
    const inTopics = rankOpinions([row(1, 0), row(2, 3, { topicIds: [7] }), row(3, 5)], now);
    const { page } = cutPage(inTopics, { followedTopicIds: new Set([7]) }, null);
    expect(ids(page)).toEqual([2, 1, 3]);
    const lifted = inTopics.opinions.find((opinion) => opinion.id === 2)!.baseScore;
    expect(page[0]!.score).toBe(Math.round((lifted + followedTopicWeight) * 1e6) / 1e6);
    // The next page starts below the lifted position, in the viewer's order.
    expect(ids(cutPage(inTopics, { followedTopicIds: new Set([7]) }, page[0]!, 20).page)).toEqual([
      1, 3,
    ]);
  });

  it('compares positions by score, then by id', () => {
    expect(isAfter({ score: 1, id: 9 }, { score: 2, id: 1 })).toBe(true);
    expect(isAfter({ score: 2, id: 1 }, { score: 2, id: 2 })).toBe(true);
    expect(isAfter({ score: 2, id: 2 }, { score: 2, id: 2 })).toBe(false);
    expect(isAfter({ score: 3, id: 1 }, { score: 2, id: 2 })).toBe(false);
  });
});
