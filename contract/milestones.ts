/*
 * Levels and awards (docs/product/constants.md#levels-and-awards;
 * docs/decisions/020-levels-awards-and-milestones.md). Plain data
 * and pure functions, no zod: the server checks them when members act, and the web shows the same
 * numbers on profiles and on /article/levels-awards.
 */

import { formatCount } from './numbers.base.ts';

/** A level and the karma that reaches it. Karma: 2 per live comment, 5 per good point received. */
export type Level = {
  /** 1 … 7. */
  number: number;
  name: string;
  /** The least karma at this level. */
  minKarma: number;
};

export const levels: readonly Level[] = [
  { number: 1, name: 'Newcomer', minKarma: 0 },
  { number: 2, name: 'Participant', minKarma: 25 },
  { number: 3, name: 'Contributor', minKarma: 100 },
  { number: 4, name: 'Regular', minKarma: 250 },
  { number: 5, name: 'Advocate', minKarma: 500 },
  { number: 6, name: 'Luminary', minKarma: 1000 },
  { number: 7, name: 'Sage', minKarma: 2500 },
];

/** The level a karma figure earns (negative karma, which cannot happen, counts as level 1). */
export function levelForKarma(karma: number): Level {
  let reached = levels[0]!;
  for (const level of levels) {
    if (karma >= level.minKarma) reached = level;
  }
  return reached;
}

/** The next level and the karma it needs, or null at the top. */
export function nextLevel(karma: number): Level | null {
  return levels.find((level) => level.minKarma > karma) ?? null;
}

/** The three award families. Each award is reached once its count is at or over the threshold. */
export type AwardFamily = 'votes' | 'comments' | 'goodPoints' | 'minds';

export const awardThresholds: Readonly<Record<AwardFamily, readonly number[]>> = {
  votes: [1, 10, 100, 1000, 10_000],
  comments: [1, 10, 100, 500, 1000, 2500, 5000, 10_000, 100_000],
  goodPoints: [1, 10, 100, 1000, 2500, 5000, 10_000, 100_000, 1_000_000],
  /** Minds one's arguments changed (docs/decisions/077-minds-changed.md). */
  minds: [1, 10, 100],
};

export const awardFamilies: readonly AwardFamily[] = ['votes', 'comments', 'goodPoints', 'minds'];

/** Every threshold of the family that `count` has reached, lowest first. */
export function reachedThresholds(family: AwardFamily, count: number): number[] {
  return awardThresholds[family].filter((threshold) => count >= threshold);
}

/** The highest threshold of the family that `count` has reached, 0 for none. */
export function highestReached(family: AwardFamily, count: number): number {
  return reachedThresholds(family, count).at(-1) ?? 0;
}

/** The next threshold of the family above `count`, or null when every award is reached. */
export function nextThreshold(family: AwardFamily, count: number): number | null {
  return awardThresholds[family].find((threshold) => threshold > count) ?? null;
}

const familyNouns: Record<AwardFamily, { one: string; many: string; first: string }> = {
  votes: { one: 'vote', many: 'votes', first: 'First vote' },
  comments: { one: 'comment', many: 'comments', first: 'First comment' },
  goodPoints: { one: 'good point', many: 'good points', first: 'First good point' },
  minds: { one: 'mind changed', many: 'minds changed', first: 'First mind changed' },
};

/**
 * An award's name: 'First comment', '10 votes', '1,000 good points'. `formatNumber` is the
 * caller's locale formatting (the server sends notifications in English with en-US grouping).
 */
export function awardTitle(
  family: AwardFamily,
  threshold: number,
  formatNumber: (value: number) => string = formatCount,
): string {
  const nouns = familyNouns[family];
  if (threshold === 1) return nouns.first;
  return `${formatNumber(threshold)} ${nouns.many}`;
}

/** What the award rewards, for tooltips and the article: 'Cast 10 votes'. */
export function awardDescription(
  family: AwardFamily,
  threshold: number,
  formatNumber: (value: number) => string = formatCount,
): string {
  const nouns = familyNouns[family];
  const noun = threshold === 1 ? nouns.one : nouns.many;
  const count = threshold === 1 ? 'your first' : formatNumber(threshold);
  if (family === 'votes') return `Cast ${count} ${noun}`;
  if (family === 'comments') return `Write ${count} ${noun}`;
  if (family === 'minds') {
    return threshold === 1
      ? 'Change a member’s mind with your argument'
      : `Change ${count} members’ minds with your arguments`;
  }
  return threshold === 1
    ? 'Receive your first good point'
    : `Receive ${count} ${noun} on your comments`;
}
