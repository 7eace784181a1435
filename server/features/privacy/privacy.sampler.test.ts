import { jStat } from 'jstat';
import { describe, expect, it } from 'vitest';
import {
  bernoulliExpMinus,
  epsilonToMicro,
  laplaceHalfWidth,
  laplaceNoise,
  laplaceProbability,
  laplaceRatio,
  sampleDiscreteLaplace,
  seededBytes,
  uniformBelow,
} from './privacy.sampler.ts';

/** Pearson's chi-square of draws against a distribution, bins with ≥ 5 expected, tails pooled. */
function chiSquarePValue(draws: number[], probability: (value: number) => number) {
  const counts = new Map<number, number>();
  for (const draw of draws) counts.set(draw, (counts.get(draw) ?? 0) + 1);
  const n = draws.length;
  let limit = 0;
  while (probability(limit + 1) * n >= 5) limit += 1;
  let statistic = 0;
  let bins = 0;
  let inside = 0;
  for (let value = -limit; value <= limit; value += 1) {
    const expected = probability(value) * n;
    const observed = counts.get(value) ?? 0;
    statistic += (observed - expected) ** 2 / expected;
    inside += probability(value);
    bins += 1;
  }
  const tailExpected = (1 - inside) * n;
  const tailObserved = draws.filter((draw) => Math.abs(draw) > limit).length;
  statistic += (tailObserved - tailExpected) ** 2 / tailExpected;
  bins += 1;
  return 1 - jStat.chisquare.cdf(statistic, bins - 1);
}

describe('the discrete Laplace sampler', () => {
  it('draws 100,000 values that fit the exact distribution (chi-square)', () => {
    for (const [sensitivity, epsilon] of [
      [1, 0.5],
      [7, 2.3],
    ] as const) {
      const random = seededBytes(`chi-square ${sensitivity} ${epsilon}`);
      const micro = epsilonToMicro(epsilon);
      const draws = Array.from({ length: 100_000 }, () => laplaceNoise(sensitivity, micro, random));
      const ratio = laplaceRatio(sensitivity, micro);
      const pValue = chiSquarePValue(draws, (value) => laplaceProbability(value, ratio));
      expect(pValue).toBeGreaterThan(0.001);
      // The same test tells a distribution 10 % wider apart: it has the power to fail.
      const wrong = laplaceRatio(sensitivity * 1.1, micro);
      expect(chiSquarePValue(draws, (value) => laplaceProbability(value, wrong))).toBeLessThan(
        0.001,
      );
    }
  });

  it('gives exp(−γ) for a rational γ by integer arithmetic', () => {
    const random = seededBytes('bernoulli');
    for (const [numerator, denominator] of [
      [1n, 3n],
      [5n, 2n],
    ] as const) {
      const tries = 40_000;
      let hits = 0;
      for (let i = 0; i < tries; i += 1)
        if (bernoulliExpMinus(numerator, denominator, random)) hits++;
      const expected = Math.exp(-Number(numerator) / Number(denominator));
      const sd = Math.sqrt((expected * (1 - expected)) / tries);
      expect(Math.abs(hits / tries - expected)).toBeLessThan(4 * sd);
    }
  });

  it('draws uniform integers without modulo bias, of any size', () => {
    const random = seededBytes('uniform');
    const counts = [0, 0, 0];
    for (let i = 0; i < 30_000; i += 1) counts[Number(uniformBelow(3n, random))]! += 1;
    for (const count of counts) expect(Math.abs(count - 10_000)).toBeLessThan(400);
    const big = 10n ** 30n;
    expect(uniformBelow(big, random)).toBeLessThan(big);
  });

  it('is integer-only: no floating point in the functions that draw', () => {
    for (const draw of [uniformBelow, bernoulliExpMinus, sampleDiscreteLaplace]) {
      const source = draw.toString();
      expect(source).not.toMatch(/Math\.|\d\.\d|parseFloat|Number\(/);
    }
    expect(typeof sampleDiscreteLaplace(1n, 3n, seededBytes('type'))).toBe('bigint');
  });

  it('names the 95 % half-width of the noise', () => {
    const ratio = laplaceRatio(1, epsilonToMicro(0.5));
    const k = laplaceHalfWidth(ratio);
    const outside = (width: number) => (2 * ratio ** (width + 1)) / (1 + ratio);
    expect(outside(k)).toBeLessThanOrEqual(0.05);
    expect(outside(k - 1)).toBeGreaterThan(0.05);
    expect(k).toBe(6);
  });
});
