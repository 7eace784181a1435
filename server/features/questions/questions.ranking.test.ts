import { describe, expect, it } from 'vitest';
import {
  bridgingScore,
  cutArgumentPage,
  isConvincing,
  rankArguments,
  sideOfRating,
  type ArgumentPosition,
  type ArgumentRow,
} from './questions.ranking.ts';

const now = new Date('2026-11-20T12:00:00Z');

function row(id: number, overrides: Partial<ArgumentRow> = {}): ArgumentRow {
  const likesAgree = overrides.likesAgree ?? 0;
  const likesDisagree = overrides.likesDisagree ?? 0;
  return {
    id,
    likesAgree,
    likesDisagree,
    votersAgree: 10,
    votersDisagree: 10,
    likes: likesAgree + likesDisagree,
    createdAt: new Date(now.getTime() - id * 60_000),
    persuaded: 0,
    ...overrides,
  };
}

describe('sideOfRating', () => {
  it('puts 1 and 2 on the agree side, 4 and 5 on the disagree side, 3 and no vote on neither', () => {
    expect([1, 2, 3, 4, 5].map(sideOfRating)).toEqual([
      'agree',
      'agree',
      null,
      'disagree',
      'disagree',
    ]);
    expect(sideOfRating(null)).toBeNull();
    expect(sideOfRating(0)).toBeNull();
  });
});

describe('bridgingScore', () => {
  it('is the geometric mean of (likes + 1) / (voters + 2) over the two sides', () => {
    // Decision 047's worked example: 2 of 10 agreeing and 2 of 10 disagreeing voters.
    expect(bridgingScore(row(1, { likesAgree: 2, likesDisagree: 2 }))).toBe(0.25);
    // 4 of 10 agreeing, none disagreeing: √(5/12 · 1/12).
    expect(bridgingScore(row(2, { likesAgree: 4 }))).toBe(Math.sqrt(5 / 144));
    // Nobody voted or liked: each side's share starts at one half.
    expect(
      bridgingScore({ likesAgree: 0, likesDisagree: 0, votersAgree: 0, votersDisagree: 0 }),
    ).toBe(0.5);
  });

  it('ranks an argument liked by both camps above one its own camp liked, at equal likes', () => {
    const bothCamps = row(1, { likesAgree: 2, likesDisagree: 2 });
    const ownCamp = row(2, { likesAgree: 4 });
    expect(bothCamps.likes).toBe(ownCamp.likes);
    const ranked = rankArguments([ownCamp, bothCamps], 'bridging').map((entry) => entry.row.id);
    expect(ranked).toEqual([1, 2]);
    // The plain order keeps its meaning: equal likes, the newer id first.
    expect(rankArguments([bothCamps, ownCamp], 'liked').map((entry) => entry.row.id)).toEqual([
      2, 1,
    ]);
  });

  it('orders a position’s arguments as (likes agree + 1)(likes disagree + 1) does, ties exactly equal', () => {
    // The database reads a position's arguments in the order of that product (decision 076):
    // equal products must give the very same double, a larger one a larger score. (A side's likers
    // are among its voters: argument_tallies counts a good point on the side of its giver's vote.)
    for (const [votersAgree, votersDisagree] of [
      [10, 10],
      [7, 3_000_001],
      [123_457, 98_765],
    ] as const) {
      const scored = [];
      for (let likesAgree = 0; likesAgree <= Math.min(30, votersAgree); likesAgree++) {
        for (
          let likesDisagree = 0;
          likesDisagree <= Math.min(30, votersDisagree);
          likesDisagree++
        ) {
          const liked = (likesAgree + 1) * (likesDisagree + 1);
          const score = bridgingScore({ likesAgree, likesDisagree, votersAgree, votersDisagree });
          scored.push({ liked, score });
        }
      }
      scored.sort((a, b) => a.liked - b.liked);
      for (let index = 1; index < scored.length; index++) {
        const [before, after] = [scored[index - 1]!, scored[index]!];
        if (after.liked === before.liked) expect(after.score).toBe(before.score);
        else expect(after.score).toBeGreaterThan(before.score);
      }
    }
  });

  it('counts a good point most from the side that has given fewest', () => {
    const cheered = row(1, { likesAgree: 3 });
    const plusOwnCamp = bridgingScore({ ...cheered, likesAgree: 4 });
    const plusOtherCamp = bridgingScore({ ...cheered, likesDisagree: 1 });
    expect(plusOtherCamp).toBeGreaterThan(plusOwnCamp);
    // (L + 2) / (L + 1): the first like from the other side doubles that side's share.
    expect(plusOtherCamp / bridgingScore(cheered)).toBeCloseTo(Math.SQRT2, 4);
  });

  it('never lets a side’s share pass 1 when likers outnumber its counted voters', () => {
    const score = bridgingScore({
      likesAgree: 5,
      likesDisagree: 5,
      votersAgree: 0,
      votersDisagree: 0,
    });
    expect(score).toBeLessThanOrEqual(1);
  });
});

describe('isConvincing', () => {
  it('needs three good points from each side', () => {
    expect(isConvincing(row(1, { likesAgree: 3, likesDisagree: 2 }))).toBe(false);
    expect(isConvincing(row(1, { likesAgree: 3, likesDisagree: 3 }))).toBe(true);
  });

  it('needs the less convinced side at least half as convinced as the other', () => {
    // 3 of 40 disagreeing voters (4/42) against 6 of 10 agreeing (7/12): far apart.
    expect(isConvincing(row(1, { likesAgree: 6, likesDisagree: 3, votersDisagree: 40 }))).toBe(
      false,
    );
    // 3 of 10 against 5 of 10: 4/12 ≥ ½ · 6/12.
    expect(isConvincing(row(1, { likesAgree: 5, likesDisagree: 3 }))).toBe(true);
  });
});

describe('cutArgumentPage', () => {
  const rows = Array.from({ length: 45 }, (_, index) =>
    row(index + 1, { likesAgree: index % 4, likesDisagree: index % 3 }),
  );

  it('pages every argument once, in order, whichever sort', () => {
    for (const sort of ['bridging', 'persuasive', 'liked', 'recent'] as const) {
      const ranked = rankArguments(rows, sort);
      const seen: number[] = [];
      let cursor: ArgumentPosition | null = null;
      for (let guard = 0; guard < 10; guard++) {
        const { page, endReached }: ReturnType<typeof cutArgumentPage> = cutArgumentPage(
          ranked,
          cursor,
        );
        seen.push(...page.map((entry) => entry.row.id));
        if (endReached) break;
        const last: (typeof page)[number] = page.at(-1)!;
        cursor = { key: last.key, id: last.row.id };
      }
      expect(seen).toEqual(ranked.map((entry) => entry.row.id));
      expect(new Set(seen).size).toBe(45);
    }
  });

  it('orders persuasive by the minds changed, then as bridging, whatever the good points', () => {
    const ranked = rankArguments(
      [
        row(1, { likesAgree: 9, likesDisagree: 9 }),
        row(2, { persuaded: 1 }),
        row(3, { persuaded: 1, likesAgree: 2, likesDisagree: 2 }),
        row(4, { persuaded: 2 }),
        row(5, { likesAgree: 3, likesDisagree: 3 }),
      ],
      'persuasive',
    ).map((entry) => entry.row.id);
    expect(ranked).toEqual([4, 3, 2, 1, 5]);
  });

  it('orders recent by creation time, newest first', () => {
    const ranked = rankArguments(rows, 'recent').map((entry) => entry.row.id);
    expect(ranked.slice(0, 3)).toEqual([1, 2, 3]);
  });

  it('is at its end after a cursor past the last entry', () => {
    const ranked = rankArguments(rows, 'liked');
    expect(cutArgumentPage(ranked, { key: -1, id: 0 })).toEqual({ page: [], endReached: true });
  });
});
