import { noVotesMarker } from '../../../contract/constants.ts';
import { computePercentages } from '../opinions/opinions.service.ts';

/** The vote scale, values 1 to 5, as the web labels it (docs/product/constants.md#vote-scale). */
export const voteLabels = [
  'Strongly Agree',
  'Agree',
  'Neutral',
  'Disagree',
  'Strongly Disagree',
] as const;

export type VoteShare = {
  label: (typeof voteLabels)[number];
  /** Whole per cent, the five summing to 100 once anyone voted (docs/decisions/014). */
  percent: number;
  /** Whether anyone chose this rating (the web app greys the others). */
  isChosen: boolean;
};

/** Each rating's share of the votes, by the same rule as the vote results the web app shows. */
export function voteShares(counts: readonly number[]): VoteShare[] {
  const percentages = computePercentages(counts);
  return voteLabels.map((label, index) => {
    const percent = percentages[index] ?? noVotesMarker;
    const isChosen = percent !== noVotesMarker;
    return { label, percent: isChosen ? percent : 0, isChosen };
  });
}

const countFormat = new Intl.NumberFormat('en-US');

export function formatCount(count: number): string {
  return countFormat.format(count);
}
