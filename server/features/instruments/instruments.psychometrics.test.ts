import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cronbachAlpha,
  generateLatentAnswers,
  keyingBalance,
  mulberry32,
  ratingForAgreement,
  seedFromString,
} from './instruments.psychometrics.ts';

describe('mulberry32', () => {
  it('repeats its sequence for a seed and stays in [0, 1)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), (seed) => {
        const a = mulberry32(seed);
        const b = mulberry32(seed);
        for (let index = 0; index < 20; index++) {
          const value = a();
          expect(value).toBe(b());
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThan(1);
        }
      }),
    );
  });

  it('seeds from strings stably', () => {
    expect(seedFromString('demo')).toBe(seedFromString('demo'));
    expect(seedFromString('demo')).not.toBe(seedFromString('Demo'));
  });
});

describe('cronbachAlpha', () => {
  it('is 1 for items that move together and 0 for unrelated ones', () => {
    expect(
      cronbachAlpha([
        [0, 0, 0],
        [50, 50, 50],
        [100, 100, 100],
      ]),
    ).toBeCloseTo(1);
    // Item covariances cancel out exactly.
    expect(
      cronbachAlpha([
        [0, 0],
        [0, 100],
        [100, 0],
        [100, 100],
      ]),
    ).toBeCloseTo(0);
  });

  it('matches the textbook value on complete data', () => {
    // Var(items) = 1, 1, 1; Var(total) = 7 → alpha = 3/2 · (1 − 3/7) = 6/7.
    const rows = [
      [1, 2, 1],
      [2, 1, 2],
      [3, 3, 3],
    ];
    const alpha = cronbachAlpha(rows);
    const itemVariance = 1;
    const totals = rows.map((row) => row.reduce((a, b) => a + b, 0));
    const meanTotal = totals.reduce((a, b) => a + b, 0) / totals.length;
    const totalVariance = totals.reduce((sum, t) => sum + (t - meanTotal) ** 2, 0) / 2;
    expect(alpha).toBeCloseTo(1.5 * (1 - (3 * itemVariance) / totalVariance));
  });

  it('uses pairwise-complete answers and is null when it cannot be computed', () => {
    expect(cronbachAlpha([[1], [2]])).toBeNull();
    expect(
      cronbachAlpha([
        [1, undefined],
        [undefined, 2],
      ]),
    ).toBeNull();
    expect(
      cronbachAlpha([
        [50, 50],
        [50, 50],
      ]),
    ).toBeNull();
    const withGap = cronbachAlpha([
      [0, 0, undefined],
      [50, 50, 50],
      [100, 100, 100],
      [0, undefined, 0],
    ]);
    // Each pair is computed over the respondents who answered both, so the gaps still count.
    expect(withGap).toBeGreaterThan(0.9);
  });
});

describe('keyingBalance', () => {
  it('counts + and - items', () => {
    expect(keyingBalance([{ keying: '+' }, { keying: '-' }])).toEqual({
      plus: 1,
      minus: 1,
      isBalanced: true,
    });
    expect(keyingBalance([{ keying: '+' }, { keying: '+' }, { keying: '-' }]).isBalanced).toBe(
      false,
    );
  });
});

describe('generateLatentAnswers', () => {
  const items = [
    { id: 'a', keying: '+' as const },
    { id: 'b', keying: '-' as const },
  ];
  const options = { loading: 0.7, acquiescence: 0, itemOffset: () => 0 };

  it('is deterministic for a seed and answers 1 to 5', () => {
    const first = generateLatentAnswers(items, 0.3, mulberry32(7), options);
    const second = generateLatentAnswers(items, 0.3, mulberry32(7), options);
    expect(first).toEqual(second);
    for (const rating of first.values()) expect([1, 2, 3, 4, 5]).toContain(rating);
  });

  it('agrees with + items and disagrees with - items when the trait is high', () => {
    const random = mulberry32(11);
    let plus = 0;
    let minus = 0;
    for (let person = 0; person < 500; person++) {
      const answers = generateLatentAnswers(items, 1.5, random, options);
      plus += answers.get('a') ?? 0;
      minus += answers.get('b') ?? 0;
    }
    expect(plus / 500).toBeLessThan(2.5);
    expect(minus / 500).toBeGreaterThan(3.5);
  });

  it('cuts agreement into the five ratings', () => {
    expect([2, 1, 0, -1, -2].map(ratingForAgreement)).toEqual([1, 2, 3, 4, 5]);
  });
});
