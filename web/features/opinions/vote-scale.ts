import { noVotesMarker } from '../../../contract/constants.ts';

/** The five-point scale, values 1 to 5 (docs/product/constants.md#vote-scale). */
export const voteScale = [
  { value: 1, label: 'Strongly Agree' },
  { value: 2, label: 'Agree' },
  { value: 3, label: 'Neutral' },
  { value: 4, label: 'Disagree' },
  { value: 5, label: 'Strongly Disagree' },
] as const;

export function voteLabel(rating: number): string {
  return voteScale.find((step) => step.value === rating)?.label ?? '';
}

export type ResultBar = { value: number; label: string; percent: number; isEmpty: boolean };

/** The five result bars; the array must have length 5 (docs/product/entities.md#vote-results). */
export function toResultBars(percentages: readonly number[]): ResultBar[] {
  if (percentages.length !== voteScale.length) {
    throw new Error(`Vote results need ${voteScale.length} values, got ${percentages.length}`);
  }
  return voteScale.map((step, index) => {
    const raw = percentages[index] ?? noVotesMarker;
    const isEmpty = raw === noVotesMarker;
    return { ...step, percent: isEmpty ? 0 : Math.max(0, Math.min(100, raw)), isEmpty };
  });
}
