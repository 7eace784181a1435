/**
 * The few pieces of maths that no numeric library we use provides: a seeded random generator,
 * k-means over weighted points (ml-kmeans has no weights), the silhouette of such a clustering,
 * Pol.is's proportion tests, and the adjusted Rand index used to compare two groupings.
 * See docs/decisions/051-opinion-groups.md.
 */

/** Mulberry32: a small, fast 32-bit seeded generator; the same seed gives the same sequence. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Points in two dimensions, each standing for `weight` voters at the same place. */
export type WeightedPoints = { x: Float64Array; y: Float64Array; weight: Float64Array };

export type WeightedClustering = {
  /** Cluster index of each point. */
  assignment: Int32Array;
  centers: { x: number; y: number }[];
  /** Weighted sum of squared distances to the assigned centre. */
  inertia: number;
};

function nearestCenter(px: number, py: number, centers: { x: number; y: number }[]): number {
  let best = 0;
  let bestDistance = Infinity;
  for (let c = 0; c < centers.length; c++) {
    const dx = px - centers[c]!.x;
    const dy = py - centers[c]!.y;
    const distance = dx * dx + dy * dy;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = c;
    }
  }
  return best;
}

/** k-means++ seeding where a point's chance is its weight times its squared distance. */
function seedCenters(points: WeightedPoints, k: number, random: () => number) {
  const n = points.x.length;
  const centers: { x: number; y: number }[] = [];
  const pick = (scores: Float64Array) => {
    let total = 0;
    for (let i = 0; i < n; i++) total += scores[i]!;
    let target = random() * total;
    for (let i = 0; i < n; i++) {
      target -= scores[i]!;
      if (target < 0 && scores[i]! > 0) return i;
    }
    for (let i = n - 1; i >= 0; i--) if (scores[i]! > 0) return i;
    return 0;
  };
  const first = pick(points.weight);
  centers.push({ x: points.x[first]!, y: points.y[first]! });
  const nearest = new Float64Array(n).fill(Infinity);
  while (centers.length < k) {
    const last = centers[centers.length - 1]!;
    const scores = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const dx = points.x[i]! - last.x;
      const dy = points.y[i]! - last.y;
      nearest[i] = Math.min(nearest[i]!, dx * dx + dy * dy);
      scores[i] = nearest[i]! * points.weight[i]!;
    }
    const chosen = pick(scores);
    centers.push({ x: points.x[chosen]!, y: points.y[chosen]! });
  }
  return centers;
}

/** Lloyd's iterations from the given centres until no point changes cluster. */
function lloyd(points: WeightedPoints, initial: { x: number; y: number }[]): WeightedClustering {
  const n = points.x.length;
  const k = initial.length;
  const assignment = new Int32Array(n).fill(-1);
  let centers = initial.map((center) => ({ ...center }));
  for (let iteration = 0; iteration < 300; iteration++) {
    let changed = false;
    for (let i = 0; i < n; i++) {
      const c = nearestCenter(points.x[i]!, points.y[i]!, centers);
      if (c !== assignment[i]) {
        assignment[i] = c;
        changed = true;
      }
    }
    if (!changed) break;
    const sumX = new Float64Array(k);
    const sumY = new Float64Array(k);
    const sumWeight = new Float64Array(k);
    for (let i = 0; i < n; i++) {
      const c = assignment[i]!;
      const w = points.weight[i]!;
      sumX[c]! += w * points.x[i]!;
      sumY[c]! += w * points.y[i]!;
      sumWeight[c]! += w;
    }
    // An emptied cluster keeps its centre (as ml-kmeans does); the caller rejects empty clusters.
    centers = centers.map((center, c) =>
      sumWeight[c]! > 0 ? { x: sumX[c]! / sumWeight[c]!, y: sumY[c]! / sumWeight[c]! } : center,
    );
  }
  let inertia = 0;
  for (let i = 0; i < n; i++) {
    const center = centers[assignment[i]!]!;
    const dx = points.x[i]! - center.x;
    const dy = points.y[i]! - center.y;
    inertia += points.weight[i]! * (dx * dx + dy * dy);
  }
  return { assignment, centers, inertia };
}

/**
 * Weighted k-means: the best (lowest inertia) of `restarts` seeded k-means++ runs, plus one run
 * from each of the `starts` centre sets given (previous groups' centres, for stable groups).
 */
export function weightedKMeans(
  points: WeightedPoints,
  k: number,
  options: { random: () => number; restarts: number; starts?: { x: number; y: number }[][] },
): WeightedClustering {
  let best: WeightedClustering | null = null;
  const runs = [
    ...(options.starts ?? []).filter((start) => start.length === k),
    ...Array.from({ length: options.restarts }, () => seedCenters(points, k, options.random)),
  ];
  for (const start of runs) {
    const result = lloyd(points, start);
    // A strict `<` keeps the earliest run on ties, so a start from previous groups wins a tie.
    if (!best || result.inertia < best.inertia - 1e-12) best = result;
  }
  return best!;
}

/**
 * Mean silhouette of a clustering of weighted points, each weighted point counting as `weight`
 * voters at the same place: exactly the silhouette of the voters with each voter moved to its
 * base cluster's centre. A cluster of one voter scores 0, as in Rousseeuw's definition.
 */
export function weightedSilhouette(
  points: WeightedPoints,
  assignment: Int32Array,
  k: number,
): number {
  const n = points.x.length;
  const clusterWeight = new Float64Array(k);
  for (let i = 0; i < n; i++) clusterWeight[assignment[i]!]! += points.weight[i]!;
  let total = 0;
  let totalWeight = 0;
  const distanceSums = new Float64Array(k);
  for (let i = 0; i < n; i++) {
    distanceSums.fill(0);
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      const dx = points.x[i]! - points.x[j]!;
      const dy = points.y[i]! - points.y[j]!;
      distanceSums[assignment[j]!]! += points.weight[j]! * Math.sqrt(dx * dx + dy * dy);
    }
    const own = assignment[i]!;
    const weight = points.weight[i]!;
    totalWeight += weight;
    if (clusterWeight[own]! <= 1) continue;
    const a = distanceSums[own]! / (clusterWeight[own]! - 1);
    let b = Infinity;
    for (let c = 0; c < k; c++) {
      if (c !== own && clusterWeight[c]! > 0) b = Math.min(b, distanceSums[c]! / clusterWeight[c]!);
    }
    const denominator = Math.max(a, b);
    if (Number.isFinite(b) && denominator > 0) total += (weight * (b - a)) / denominator;
  }
  return totalWeight > 0 ? total / totalWeight : 0;
}

/** Pol.is's one-proportion test (repness.clj `prop-test`): z of `successes` of `trials` against ½, with pseudocounts. */
export function proportionZ(successes: number, trials: number): number {
  const s = successes + 1;
  const n = trials + 1;
  return 2 * Math.sqrt(n) * (s / n - 0.5);
}

/** Pol.is's two-proportion test (repness.clj `two-prop-test`), with pseudocounts. */
export function twoProportionZ(
  successesIn: number,
  successesOut: number,
  trialsIn: number,
  trialsOut: number,
): number {
  const s1 = successesIn + 1;
  const s2 = successesOut + 1;
  const n1 = trialsIn + 1;
  const n2 = trialsOut + 1;
  const pooled = (s1 + s2) / (n1 + n2);
  if (pooled >= 1) return 0;
  return (s1 / n1 - s2 / n2) / Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
}

/** One-tailed 90 % significance, Pol.is's `z-sig-90?`. */
export const Z_90 = 1.2816;

/**
 * Adjusted Rand index of two labellings of the same items (Hubert & Arabie 1985): 1 for identical
 * partitions, about 0 for independent ones. Labels may be any strings or numbers.
 */
export function adjustedRandIndex<L>(a: readonly L[], b: readonly L[]): number {
  if (a.length !== b.length) throw new RangeError('Both labellings must cover the same items.');
  const n = a.length;
  const pairs = (m: number) => (m * (m - 1)) / 2;
  const table = new Map<L, Map<L, number>>();
  const rows = new Map<L, number>();
  const columns = new Map<L, number>();
  for (let i = 0; i < n; i++) {
    const row = table.get(a[i]!) ?? new Map<L, number>();
    row.set(b[i]!, (row.get(b[i]!) ?? 0) + 1);
    table.set(a[i]!, row);
    rows.set(a[i]!, (rows.get(a[i]!) ?? 0) + 1);
    columns.set(b[i]!, (columns.get(b[i]!) ?? 0) + 1);
  }
  let index = 0;
  for (const row of table.values()) for (const count of row.values()) index += pairs(count);
  let rowPairs = 0;
  for (const count of rows.values()) rowPairs += pairs(count);
  let columnPairs = 0;
  for (const count of columns.values()) columnPairs += pairs(count);
  const expected = (rowPairs * columnPairs) / pairs(n);
  const maximum = (rowPairs + columnPairs) / 2;
  if (maximum === expected) return 1;
  return (index - expected) / (maximum - expected);
}
