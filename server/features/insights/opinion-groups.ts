/**
 * Opinion groups, the Pol.is way, for one topic's votes: who is grouped, PCA of the vote matrix
 * (missing votes imputed with the statement's mean, sparse voters scaled up), ~100 base clusters,
 * then k-means over the base clusters for k = 2…5 chosen by silhouette; per group its most
 * representative statements (Pol.is's repness), and the statements every group agrees with or
 * that split the groups. Pure: no database, no server; the jobs queue and the CLI both call
 * `computeOpinionGroups`. The method, its thresholds and where it departs from Pol.is:
 * docs/decisions/051-opinion-groups.md.
 */
import { kmeans } from 'ml-kmeans';
import { Matrix } from 'ml-matrix';
import { PCA } from 'ml-pca';
import {
  proportionZ,
  seededRandom,
  twoProportionZ,
  weightedKMeans,
  weightedSilhouette,
  Z_90,
  type WeightedPoints,
} from './opinion-groups.maths.ts';

/** One vote: +1 agree … −1 disagree, 0 pass/neutral; fractional values allowed (see `fromFivePoint`). */
export type GroupVote = { voter: string; statement: string; vote: number };

/** A five-point rating (1 = Strongly Agree … 5 = Strongly Disagree) on Pol.is's −1…+1 scale. */
export function fromFivePoint(rating: 1 | 2 | 3 | 4 | 5): number {
  return [1, 0.5, 0, -0.5, -1][rating - 1]!;
}

export type OpinionGroupsOptions = {
  /** Seed of every random choice (k-means seeding); the default is fixed, so results are deterministic. */
  seed?: number;
  /** Groups of the last compute: a group keeps its id when its membership barely changed. */
  previous?: { id: number; voters: string[] }[];
  /** Votes a voter needs to be grouped; default as Pol.is: min(7, number of statements). */
  minVotesPerVoter?: number;
  /** Most groups to consider; default 5, as Pol.is. */
  maxGroups?: number;
  /**
   * Fewest voters in a group, and fewest of a group's voters behind any per-statement figure of
   * that group (the server passes MIN_GROUP_SIZE); default 10.
   */
  minGroupSize?: number;
  /**
   * Statements taken out by moderation. Their votes are ignored; as in Pol.is (which zeroes a
   * moderated comment's column), each still counts as a pass by every voter in the projection's
   * sparsity scaling, but not towards the votes a voter needs to be grouped.
   */
  moderatedOut?: readonly string[];
};

export type RepresentativeStatement = {
  statement: string;
  /** Share (0…1) of the group's voters on this statement who agree (vote > 0). */
  agree: number;
  /** Share (0…1) of the group's voters on this statement who disagree (vote < 0). */
  disagree: number;
  /** How many times likelier the group is than the rest to vote this way (Pol.is's `ra`/`rd`). */
  repness: number;
  direction: 'agree' | 'disagree';
};

export type OpinionGroups = {
  /** Every voter, sorted by id. `group` null: too few votes to be grouped; x, y: PCA projection. */
  voters: { voter: string; group: number | null; x: number; y: number }[];
  /** Sorted by id. */
  groups: {
    id: number;
    size: number;
    /** Sorted by id. */
    voters: string[];
    /** Best first, at most 5. */
    representative: RepresentativeStatement[];
  }[];
  /** Statements every group agrees with, best first, at most 5; `agree` is the lowest group's share. */
  consensus: { statement: string; agree: number }[];
  /** Statements one group leans to agree with and another to disagree, at most 5; `spread` = max − min of the groups' mean votes (0…2). */
  divisive: { statement: string; spread: number }[];
  k: number;
  /** Mean silhouette of the chosen grouping (−1…1). */
  silhouette: number | null;
} | null;

/** Pol.is's defaults (conversation.clj): base clusters, most groups, votes to be grouped. */
const BASE_CLUSTERS = 100;
const MAX_GROUPS = 5;
const MIN_VOTES = 7;
const DEFAULT_MIN_GROUP_SIZE = 10;
const DEFAULT_SEED = 20261126;
/**
 * Silhouettes this close count as a tie: among tied k, the previous k is kept, else the smallest.
 * On weakly grouped conversations the silhouettes of several k differ by less than the noise of
 * k-means seeding, and Pol.is likewise keeps k until another has won several updates in a row.
 */
const K_TIE = 0.02;
const GROUP_RESTARTS = 20;
/** A new group takes a previous group's id when their memberships' Jaccard index is at least this. */
const SAME_GROUP_JACCARD = 0.5;
const REPRESENTATIVES_PER_GROUP = 5;
const LISTED_STATEMENTS = 5;

type VoteMatrix = {
  voters: string[];
  statements: string[];
  /** Row-major voters × statements; NaN where the voter did not vote. */
  values: Float64Array;
  votesPerVoter: Int32Array;
};

/** Step 1: the voter × statement matrix, in sorted order so the input's order does not matter. */
export function buildVoteMatrix(votes: readonly GroupVote[]): VoteMatrix {
  const voterIndex = new Map<string, number>();
  const statementIndex = new Map<string, number>();
  for (const { voter, statement, vote } of votes) {
    if (!Number.isFinite(vote) || vote < -1 || vote > 1)
      throw new RangeError(`Vote ${vote} of ${voter} on ${statement} is not between −1 and 1.`);
    voterIndex.set(voter, 0);
    statementIndex.set(statement, 0);
  }
  const voters = [...voterIndex.keys()].sort(compareIds);
  const statements = [...statementIndex.keys()].sort(compareIds);
  voters.forEach((voter, i) => voterIndex.set(voter, i));
  statements.forEach((statement, j) => statementIndex.set(statement, j));
  const m = statements.length;
  const values = new Float64Array(voters.length * m).fill(NaN);
  const votesPerVoter = new Int32Array(voters.length);
  // A later vote by the same voter on the same statement replaces the earlier one.
  for (const { voter, statement, vote } of votes) {
    const i = voterIndex.get(voter)!;
    const cell = i * m + statementIndex.get(statement)!;
    if (Number.isNaN(values[cell]!)) votesPerVoter[i]! += 1;
    values[cell] = vote;
  }
  return { voters, statements, values, votesPerVoter };
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Step 3: PCA on the grouped voters' rows, missing votes imputed with the statement's mean vote,
 * then every voter projected and scaled by √(statements / own votes), as Pol.is does so that a
 * voter who saw few statements is not pulled to the centre. `zeroed` moderated statements count
 * in both, as passes by every voter (Pol.is's zeroed columns; they add nothing to the PCA).
 */
function projectVoters(matrix: VoteMatrix, grouped: number[], zeroed: number) {
  const m = matrix.statements.length;
  const means = new Float64Array(m);
  const counts = new Float64Array(m);
  for (const i of grouped) {
    for (let j = 0; j < m; j++) {
      const value = matrix.values[i * m + j]!;
      if (!Number.isNaN(value)) {
        means[j]! += value;
        counts[j]! += 1;
      }
    }
  }
  for (let j = 0; j < m; j++) means[j] = counts[j]! > 0 ? means[j]! / counts[j]! : 0;
  const imputedRow = (i: number) => {
    const row = new Float64Array(m);
    for (let j = 0; j < m; j++) {
      const value = matrix.values[i * m + j]!;
      row[j] = Number.isNaN(value) ? means[j]! : value;
    }
    return row;
  };
  const pca = new PCA(new Matrix(grouped.map(imputedRow)), { method: 'covarianceMatrix' });
  const eigenvectors = pca.getEigenvectors();
  const components = [0, 1].map((c) => {
    const loading = Float64Array.from({ length: m }, (_, j) => eigenvectors.get(j, c));
    // An eigenvector's sign is arbitrary: fix it so the largest loading is positive.
    let largest = 0;
    for (let j = 1; j < m; j++)
      if (Math.abs(loading[j]!) > Math.abs(loading[largest]!)) largest = j;
    if (loading[largest]! < 0) for (let j = 0; j < m; j++) loading[j] = -loading[j]!;
    return loading;
  });
  const x = new Float64Array(matrix.voters.length);
  const y = new Float64Array(matrix.voters.length);
  for (let i = 0; i < matrix.voters.length; i++) {
    const row = imputedRow(i);
    const scale = Math.sqrt((m + zeroed) / Math.max(matrix.votesPerVoter[i]! + zeroed, 1));
    let px = 0;
    let py = 0;
    for (let j = 0; j < m; j++) {
      const centred = row[j]! - means[j]!;
      px += centred * components[0]![j]!;
      py += centred * components[1]![j]!;
    }
    x[i] = px * scale;
    y[i] = py * scale;
  }
  return { x, y };
}

/**
 * Step 4: Pol.is's base clusters, k-means (ml-kmeans, seeded) into at most 100 clusters of
 * grouped voters; the group clustering then works on these few weighted points.
 */
function clusterBase(x: Float64Array, y: Float64Array, grouped: number[], seed: number) {
  const points = grouped.map((i) => [x[i]!, y[i]!]);
  const distinct = new Set(points.map(([px, py]) => `${px},${py}`)).size;
  const k = Math.min(BASE_CLUSTERS, distinct);
  const labels =
    k === distinct && distinct === points.length
      ? points.map((_, index) => index)
      : kmeans(points, k, { seed, initialization: 'kmeans++', maxIterations: 100 }).clusters;
  const sumX = new Float64Array(k);
  const sumY = new Float64Array(k);
  const weight = new Float64Array(k);
  labels.forEach((label, index) => {
    sumX[label]! += points[index]![0]!;
    sumY[label]! += points[index]![1]!;
    weight[label]! += 1;
  });
  const kept = [...weight.keys()].filter((label) => weight[label]! > 0);
  const renumber = new Int32Array(k).fill(-1);
  kept.forEach((label, index) => (renumber[label] = index));
  const base: WeightedPoints = {
    x: Float64Array.from(kept, (label) => sumX[label]! / weight[label]!),
    y: Float64Array.from(kept, (label) => sumY[label]! / weight[label]!),
    weight: Float64Array.from(kept, (label) => weight[label]!),
  };
  return { base, baseOfGrouped: Int32Array.from(labels, (label) => renumber[label]!) };
}

/**
 * Step 5: group the base clusters for k = 2…max and keep the k with the best silhouette. As in
 * Pol.is, max = min(maxGroups, 2 + base clusters / 12). Groupings with a group under
 * `minGroupSize` voters are not candidates. Silhouettes within K_TIE of the best are a tie, won
 * by the previous k, else by the fewest groups.
 */
function chooseGroups(
  base: WeightedPoints,
  options: { maxGroups: number; minGroupSize: number; seed: number; previousK: number | null },
  previousCenters: { x: number; y: number }[] | null,
) {
  const baseCount = base.x.length;
  const maxK = Math.min(options.maxGroups, 2 + Math.floor(baseCount / 12), baseCount);
  const random = seededRandom(options.seed);
  const candidates: { k: number; assignment: Int32Array; silhouette: number }[] = [];
  for (let k = 2; k <= maxK; k++) {
    const clustering = weightedKMeans(base, k, {
      random,
      restarts: GROUP_RESTARTS,
      starts: previousCenters ? [previousCenters] : [],
    });
    const sizes = new Float64Array(k);
    clustering.assignment.forEach((c, index) => (sizes[c]! += base.weight[index]!));
    if (sizes.some((size) => size < options.minGroupSize)) continue;
    const silhouette = weightedSilhouette(base, clustering.assignment, k);
    candidates.push({ k, assignment: clustering.assignment, silhouette });
  }
  if (candidates.length === 0) return null;
  const bestSilhouette = Math.max(...candidates.map((candidate) => candidate.silhouette));
  const tied = candidates.filter((candidate) => candidate.silhouette >= bestSilhouette - K_TIE);
  return tied.find((candidate) => candidate.k === options.previousK) ?? tied[0]!;
}

/**
 * Step 6: group ids. Without previous groups, 0, 1, … by size (largest first). With them, the
 * pairing of new and previous groups that shares the most voters; a new group keeps the paired
 * previous id when their Jaccard index is at least ½, any other group gets a fresh id.
 */
function assignIds(
  members: string[][],
  previous: { id: number; voters: string[] }[] | undefined,
): number[] {
  const bySize = members
    .map((voters, index) => ({ index, voters }))
    .sort((a, b) => b.voters.length - a.voters.length || compareIds(a.voters[0]!, b.voters[0]!));
  const ids = new Array<number>(members.length).fill(-1);
  if (!previous || previous.length === 0) {
    bySize.forEach(({ index }, rank) => (ids[index] = rank));
    return ids;
  }
  const previousSets = previous.map((group) => new Set(group.voters));
  const overlap = members.map((voters) =>
    previousSets.map((set) => voters.filter((voter) => set.has(voter)).length),
  );
  let bestPairs: number[] = [];
  let bestTotal = -1;
  const search = (index: number, used: Set<number>, pairs: number[], total: number) => {
    if (index === members.length) {
      if (total > bestTotal) {
        bestTotal = total;
        bestPairs = [...pairs];
      }
      return;
    }
    for (let p = -1; p < previous.length; p++) {
      if (p >= 0 && used.has(p)) continue;
      if (p >= 0) used.add(p);
      pairs.push(p);
      search(index + 1, used, pairs, total + (p >= 0 ? overlap[index]![p]! : 0));
      pairs.pop();
      if (p >= 0) used.delete(p);
    }
  };
  search(0, new Set(), [], 0);
  bestPairs.forEach((p, index) => {
    if (p < 0) return;
    const shared = overlap[index]![p]!;
    const union = members[index]!.length + previousSets[p]!.size - shared;
    if (union > 0 && shared / union >= SAME_GROUP_JACCARD) ids[index] = previous[p]!.id;
  });
  let next = Math.max(-1, ...previous.map((group) => group.id)) + 1;
  for (const { index } of bySize) if (ids[index] === -1) ids[index] = next++;
  return ids;
}

type StatementTally = { agree: number; disagree: number; seen: number; sum: number };

/** Step 7: per group and statement, how many agree, disagree, voted, and the sum of votes. */
function tallyGroups(matrix: VoteMatrix, groupOfVoter: Int32Array, k: number): StatementTally[][] {
  const m = matrix.statements.length;
  const tallies = Array.from({ length: k }, () =>
    Array.from({ length: m }, () => ({ agree: 0, disagree: 0, seen: 0, sum: 0 })),
  );
  for (let i = 0; i < matrix.voters.length; i++) {
    const g = groupOfVoter[i]!;
    if (g < 0) continue;
    for (let j = 0; j < m; j++) {
      const value = matrix.values[i * m + j]!;
      if (Number.isNaN(value)) continue;
      const tally = tallies[g]![j]!;
      tally.seen += 1;
      tally.sum += value;
      if (value > 0) tally.agree += 1;
      else if (value < 0) tally.disagree += 1;
    }
  }
  return tallies;
}

/**
 * Step 8: Pol.is's repness (repness.clj). For the group against the rest: pa = (na+1)/(ns+2),
 * ra = pa / pa(rest), pat = one-proportion z, rat = two-proportion z (likewise for disagree).
 * The direction is the one with the larger rat/rdt; a statement is representative when both its
 * z's are significant at 90 %, ranked by ra·rat·pa·pat; if none is, the best by z alone.
 */
function representativeStatements(
  tallies: StatementTally[][],
  g: number,
  statements: string[],
  minGroupSize: number,
): RepresentativeStatement[] {
  const scored = statements.flatMap((statement, j) => {
    const own = tallies[g]![j]!;
    if (own.seen < minGroupSize) return [];
    const rest = { agree: 0, disagree: 0, seen: 0 };
    tallies.forEach((group, other) => {
      if (other === g) return;
      rest.agree += group[j]!.agree;
      rest.disagree += group[j]!.disagree;
      rest.seen += group[j]!.seen;
    });
    const side = (count: number, restCount: number) => {
      const p = (count + 1) / (own.seen + 2);
      const pRest = (restCount + 1) / (rest.seen + 2);
      return {
        p,
        pTest: proportionZ(count, own.seen),
        ratio: p / pRest,
        ratioTest: twoProportionZ(count, restCount, own.seen, rest.seen),
      };
    };
    const agree = side(own.agree, rest.agree);
    const disagree = side(own.disagree, rest.disagree);
    const direction: 'agree' | 'disagree' =
      agree.ratioTest > disagree.ratioTest ? 'agree' : 'disagree';
    const chosen = direction === 'agree' ? agree : disagree;
    return [
      {
        statement: {
          statement,
          agree: own.agree / own.seen,
          disagree: own.disagree / own.seen,
          repness: chosen.ratio,
          direction,
        },
        significant: chosen.pTest > Z_90 && chosen.ratioTest > Z_90,
        metric: chosen.ratio * chosen.ratioTest * chosen.p * chosen.pTest,
        test: chosen.ratioTest,
      },
    ];
  });
  const significant = scored
    .filter((entry) => entry.significant)
    .sort(
      (a, b) => b.metric - a.metric || compareIds(a.statement.statement, b.statement.statement),
    );
  if (significant.length > 0)
    return significant.slice(0, REPRESENTATIVES_PER_GROUP).map((entry) => entry.statement);
  const fallback = [...scored].sort((a, b) => b.test - a.test)[0];
  return fallback ? [fallback.statement] : [];
}

/**
 * Step 9: consensus, the statements every group agrees with: in each group (with enough voters
 * on it) a significant majority agrees (pa > ½ and pat significant at 90 %); ranked by Pol.is's
 * group-informed consensus, the product of the groups' pa.
 */
function consensusStatements(
  tallies: StatementTally[][],
  statements: string[],
  minGroupSize: number,
) {
  return statements
    .flatMap((statement, j) => {
      const perGroup = tallies.map((group) => group[j]!);
      if (perGroup.some((tally) => tally.seen < minGroupSize)) return [];
      const united = perGroup.every(
        (tally) =>
          (tally.agree + 1) / (tally.seen + 2) > 0.5 && proportionZ(tally.agree, tally.seen) > Z_90,
      );
      if (!united) return [];
      const product = perGroup.reduce((p, tally) => p * ((tally.agree + 1) / (tally.seen + 2)), 1);
      const agree = Math.min(...perGroup.map((tally) => tally.agree / tally.seen));
      return [{ statement, agree, product }];
    })
    .sort((a, b) => b.product - a.product || compareIds(a.statement, b.statement))
    .slice(0, LISTED_STATEMENTS)
    .map(({ statement, agree }) => ({ statement, agree }));
}

/** Step 10: divisive statements, one group's mean vote above 0 and another's below, widest spread first. */
function divisiveStatements(
  tallies: StatementTally[][],
  statements: string[],
  minGroupSize: number,
) {
  return statements
    .flatMap((statement, j) => {
      const perGroup = tallies.map((group) => group[j]!);
      if (perGroup.some((tally) => tally.seen < minGroupSize)) return [];
      const means = perGroup.map((tally) => tally.sum / tally.seen);
      const highest = Math.max(...means);
      const lowest = Math.min(...means);
      return highest > 0 && lowest < 0 ? [{ statement, spread: highest - lowest }] : [];
    })
    .sort((a, b) => b.spread - a.spread || compareIds(a.statement, b.statement))
    .slice(0, LISTED_STATEMENTS);
}

/**
 * The opinion groups of one topic's votes, or null when there is too little to group: fewer than
 * 2 statements, fewer than 2 × minGroupSize grouped voters, or no split into 2+ groups of at
 * least minGroupSize voters each.
 */
export function computeOpinionGroups(
  votes: readonly GroupVote[],
  options: OpinionGroupsOptions = {},
): OpinionGroups {
  const seed = options.seed ?? DEFAULT_SEED;
  const minGroupSize = options.minGroupSize ?? DEFAULT_MIN_GROUP_SIZE;
  const maxGroups = options.maxGroups ?? MAX_GROUPS;
  const moderatedOut = new Set(options.moderatedOut ?? []);
  const matrix = buildVoteMatrix(
    moderatedOut.size > 0 ? votes.filter((vote) => !moderatedOut.has(vote.statement)) : votes,
  );
  const m = matrix.statements.length;
  if (m < 2) return null;

  // Step 2: who is grouped (Pol.is's "in-conv" participants).
  const minVotes = options.minVotesPerVoter ?? Math.min(MIN_VOTES, m);
  const grouped: number[] = [];
  matrix.votesPerVoter.forEach((count, i) => {
    if (count >= minVotes) grouped.push(i);
  });
  if (grouped.length < 2 * minGroupSize) return null;

  const { x, y } = projectVoters(matrix, grouped, moderatedOut.size);
  const { base, baseOfGrouped } = clusterBase(x, y, grouped, seed);

  const voterPosition = new Map(matrix.voters.map((voter, i) => [voter, i]));
  let previousCenters: { x: number; y: number }[] | null = null;
  if (options.previous && options.previous.length >= 2) {
    const isGrouped = new Set(grouped);
    const centers = options.previous.map((group) => {
      const present = group.voters
        .map((voter) => voterPosition.get(voter))
        .filter((i): i is number => i !== undefined && isGrouped.has(i));
      if (present.length === 0) return null;
      return {
        x: present.reduce((sum, i) => sum + x[i]!, 0) / present.length,
        y: present.reduce((sum, i) => sum + y[i]!, 0) / present.length,
      };
    });
    if (centers.every((center) => center !== null)) previousCenters = centers;
  }
  const chosen = chooseGroups(
    base,
    { maxGroups, minGroupSize, seed, previousK: options.previous?.length ?? null },
    previousCenters,
  );
  if (!chosen) return null;

  const groupOfVoter = new Int32Array(matrix.voters.length).fill(-1);
  grouped.forEach((i, index) => (groupOfVoter[i] = chosen.assignment[baseOfGrouped[index]!]!));
  const members = Array.from({ length: chosen.k }, () => [] as string[]);
  groupOfVoter.forEach((g, i) => {
    if (g >= 0) members[g]!.push(matrix.voters[i]!);
  });
  const ids = assignIds(members, options.previous);
  const tallies = tallyGroups(matrix, groupOfVoter, chosen.k);

  return {
    voters: matrix.voters.map((voter, i) => ({
      voter,
      group: groupOfVoter[i]! >= 0 ? ids[groupOfVoter[i]!]! : null,
      x: x[i]!,
      y: y[i]!,
    })),
    groups: members
      .map((voters, g) => ({
        id: ids[g]!,
        size: voters.length,
        voters,
        representative: representativeStatements(tallies, g, matrix.statements, minGroupSize),
      }))
      .sort((a, b) => a.id - b.id),
    consensus: consensusStatements(tallies, matrix.statements, minGroupSize),
    divisive: divisiveStatements(tallies, matrix.statements, minGroupSize),
    k: chosen.k,
    silhouette: chosen.silhouette,
  };
}
