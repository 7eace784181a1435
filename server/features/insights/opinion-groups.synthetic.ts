/**
 * Seeded synthetic votes with planted camps, shared by the opinion-groups tests and benchmark.
 * Statement s00 is one every camp agrees with; each camp c has three statements of its own
 * (s01–s03 for camp 0, s04–s06 for camp 1, …) that it agrees with and every other camp
 * disagrees with; every other statement gets one random stance that all camps share, so that
 * the planted statements are the only ones that tell the camps apart.
 */
import { seededRandom } from './opinion-groups.maths.ts';
import type { GroupVote } from './opinion-groups.ts';

export type SyntheticOptions = {
  voters: number;
  statements: number;
  camps: number;
  /** Share of votes missing (0…1). */
  missing: number;
  /** Share of votes replaced by a random −1/0/+1 (0…1). */
  noise: number;
  seed: number;
};

export type SyntheticTopic = {
  votes: GroupVote[];
  /** Camp of each voter, by voter id. */
  campOf: Map<string, number>;
  consensusStatement: string;
  /** The statements planted for each camp. */
  plantedFor: string[][];
};

export const statementName = (j: number) => `s${String(j).padStart(2, '0')}`;
export const voterName = (i: number) => `v${String(i).padStart(5, '0')}`;

export function plantCamps(options: SyntheticOptions): SyntheticTopic {
  const random = seededRandom(options.seed);
  const stance = (camp: number, j: number): number => {
    if (j === 0) return 1;
    const owner = Math.floor((j - 1) / 3);
    if (owner < options.camps) return owner === camp ? 1 : -1;
    return 0;
  };
  const sharedStances = Array.from(
    { length: options.statements },
    () => Math.floor(random() * 3) - 1,
  );
  const plantedFor = Array.from({ length: options.camps }, (_, camp) =>
    [1, 2, 3].map((offset) => statementName(camp * 3 + offset)),
  );
  const votes: GroupVote[] = [];
  const campOf = new Map<string, number>();
  for (let i = 0; i < options.voters; i++) {
    const camp = i % options.camps;
    const voter = voterName(i);
    campOf.set(voter, camp);
    for (let j = 0; j < options.statements; j++) {
      if (random() < options.missing) continue;
      const planted = j <= options.camps * 3 ? stance(camp, j) : sharedStances[j]!;
      const vote = random() < options.noise ? Math.floor(random() * 3) - 1 : planted;
      votes.push({ voter, statement: statementName(j), vote });
    }
  }
  return { votes, campOf, consensusStatement: statementName(0), plantedFor };
}
