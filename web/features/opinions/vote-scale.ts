/** SPEC.md §9: the five-point scale, values 1 to 5. */
export const voteScale = [
  { value: 1, label: 'Strongly Agree' },
  { value: 2, label: 'Agree' },
  { value: 3, label: 'Neutral' },
  { value: 4, label: 'Disagree' },
  { value: 5, label: 'Strongly Disagree' },
] as const;

/** In vote results, 999 stands for a rating nobody chose: shown as 0 % in grey. */
export const noVotesMarker = 999;

export function voteLabel(rating: number): string {
  return voteScale.find((step) => step.value === rating)?.label ?? '';
}

/** SPEC.md §9: estimated views = round(4.5 × votes). */
export function estimatedViews(numVotes: number): number {
  return Math.round(4.5 * numVotes);
}

export type ResultBar = { value: number; label: string; percent: number; isEmpty: boolean };

/** The five result bars; the array must have length 5 (SPEC.md §5). */
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
