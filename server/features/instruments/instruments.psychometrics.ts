import type { Item, Keying } from './instruments.content.ts';

/** A source of uniform numbers in [0, 1). */
export type Random = () => number;

/**
 * mulberry32: a small 32-bit generator, good enough for demo data and fully reproducible from its
 * seed, so the demo database is the same on every machine.
 */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a: a stable 32-bit seed from a string such as a username. */
export function seedFromString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A standard normal draw (Box–Muller). */
export function standardNormal(random: Random): number {
  const u = 1 - random(); // (0, 1]: log(0) would be -Infinity
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

export type KeyingBalance = { plus: number; minus: number; isBalanced: boolean };

/** Counts `+` and `-` items; balanced when equal, so agreeing with everything lands on 50. */
export function keyingBalance(items: readonly Pick<Item, 'keying'>[]): KeyingBalance {
  const plus = items.filter((item) => item.keying === '+').length;
  const minus = items.length - plus;
  return { plus, minus, isBalanced: plus === minus };
}

/**
 * Cronbach's alpha for one element: rows are respondents, columns the element's items as keyed
 * scores, undefined where unanswered. Variances and covariances are taken over pairwise-complete
 * respondents (as R's psych::alpha does by default), so a respondent who skipped an item still
 * counts for the others. Alpha = k/(k−1) · (1 − Σ var_i / (Σ var_i + 2 Σ_{i<j} cov_ij)).
 * Null when it cannot be computed: fewer than two items, a pair with fewer than two common
 * respondents, or no variance at all.
 */
export function cronbachAlpha(rows: readonly (readonly (number | undefined)[])[]): number | null {
  const accumulator = createAlphaAccumulator(rows[0]?.length ?? 0);
  for (const row of rows) accumulator.add(row);
  return accumulator.alpha();
}

export type AlphaAccumulator = {
  /** One respondent's keyed item scores, undefined where unanswered. */
  add(row: readonly (number | undefined)[]): void;
  /** `cronbachAlpha` of every row added so far. */
  alpha(): number | null;
};

/**
 * `cronbachAlpha` over respondents added one at a time: it keeps, per pair of items, the count and
 * sums of their pairwise-complete answers (k² numbers), never the rows, so the norms of a report
 * answered by any number of members take the same memory.
 */
export function createAlphaAccumulator(itemCount: number): AlphaAccumulator {
  const size = itemCount * itemCount;
  const counts = new Float64Array(size);
  const sumsA = new Float64Array(size);
  const sumsB = new Float64Array(size);
  const sumsAB = new Float64Array(size);
  return {
    add(row) {
      for (let i = 0; i < itemCount; i++) {
        const a = row[i];
        if (a === undefined) continue;
        for (let j = i; j < itemCount; j++) {
          const b = row[j];
          if (b === undefined) continue;
          const at = i * itemCount + j;
          counts[at]! += 1;
          sumsA[at]! += a;
          sumsB[at]! += b;
          sumsAB[at]! += a * b;
        }
      }
    },
    alpha() {
      if (itemCount < 2) return null;
      let itemVariances = 0;
      let covariances = 0;
      for (let i = 0; i < itemCount; i++) {
        for (let j = i; j < itemCount; j++) {
          const at = i * itemCount + j;
          const n = counts[at]!;
          if (n < 2) return null;
          const covariance = (sumsAB[at]! - (sumsA[at]! * sumsB[at]!) / n) / (n - 1);
          if (i === j) itemVariances += covariance;
          else covariances += covariance;
        }
      }
      const totalVariance = itemVariances + 2 * covariances;
      if (totalVariance <= 0) return null;
      return (itemCount / (itemCount - 1)) * (1 - itemVariances / totalVariance);
    },
  };
}

export type LatentAnswerOptions = {
  /** How strongly each item reflects the latent trait, 0–1. */
  loading: number;
  /** The respondent's tendency to agree whatever the statement, in latent units. */
  acquiescence: number;
  /** Per item: how much more (positive) or less popular the statement is than its trait implies. */
  itemOffset: (itemId: string) => number;
};

/**
 * Answers one element's items from a latent trait θ (standard normal units, positive = high on the
 * element) with a graded response model: agreement = loading·(±θ) + acquiescence + offset + noise,
 * cut into five categories at ±0.5 and ±1.5; the strongest agreement is rating 1. A `-` item is
 * agreed with by people low on θ. Deterministic for a given `random`.
 */
export function generateLatentAnswers(
  items: readonly Pick<Item, 'id' | 'keying'>[],
  theta: number,
  random: Random,
  options: LatentAnswerOptions,
): Map<string, number> {
  const noiseWeight = Math.sqrt(1 - options.loading ** 2);
  const answers = new Map<string, number>();
  for (const item of items) {
    const direction = keyingSign(item.keying);
    const agreement =
      options.loading * direction * theta +
      options.acquiescence +
      options.itemOffset(item.id) +
      noiseWeight * standardNormal(random);
    answers.set(item.id, ratingForAgreement(agreement));
  }
  return answers;
}

function keyingSign(keying: Keying): number {
  return keying === '+' ? 1 : -1;
}

/** Agreement in latent units → 1 (Strongly Agree) … 5 (Strongly Disagree). */
export function ratingForAgreement(agreement: number): number {
  if (agreement > 1.5) return 1;
  if (agreement > 0.5) return 2;
  if (agreement >= -0.5) return 3;
  if (agreement >= -1.5) return 4;
  return 5;
}
