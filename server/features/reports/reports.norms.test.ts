import { describe, expect, it } from 'vitest';
import { ITEM_STANDARD_DEVIATION } from '../instruments/instruments.scoring.ts';
import type { Norm } from './reports.norms.ts';
import {
  communityAverageOf,
  comparisonGroupOf,
  elementStandardError,
  halfWidthOf,
  MEMBERS_FOR_RELIABILITY,
  percentileOf,
  reliabilityOfPart,
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

describe('halfWidthOf', () => {
  it('gives 1.645 standard errors to one decimal', () => {
    expect(Z_90).toBe(1.645);
    expect(halfWidthOf(10)).toBe(16.5);
    expect(halfWidthOf(12.5)).toBe(20.6);
  });
});

describe('percentileOf', () => {
  it('is null under 30 other members', () => {
    // 30 members, the member among them: 29 others.
    const norm = normOf(Array.from({ length: 30 }, (_, index) => index));
    expect(comparisonGroupOf(10, norm)).toEqual({ below: 10, level: 0, others: 29 });
    expect(percentileOf(10, norm)).toBeNull();
    expect(percentileOf(10, normOf(Array.from({ length: 31 }, (_, index) => index)))).toBe(33);
  });

  it('is the mid-rank among the others: 100 · (below + level / 2) / others, rounded', () => {
    // 41 members: 10 at 20, 21 at 50 (the member among them), 10 at 80.
    const norm = normOf([
      ...Array<number>(10).fill(20),
      ...Array<number>(21).fill(50),
      ...Array<number>(10).fill(80),
    ]);
    expect(comparisonGroupOf(50, norm)).toEqual({ below: 10, level: 20, others: 40 });
    expect(percentileOf(50, norm)).toBe(50); // (10 + 10) / 40
    expect(percentileOf(20, norm)).toBe(11); // (0 + 9 / 2) / 40 = 11.25
    expect(percentileOf(80, norm)).toBe(89); // (31 + 9 / 2) / 40 = 88.75
  });

  it('never says higher than everyone, the member included', () => {
    // 206 members with the score, the member alone at the top: above all 205 others.
    const scores = [...Array.from({ length: 205 }, (_, index) => index % 90), 95];
    const norm = normOf(scores);
    expect(comparisonGroupOf(95, norm)).toEqual({ below: 205, level: 0, others: 205 });
    expect(percentileOf(95, norm)).toBe(99);
    // Alone at the bottom: 1, not 0.
    expect(percentileOf(0, normOf([0, ...Array<number>(40).fill(60)]))).toBe(1);
    // A score the norm has not counted yet (answered since the job ran): every member is other.
    expect(comparisonGroupOf(99, norm)).toEqual({ below: 206, level: 0, others: 206 });
    expect(percentileOf(99, norm)).toBe(99);
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
