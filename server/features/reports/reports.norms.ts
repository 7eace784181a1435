import { percentileAmongOthers } from '../../../contract/report-readings.ts';
import { ITEM_STANDARD_DEVIATION } from '../instruments/index.ts';
import { mayShowWhole } from '../privacy/index.ts';

/*
 * The statistics of a report against the members who have it (docs/decisions/041): the norms the
 * background job keeps (mean, SD, reliability, a histogram of scores), and what a member's score
 * reads from them (its 90 % interval and percentile; how a score then reads, its band, leaning
 * and letters, is contract/report-readings.ts). Pure: no database, no clock.
 */

/** z for a two-sided 90 % interval: the half-width is 1.645 standard errors. */
export const Z_90 = 1.645;

/** Members an element's reliability must be measured on before it replaces the item-count formula. */
export const MEMBERS_FOR_RELIABILITY = 100;

/** Scores run 0–100 in whole points: one histogram bucket each. */
export const HISTOGRAM_BUCKETS = 101;

/** One entry's norm (an element or a total) over the members who have a score on it. */
export type Norm = {
  /** Members with a score on the entry. */
  members: number;
  /** Mean of their rounded scores; null without members. */
  mean: number | null;
  /** Sample standard deviation of those scores; null under two members. */
  sd: number | null;
  /** Cronbach's alpha of the element's full item set over its members; null for a total or when it cannot be computed. */
  alpha: number | null;
  /** Members per rounded score 0…100. */
  histogram: readonly number[];
};

export const emptyNorm: Norm = {
  members: 0,
  mean: null,
  sd: null,
  alpha: null,
  histogram: Array.from({ length: HISTOGRAM_BUCKETS }, () => 0),
};

/** The norm of one entry from its members' rounded scores (0–100 integers). */
export function summarizeScores(scores: readonly number[]): Omit<Norm, 'alpha'> {
  const histogram = Array.from({ length: HISTOGRAM_BUCKETS }, () => 0);
  if (scores.length === 0) return { members: 0, mean: null, sd: null, histogram };
  let sum = 0;
  for (const score of scores) {
    if (!Number.isInteger(score) || score < 0 || score > 100) {
      throw new RangeError(`a score must be a whole number from 0 to 100, got ${score}`);
    }
    histogram[score] = (histogram[score] ?? 0) + 1;
    sum += score;
  }
  const mean = sum / scores.length;
  if (scores.length < 2) return { members: scores.length, mean, sd: null, histogram };
  const squares = scores.reduce((total, score) => total + (score - mean) ** 2, 0);
  return { members: scores.length, mean, sd: Math.sqrt(squares / (scores.length - 1)), histogram };
}

/**
 * Spearman–Brown: the reliability of k of an element's n items, from the alpha of all n. The
 * average inter-item correlation is ρ̄ = α_n / (n − (n−1)·α_n), and k items of it give
 * α_k = k·ρ̄ / (1 + (k−1)·ρ̄); at k = n this is α_n again.
 */
export function reliabilityOfPart(alphaOfAll: number, itemCount: number, answered: number): number {
  if (!(itemCount >= 1) || !(answered >= 1)) {
    throw new RangeError(`item counts must be positive, got n=${itemCount}, k=${answered}`);
  }
  const meanCorrelation = alphaOfAll / (itemCount - (itemCount - 1) * alphaOfAll);
  return (answered * meanCorrelation) / (1 + (answered - 1) * meanCorrelation);
}

/** Whether a norm's reliability is measured well enough to give the standard error. */
export function hasMeasuredReliability(norm: Norm | undefined): boolean {
  if (!norm || norm.members < MEMBERS_FOR_RELIABILITY) return false;
  // An alpha at or below 0 (items that do not hang together) or of 1 says nothing usable.
  return norm.alpha !== null && norm.alpha > 0 && norm.alpha < 1 && norm.sd !== null;
}

/**
 * The standard error of an element score from `answered` of its `itemCount` items: the standard
 * error of measurement SD·√(1 − α_k) once the element's reliability is measured on enough members
 * (α_k: its alpha stepped to the member's item count), else the domain-sampling formula of
 * docs/decisions/010, ITEM_STANDARD_DEVIATION / √k.
 */
export function elementStandardError(
  answered: number,
  itemCount: number,
  norm: Norm | undefined,
): number {
  if (answered < 1) throw new RangeError('an unscored element has no standard error');
  if (norm && hasMeasuredReliability(norm)) {
    const reliability = reliabilityOfPart(norm.alpha!, itemCount, answered);
    return norm.sd! * Math.sqrt(1 - reliability);
  }
  return ITEM_STANDARD_DEVIATION / Math.sqrt(answered);
}

/** A total is the mean of its m elements, so its standard error is √(Σ SE_i²) / m. */
export function totalStandardError(elementErrors: readonly number[]): number {
  if (elementErrors.length === 0) throw new RangeError('a total needs elements');
  const squares = elementErrors.reduce((sum, error) => sum + error ** 2, 0);
  return Math.sqrt(squares) / elementErrors.length;
}

/** The half-width of the 90 % interval, in score points to one decimal (what the card shows). */
export function halfWidthOf(standardError: number): number {
  return Math.round(Z_90 * standardError * 10) / 10;
}

/**
 * A member's comparison group in a norm: the other members with a score on the entry, split into
 * those below the member's score and those level with it. The norm counts the member once the job
 * has run after their answers; they are taken to be one of the members at their score, so a
 * member alone at the top is above every other (docs/decisions/071). Until the next run after a
 * changed answer this can be one member off.
 */
export function comparisonGroupOf(score: number, norm: Norm) {
  let below = 0;
  for (let bucket = 0; bucket < score; bucket++) below += norm.histogram[bucket] ?? 0;
  const equal = norm.histogram[score] ?? 0;
  const self = equal > 0 ? 1 : 0;
  return { below, level: equal - self, others: norm.members - self };
}

/**
 * The percentile of a score among the other members of the norm (contract/report-readings.ts,
 * `percentileAmongOthers`): within 1–99, null under 30 others.
 */
export function percentileOf(score: number, norm: Norm): number | null {
  return percentileAmongOthers(comparisonGroupOf(score, norm));
}

/**
 * The community average to one decimal, withheld (null) for groups the privacy module's rule
 * withholds (under `minimumGroupSize`). Exact: staff see it noised (reports.service.ts).
 */
export function communityAverageOf(norm: Norm, minimumGroupSize: number): number | null {
  if (norm.mean === null || !mayShowWhole(norm.members, minimumGroupSize)) return null;
  return Math.round(norm.mean * 10) / 10;
}
