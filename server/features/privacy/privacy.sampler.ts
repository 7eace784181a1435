import { createHash, randomBytes } from 'node:crypto';

/*
 * The exact discrete Laplace sampler of Canonne, Kamath & Steinke, "The Discrete Gaussian for
 * Differential Privacy" (NeurIPS 2020), Algorithms 1 and 2: integer and rational arithmetic only,
 * on BigInt, from uniformly random bytes. No floating point touches a sample: a floating-point
 * Laplace leaks through the values it cannot produce (Mironov, CCS 2012). The noise of every
 * figure staff see is drawn here (docs/decisions/082-differentially-private-staff-figures.md).
 */

/** Uniformly random bytes: node:crypto in production, a seeded stream in tests. */
export type RandomBytes = (size: number) => Uint8Array;

/** node:crypto's bytes, taken 4 kB at a time (one call per draw cost more than the drawing). */
export const cryptoBytes: RandomBytes = (() => {
  let pool = Buffer.alloc(0);
  return (size: number) => {
    if (size > pool.length) pool = Buffer.concat([pool, randomBytes(Math.max(4096, size))]);
    const out = pool.subarray(0, size);
    pool = pool.subarray(size);
    return out;
  };
})();

/**
 * A deterministic byte stream for tests: SHA-256 of the seed and a counter, block after block.
 * Never used to noise an answer.
 */
export function seededBytes(seed: string): RandomBytes {
  let counter = 0;
  let pool = Buffer.alloc(0);
  return (size) => {
    while (pool.length < size) {
      const block = createHash('sha256').update(`${seed}:${counter++}`).digest();
      pool = Buffer.concat([pool, block]);
    }
    const out = pool.subarray(0, size);
    pool = pool.subarray(size);
    return out;
  };
}

/** A uniform integer in [0, n) by rejection: no modulo bias. */
export function uniformBelow(n: bigint, random: RandomBytes): bigint {
  if (n <= 0n) throw new RangeError('the range must hold at least one integer');
  if (n === 1n) return 0n;
  const bits = (n - 1n).toString(2).length;
  const bytes = (bits + 7) >> 3;
  const mask = (1n << BigInt(bits)) - 1n;
  for (;;) {
    let value = 0n;
    for (const byte of random(bytes)) value = (value << 8n) | BigInt(byte);
    value &= mask;
    if (value < n) return value;
  }
}

/** Bernoulli(numerator / denominator), 0 ≤ numerator ≤ denominator. */
export function bernoulli(numerator: bigint, denominator: bigint, random: RandomBytes): boolean {
  if (numerator < 0n || numerator > denominator) {
    throw new RangeError('a probability must lie between 0 and 1');
  }
  return uniformBelow(denominator, random) < numerator;
}

/** Bernoulli(exp(−numerator/denominator)) for a rational γ = numerator/denominator ≥ 0 (CKS Algorithm 1). */
export function bernoulliExpMinus(
  numerator: bigint,
  denominator: bigint,
  random: RandomBytes,
): boolean {
  if (numerator < 0n || denominator <= 0n) throw new RangeError('γ must be a rational ≥ 0');
  if (numerator <= denominator) {
    // γ ≤ 1: K is the first k with A_k = 0, A_k ~ Bernoulli(γ/k); exp(−γ) is P(K odd).
    let k = 1n;
    while (bernoulli(numerator, denominator * k, random)) k += 1n;
    return k % 2n === 1n;
  }
  // γ > 1: exp(−γ) = exp(−1)^⌊γ⌋ · exp(−(γ − ⌊γ⌋)).
  const whole = numerator / denominator;
  for (let i = 0n; i < whole; i += 1n) {
    if (!bernoulliExpMinus(1n, 1n, random)) return false;
  }
  return bernoulliExpMinus(numerator - whole * denominator, denominator, random);
}

/**
 * One draw of the discrete Laplace distribution with scale t/s (s, t positive integers):
 * P(Y = y) ∝ exp(−|y|·s/t) over all integers (CKS Algorithm 2).
 */
export function sampleDiscreteLaplace(s: bigint, t: bigint, random: RandomBytes): bigint {
  if (s <= 0n || t <= 0n) throw new RangeError('the scale t/s needs positive integers');
  for (;;) {
    const u = uniformBelow(t, random);
    if (!bernoulliExpMinus(u, t, random)) continue;
    let v = 0n;
    while (bernoulliExpMinus(1n, 1n, random)) v += 1n;
    const x = u + t * v;
    const y = x / s;
    const negative = bernoulli(1n, 2n, random);
    if (negative && y === 0n) continue;
    return negative ? -y : y;
  }
}

/** ε is configured as a decimal; it is used as the rational micros/1,000,000. */
export const EPSILON_DENOMINATOR = 1_000_000n;

export function epsilonToMicro(epsilon: number): bigint {
  const micro = BigInt(Math.round(epsilon * 1_000_000));
  if (micro <= 0n) throw new RangeError('ε must be at least one millionth');
  return micro;
}

/**
 * Noise for a figure of L1 sensitivity `sensitivity` (how much one member can change it, summed
 * over the figures drawn together) at `epsilonMicro` millionths of ε: discrete Laplace of scale
 * sensitivity/ε = (sensitivity · 10⁶) / epsilonMicro.
 */
export function laplaceNoise(
  sensitivity: number,
  epsilonMicro: bigint,
  random: RandomBytes = cryptoBytes,
): number {
  if (!Number.isInteger(sensitivity) || sensitivity <= 0) {
    throw new RangeError('a sensitivity is a positive whole number');
  }
  const t = BigInt(sensitivity) * EPSILON_DENOMINATOR;
  return Number(sampleDiscreteLaplace(epsilonMicro, t, random));
}

/**
 * The distribution's parameter p = exp(−ε/Δ) (P(Y = y) = (1−p)/(1+p) · p^|y|). Floating point
 * here is fine: it describes the noise (margins, tests), it never draws it.
 */
export function laplaceRatio(sensitivity: number, epsilonMicro: bigint): number {
  return Math.exp(-Number(epsilonMicro) / 1_000_000 / sensitivity);
}

/** The exact probability of one value, for tests and margins. */
export function laplaceProbability(value: number, ratio: number): number {
  return ((1 - ratio) / (1 + ratio)) * ratio ** Math.abs(value);
}

/** The smallest k with P(|Y| > k) ≤ 1 − level: the noise's half-width at that level (95 %: 0.95). */
export function laplaceHalfWidth(ratio: number, level = 0.95): number {
  // P(|Y| > k) = 2·p^(k+1) / (1 + p).
  if (ratio <= 0) return 0;
  const k = Math.log(((1 - level) * (1 + ratio)) / 2) / Math.log(ratio) - 1;
  return Math.max(0, Math.ceil(k - 1e-9));
}

/** The noise's variance, 2p/(1−p)². */
export function laplaceVariance(ratio: number): number {
  return (2 * ratio) / (1 - ratio) ** 2;
}
