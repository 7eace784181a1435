import { describe, expect, it } from 'vitest';
import { ITEM_STANDARD_DEVIATION } from '../instruments/instruments.scoring.ts';
import type { Norm } from './reports.norms.ts';
import {
  communityAverageOf,
  elementStandardError,
  halfWidthOf,
  leaningOf,
  MEMBERS_FOR_RELIABILITY,
  percentileOf,
  reliabilityOfPart,
  sixteenTypeOf,
  summarizeScores,
  totalStandardError,
  Z_90,
} from './reports.norms.ts';

function normOf(scores: number[], alpha: number | null = null): Norm {
  return { ...summarizeScores(scores), alpha };
}

describe('summarizeScores', () => {
  it('counts members per score and gives the mean and the sample SD', () => {
    const norm = summarizeScores([40, 50, 50, 60]);
    expect(norm.members).toBe(4);
    expect(norm.mean).toBe(50);
    expect(norm.sd).toBeCloseTo(Math.sqrt(200 / 3), 10);
    expect(norm.histogram).toHaveLength(101);
    expect([norm.histogram[40], norm.histogram[50], norm.histogram[60]]).toEqual([1, 2, 1]);
    expect(norm.histogram.reduce((sum, count) => sum + count, 0)).toBe(4);
  });

  it('has no mean without members and no SD with one', () => {
    expect(summarizeScores([])).toMatchObject({ members: 0, mean: null, sd: null });
    expect(summarizeScores([70])).toMatchObject({ members: 1, mean: 70, sd: null });
  });

  it('refuses a score that is not a whole number from 0 to 100', () => {
    expect(() => summarizeScores([101])).toThrow(RangeError);
    expect(() => summarizeScores([50.5])).toThrow(RangeError);
  });
});

describe('reliabilityOfPart (Spearman–Brown)', () => {
  it('gives back the alpha of all items at k = n', () => {
    for (const [alpha, n] of [
      [0.62, 4],
      [0.8, 8],
      [0.93, 12],
      [0.3, 3],
    ] as const) {
      expect(reliabilityOfPart(alpha, n, n)).toBeCloseTo(alpha, 12);
    }
  });

  it('is lower for fewer items and matches the textbook value', () => {
    // α_8 = 0.8: ρ̄ = 0.8 / (8 − 7·0.8) = 1/3; four items: 4/3 / (1 + 3/3) = 2/3.
    expect(reliabilityOfPart(0.8, 8, 4)).toBeCloseTo(2 / 3, 12);
    expect(reliabilityOfPart(0.8, 8, 4)).toBeLessThan(0.8);
    expect(reliabilityOfPart(0.8, 8, 1)).toBeCloseTo(1 / 3, 12);
  });
});

describe('elementStandardError', () => {
  const scores = Array.from({ length: MEMBERS_FOR_RELIABILITY }, (_, index) => index % 101);

  it('uses the item-count formula under 100 members', () => {
    const norm = normOf(scores.slice(0, MEMBERS_FOR_RELIABILITY - 1), 0.8);
    expect(elementStandardError(4, 8, norm)).toBe(ITEM_STANDARD_DEVIATION / 2);
    expect(elementStandardError(4, 8, undefined)).toBe(ITEM_STANDARD_DEVIATION / 2);
  });

  it('switches to SD·√(1 − α_k) at 100 members with an alpha', () => {
    const norm = normOf(scores, 0.8);
    expect(norm.members).toBe(MEMBERS_FOR_RELIABILITY);
    expect(elementStandardError(8, 8, norm)).toBeCloseTo(norm.sd! * Math.sqrt(0.2), 10);
    expect(elementStandardError(4, 8, norm)).toBeCloseTo(norm.sd! * Math.sqrt(1 / 3), 10);
  });

  it('falls back when the alpha is missing or says the items do not hang together', () => {
    for (const alpha of [null, 0, -0.4, 1]) {
      expect(elementStandardError(4, 8, normOf(scores, alpha))).toBe(ITEM_STANDARD_DEVIATION / 2);
    }
  });

  it('has no standard error for an unscored element', () => {
    expect(() => elementStandardError(0, 8, undefined)).toThrow(RangeError);
  });
});

describe('totalStandardError', () => {
  it('is √(Σ SE²) / m, the error of a mean of m elements', () => {
    expect(totalStandardError([3, 4])).toBeCloseTo(5 / 2, 12);
    expect(totalStandardError([10, 10, 10, 10])).toBeCloseTo(5, 12);
  });
});

describe('halfWidthOf and leaningOf', () => {
  it('gives 1.645 standard errors to one decimal', () => {
    expect(Z_90).toBe(1.645);
    expect(halfWidthOf(10)).toBe(16.5);
    expect(halfWidthOf(12.5)).toBe(20.6);
  });

  it('says low or high only when the whole interval is on one side of 50', () => {
    expect(leaningOf(30, 19.9)).toBe('low');
    expect(leaningOf(30, 20)).toBe('balanced');
    expect(leaningOf(70, 19.9)).toBe('high');
    expect(leaningOf(70, 20)).toBe('balanced');
    expect(leaningOf(50, 0)).toBe('balanced');
  });
});

describe('percentileOf', () => {
  it('is null under the minimum number of members', () => {
    const norm = normOf(Array.from({ length: 29 }, (_, index) => index));
    expect(percentileOf(10, norm, 30)).toBeNull();
  });

  it('is the mid-rank: 100 · (below + equal / 2) / members, rounded', () => {
    // 40 members: 10 at 20, 20 at 50, 10 at 80.
    const norm = normOf([
      ...Array<number>(10).fill(20),
      ...Array<number>(20).fill(50),
      ...Array<number>(10).fill(80),
    ]);
    expect(percentileOf(20, norm, 30)).toBe(13); // (0 + 5) / 40 = 12.5 → 13
    expect(percentileOf(50, norm, 30)).toBe(50); // (10 + 10) / 40
    expect(percentileOf(80, norm, 30)).toBe(88); // (30 + 5) / 40 = 87.5 → 88
    expect(percentileOf(0, norm, 30)).toBe(0);
    expect(percentileOf(100, norm, 30)).toBe(100);
  });
});

describe('communityAverageOf', () => {
  it('rounds the mean to one decimal and withholds it for a small group', () => {
    const norm = normOf([10, 20, 21]);
    expect(communityAverageOf(norm, 3)).toBe(17);
    expect(communityAverageOf(normOf([10, 21]), 2)).toBe(15.5);
    expect(communityAverageOf(norm, 4)).toBeNull();
  });
});

describe('sixteenTypeOf', () => {
  const letters = [
    { low: 'E', high: 'I' },
    { low: 'S', high: 'N' },
    { low: 'T', high: 'F' },
    { low: 'J', high: 'P' },
  ];

  it('gives a letter only where the interval is on one side, X elsewhere', () => {
    const leanings = ['low', 'high', 'balanced', null] as const;
    expect(
      sixteenTypeOf(letters.map((pair, index) => ({ letters: pair, leaning: leanings[index]! }))),
    ).toBe('ENXX');
  });
});
