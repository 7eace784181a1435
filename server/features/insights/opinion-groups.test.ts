import { describe, expect, it } from 'vitest';
import { adjustedRandIndex } from './opinion-groups.maths.ts';
import { plantCamps, statementName, voterName } from './opinion-groups.synthetic.ts';
import { computeOpinionGroups, fromFivePoint, type GroupVote } from './opinion-groups.ts';

const threeCamps = plantCamps({
  voters: 300,
  statements: 30,
  camps: 3,
  missing: 0.3,
  noise: 0.2,
  seed: 1,
});

/** The planted camp most of a group's voters come from. */
function campOfGroup(voters: string[], campOf: Map<string, number>): number {
  const counts = new Map<number, number>();
  for (const voter of voters)
    counts.set(campOf.get(voter)!, (counts.get(campOf.get(voter)!) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}

function groupedAgreement(votes: GroupVote[], campOf: Map<string, number>, seed?: number) {
  const result = computeOpinionGroups(votes, { seed })!;
  const grouped = result.voters.filter((voter) => voter.group !== null);
  return adjustedRandIndex(
    grouped.map((voter) => voter.group),
    grouped.map((voter) => campOf.get(voter.voter)),
  );
}

describe('computeOpinionGroups', () => {
  it('recovers three planted camps from noisy, sparse votes (adjusted Rand index ≥ 0.9)', () => {
    const result = computeOpinionGroups(threeCamps.votes)!;
    expect(result.k).toBe(3);
    expect(result.voters.every((voter) => voter.group !== null)).toBe(true);
    expect(groupedAgreement(threeCamps.votes, threeCamps.campOf)).toBeGreaterThanOrEqual(0.9);
    expect(result.silhouette).toBeGreaterThan(0.3);
    for (const voter of result.voters) {
      expect(Number.isFinite(voter.x) && Number.isFinite(voter.y)).toBe(true);
    }
  });

  it('recovers the camps whatever the seed', () => {
    for (const seed of [2, 3, 4]) {
      expect(groupedAgreement(threeCamps.votes, threeCamps.campOf, seed)).toBeGreaterThanOrEqual(
        0.9,
      );
    }
  });

  it('is deterministic for a fixed seed, whatever the order of the votes', () => {
    const first = computeOpinionGroups(threeCamps.votes, { seed: 42 });
    const again = computeOpinionGroups(threeCamps.votes, { seed: 42 });
    const reversed = computeOpinionGroups([...threeCamps.votes].reverse(), { seed: 42 });
    expect(again).toEqual(first);
    expect(reversed).toEqual(first);
  });

  it('names each group after the statements planted for its camp', () => {
    const result = computeOpinionGroups(threeCamps.votes)!;
    const camps = result.groups.map((group) => campOfGroup(group.voters, threeCamps.campOf));
    expect(new Set(camps).size).toBe(3);
    result.groups.forEach((group, index) => {
      const top = group.representative.slice(0, 3);
      expect(new Set(top.map((statement) => statement.statement))).toEqual(
        new Set(threeCamps.plantedFor[camps[index]!]),
      );
      for (const statement of top) {
        expect(statement.direction).toBe('agree');
        expect(statement.agree).toBeGreaterThan(0.6);
        expect(statement.repness).toBeGreaterThan(2);
      }
    });
  });

  it('finds the statement every camp agrees with, and the planted ones as divisive', () => {
    const result = computeOpinionGroups(threeCamps.votes)!;
    const consensus = result.consensus.map((entry) => entry.statement);
    expect(consensus).toContain(threeCamps.consensusStatement);
    const planted = threeCamps.plantedFor.flat();
    expect(consensus.some((statement) => planted.includes(statement))).toBe(false);
    const entry = result.consensus.find((c) => c.statement === threeCamps.consensusStatement)!;
    expect(entry.agree).toBeGreaterThan(0.7);
    expect(result.divisive.length).toBeGreaterThan(0);
    for (const { statement, spread } of result.divisive) {
      expect(planted).toContain(statement);
      expect(spread).toBeGreaterThan(1);
    }
  });

  it('keeps group ids when recomputed with a few votes changed', () => {
    const first = computeOpinionGroups(threeCamps.votes)!;
    // Ids from an earlier compute, deliberately not 0, 1, 2 in size order.
    const renamed = new Map(first.groups.map((group, index) => [group.id, [7, 3, 12][index]!]));
    const previous = first.groups.map((group) => ({
      id: renamed.get(group.id)!,
      voters: group.voters,
    }));
    const changed = threeCamps.votes.map((vote, index) =>
      index % 40 === 0 ? { ...vote, vote: -vote.vote } : vote,
    );
    const second = computeOpinionGroups(changed, { previous })!;
    expect(second.groups.map((group) => group.id).sort((a, b) => a - b)).toEqual([3, 7, 12]);
    for (const group of second.groups) {
      const before = previous.find((candidate) => candidate.id === group.id)!;
      expect(campOfGroup(group.voters, threeCamps.campOf)).toBe(
        campOfGroup(before.voters, threeCamps.campOf),
      );
    }
  });

  it('gives a fresh id to a group unlike any previous one', () => {
    const first = computeOpinionGroups(threeCamps.votes)!;
    const [kept, ...others] = first.groups;
    const strangers = others.flatMap((group) => group.voters.slice(0, 5));
    const previous = [
      { id: 9, voters: kept!.voters },
      { id: 4, voters: strangers },
    ];
    const second = computeOpinionGroups(threeCamps.votes, { previous })!;
    const ids = second.groups.map((group) => group.id).sort((a, b) => a - b);
    expect(ids).toContain(9);
    expect(ids).not.toContain(4);
    expect(ids.filter((id) => id !== 9).every((id) => id > 9)).toBe(true);
  });

  it('leaves voters with too few votes out of the groups, and places them on the map', () => {
    const sparse: GroupVote[] = [0, 1, 2, 3, 4].flatMap((i) =>
      [1, 2, 3, 4, 5, 6].map((j) => ({
        voter: `sparse${i}`,
        statement: statementName(j),
        vote: 1,
      })),
    );
    const result = computeOpinionGroups([...threeCamps.votes, ...sparse])!;
    const sparseVoters = result.voters.filter((voter) => voter.voter.startsWith('sparse'));
    expect(sparseVoters).toHaveLength(5);
    for (const voter of sparseVoters) {
      expect(voter.group).toBeNull();
      expect(Number.isFinite(voter.x) && Number.isFinite(voter.y)).toBe(true);
    }
    expect(result.groups.flatMap((group) => group.voters)).not.toContain('sparse0');
    // With a threshold of 6 votes they are grouped.
    const lenient = computeOpinionGroups([...threeCamps.votes, ...sparse], {
      minVotesPerVoter: 6,
    })!;
    expect(lenient.voters.find((voter) => voter.voter === 'sparse0')!.group).not.toBeNull();
  });

  it('ignores moderated statements but counts them as passes in the sparsity scaling, as Pol.is', () => {
    const moderated = [statementName(20), statementName(21)];
    const kept = threeCamps.votes.filter((vote) => !moderated.includes(vote.statement));
    const plain = computeOpinionGroups(kept, { seed: 5 })!;
    const zeroed = computeOpinionGroups(threeCamps.votes, { seed: 5, moderatedOut: moderated })!;
    const listed = [
      ...zeroed.groups.flatMap((group) => group.representative.map((s) => s.statement)),
      ...zeroed.consensus.map((s) => s.statement),
      ...zeroed.divisive.map((s) => s.statement),
    ];
    for (const statement of moderated) expect(listed).not.toContain(statement);
    // Same voters grouped (moderated votes do not count towards the threshold), and each voter's
    // position scaled by √((m + 2) / (v + 2)) instead of √(m / v).
    const m = 28;
    const votesOf = new Map<string, number>();
    for (const vote of kept) votesOf.set(vote.voter, (votesOf.get(vote.voter) ?? 0) + 1);
    expect(zeroed.voters.map((voter) => voter.group === null)).toEqual(
      plain.voters.map((voter) => voter.group === null),
    );
    plain.voters.forEach((voter, i) => {
      const v = votesOf.get(voter.voter)!;
      const ratio = Math.sqrt((m + 2) / (v + 2)) / Math.sqrt(m / v);
      expect(zeroed.voters[i]!.x).toBeCloseTo(voter.x * ratio, 9);
      expect(zeroed.voters[i]!.y).toBeCloseTo(voter.y * ratio, 9);
    });
  });

  it('returns null below the thresholds', () => {
    const oneStatement = threeCamps.votes.filter((vote) => vote.statement === statementName(1));
    expect(computeOpinionGroups(oneStatement)).toBeNull();
    const fewVoters = plantCamps({
      voters: 19,
      statements: 12,
      camps: 2,
      missing: 0,
      noise: 0,
      seed: 3,
    });
    expect(computeOpinionGroups(fewVoters.votes)).toBeNull();
    const twenty = plantCamps({
      voters: 20,
      statements: 12,
      camps: 2,
      missing: 0,
      noise: 0,
      seed: 3,
    });
    expect(computeOpinionGroups(twenty.votes)).not.toBeNull();
    // 30 voters, of whom only 15 voted on 7 statements or more.
    const mostlySparse = plantCamps({
      voters: 30,
      statements: 12,
      camps: 2,
      missing: 0,
      noise: 0,
      seed: 3,
    }).votes.filter(
      (vote) => Number(vote.voter.slice(1)) < 15 || Number(vote.statement.slice(1)) < 3,
    );
    expect(computeOpinionGroups(mostlySparse)).toBeNull();
    expect(computeOpinionGroups([])).toBeNull();
  });

  it('never forms a group under the minimum group size', () => {
    const big = plantCamps({
      voters: 80,
      statements: 20,
      camps: 2,
      missing: 0.2,
      noise: 0.1,
      seed: 5,
    });
    const small = plantCamps({
      voters: 12,
      statements: 20,
      camps: 3,
      missing: 0,
      noise: 0,
      seed: 6,
    });
    const odd = small.votes
      .filter((vote) => small.campOf.get(vote.voter) === 2)
      .map((vote) => ({ ...vote, voter: `odd-${vote.voter}` }));
    const result = computeOpinionGroups([...big.votes, ...odd], { minGroupSize: 10 })!;
    for (const group of result.groups) expect(group.size).toBeGreaterThanOrEqual(10);
    const lenient = computeOpinionGroups([...big.votes, ...odd], { minGroupSize: 2 })!;
    expect(lenient.groups.some((group) => group.size < 10)).toBe(true);
  });

  it('takes five-point ratings through fromFivePoint with the same groups', () => {
    expect([1, 2, 3, 4, 5].map((rating) => fromFivePoint(rating as 1 | 2 | 3 | 4 | 5))).toEqual([
      1, 0.5, 0, -0.5, -1,
    ]);
    const fivePoint = threeCamps.votes.map((vote) => ({
      ...vote,
      vote: fromFivePoint((3 - 2 * vote.vote) as 1 | 3 | 5),
    }));
    expect(computeOpinionGroups(fivePoint)).toEqual(computeOpinionGroups(threeCamps.votes));
    // Moderate ratings still count as agreeing or disagreeing.
    const moderate = threeCamps.votes.map((vote) => ({ ...vote, vote: vote.vote / 2 }));
    expect(groupedAgreement(moderate, threeCamps.campOf)).toBeGreaterThanOrEqual(0.9);
  });

  it('refuses votes outside −1…+1', () => {
    expect(() =>
      computeOpinionGroups([{ voter: voterName(1), statement: statementName(1), vote: 2 }]),
    ).toThrow(RangeError);
    expect(() =>
      computeOpinionGroups([
        { voter: voterName(1), statement: statementName(1), vote: Number.NaN },
      ]),
    ).toThrow(RangeError);
  });
});

describe('adjustedRandIndex', () => {
  it('is 1 for the same partition under other labels, and matches a worked example', () => {
    expect(adjustedRandIndex<number | string>([0, 0, 1, 1, 2], ['b', 'b', 'a', 'a', 'c'])).toBe(1);
    // scikit-learn's documented example: adjusted_rand_score([0, 0, 1, 2], [0, 0, 1, 1]) ≈ 0.5714.
    expect(adjustedRandIndex([0, 0, 1, 2], [0, 0, 1, 1])).toBeCloseTo(0.5714, 4);
    expect(adjustedRandIndex([0, 0, 1, 1], [0, 1, 0, 1])).toBeCloseTo(-0.5, 4);
  });
});
