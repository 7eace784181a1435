import {
  cryptoBytes,
  laplaceHalfWidth,
  laplaceNoise,
  laplaceRatio,
  laplaceVariance,
  type RandomBytes,
} from './privacy.sampler.ts';

/*
 * Noisy figures from exact ones (docs/decisions/082-differentially-private-staff-figures.md):
 * counts and clamped sums get discrete Laplace noise scaled to how much one member can change
 * them; a mean is a noisy sum over a noisy count. Each figure comes with its 95 % half-width.
 */

/** Splits an answer's ε (millionths) into parts by integer weights; the parts never sum to more. */
export function splitEpsilon(epsilonMicro: bigint, weights: readonly number[]): bigint[] {
  const total = BigInt(weights.reduce((sum, weight) => sum + weight, 0));
  return weights.map((weight) => (epsilonMicro * BigInt(weight)) / total);
}

export type NoisyCounts = { values: number[]; margin: number; variance: number };

/**
 * Counts drawn together with one share of ε: `sensitivity` is the most one member changes them
 * all together (L1), e.g. 1 for a member's one rating among five counts, 10 for their one answer
 * in each of ten demographic fields.
 */
export function noisyCounts(
  exact: readonly number[],
  sensitivity: number,
  epsilonMicro: bigint,
  random: RandomBytes = cryptoBytes,
): NoisyCounts {
  const ratio = laplaceRatio(sensitivity, epsilonMicro);
  return {
    values: exact.map((value) => value + laplaceNoise(sensitivity, epsilonMicro, random)),
    margin: laplaceHalfWidth(ratio),
    variance: laplaceVariance(ratio),
  };
}

/** A figure's value shown to staff: never below 0 (post-processing, free). */
export const atLeastZero = (value: number) => Math.max(0, value);

/**
 * Means of scores clamped to `bound` (0…bound): noisy sums over noisy counts, each mean with its
 * 95 % half-width (a normal approximation of the ratio's error from the two noises' variances),
 * null where the noisy count is under 1. Sums and counts come from the database in whole numbers
 * (scores are stored rounded).
 *
 * The sums are of each score's distance from the middle of the range, so one member moves an
 * entry's sum by at most half the range: half the noise of a sum of raw scores, and a count's
 * noise weighs on a mean only as far as the mean lies from the middle.
 */
export function noisyMeans(
  exact: readonly { count: number; sum: number }[],
  bound: number,
  epsilonMicro: { counts: bigint; sums: bigint },
  random: RandomBytes = cryptoBytes,
  /** How many of the entries one member has (all of them unless they are parts of several groups). */
  entriesPerMember = exact.length,
): { means: (number | null)[]; margins: (number | null)[]; counts: number[] } {
  const entries = entriesPerMember;
  const counts = noisyCounts(
    exact.map((entry) => entry.count),
    Math.max(1, entries),
    epsilonMicro.counts,
    random,
  );
  const middle = Math.floor(bound / 2);
  const sums = noisyCounts(
    exact.map((entry) => Math.round(entry.sum) - middle * entry.count),
    Math.max(1, entries * (bound - middle)),
    epsilonMicro.sums,
    random,
  );
  const means: (number | null)[] = [];
  const margins: (number | null)[] = [];
  exact.forEach((_, index) => {
    const count = counts.values[index]!;
    if (count < 1) {
      means.push(null);
      margins.push(null);
      return;
    }
    const mean = Math.min(bound, Math.max(0, middle + sums.values[index]! / count));
    const fromMiddle = mean - middle;
    const margin =
      (1.96 * Math.sqrt(sums.variance + fromMiddle * fromMiddle * counts.variance)) / count;
    means.push(Math.round(mean * 10) / 10);
    margins.push(Math.round(margin * 10) / 10);
  });
  // The noisy counts too, for the small-group rule (post-processing).
  return { means, margins, counts: counts.values };
}
