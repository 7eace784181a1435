import { describe, expect, it } from 'vitest';
import { noisyMeans } from './privacy.figures.ts';
import { seededBytes } from './privacy.sampler.ts';

describe('noisy means', () => {
  it('noise a sum by half the range a member can move it: scores are summed from the middle', () => {
    // 100 members averaging exactly 50 on one entry of 0–100, at ε 1 for the sum and for the
    // count: the count's noise (Δ 1) barely moves a mean that sits at the middle, so the mean's
    // error times the count is the sum's noise. A member moves a sum of distances from the middle
    // by at most 50: discrete Laplace of scale 50, variance about 2·50² = 5,000 (a sum of raw
    // scores would need scale 100, variance about 20,000).
    const random = seededBytes('noisy means');
    const errors: number[] = [];
    for (let trial = 0; trial < 4000; trial++) {
      const { means } = noisyMeans(
        [{ count: 100, sum: 5000 }],
        100,
        { counts: 1_000_000n, sums: 1_000_000n },
        random,
      );
      errors.push((means[0]! - 50) * 100);
    }
    const variance = errors.reduce((sum, error) => sum + error * error, 0) / errors.length;
    expect(variance).toBeGreaterThan(3_500);
    expect(variance).toBeLessThan(7_000);
  });

  it('gives each mean the 95 % half-width of that noise', () => {
    const { means, margins } = noisyMeans(
      [{ count: 100, sum: 5000 }],
      100,
      { counts: 1_000_000n, sums: 1_000_000n },
      seededBytes('half-width'),
    );
    expect(means[0]).not.toBeNull();
    // 1.96 · √(2p/(1−p)²) / 100 with p = exp(−1/50): about 1.38.
    expect(margins[0]).toBeGreaterThan(1.2);
    expect(margins[0]).toBeLessThan(1.6);
  });
});
