import { demographicFilterFields } from '../../../contract/analytics.base.ts';
import { answerLabel, fieldLabel, filterOptionsOf } from './filter-options.ts';

/** Five counts, ratings 1 (Strongly Agree) to 5 (Strongly Disagree). */
export type VoteCounts = readonly number[];

export type BreakdownRow = {
  answer: string;
  label: string;
  /** null when withheld (too few voters gave this answer). */
  counts: VoteCounts | null;
};

export type BreakdownField = { field: string; label: string; rows: BreakdownRow[] };

/**
 * The matrix of opinion/allvotes as the report draws it: the fields in the sidebar's order, each
 * field's answers in its list's order (answers nobody gave are absent from the matrix, and so
 * from the report).
 */
export function breakdownOf(
  matrix: Record<string, Record<string, VoteCounts | null>>,
): BreakdownField[] {
  const known = (demographicFilterFields as readonly string[]).filter((field) => field in matrix);
  const others = Object.keys(matrix).filter((field) => !known.includes(field));
  return [...known, ...others].map((field) => {
    const answers = matrix[field] ?? {};
    const listed = (demographicFilterFields as readonly string[]).includes(field)
      ? filterOptionsOf(field as (typeof demographicFilterFields)[number])
      : [];
    const order = [
      ...listed.filter((option) => option.value in answers),
      ...Object.keys(answers)
        .filter((answer) => !listed.some((option) => option.value === answer))
        .map((answer) => ({ value: answer, label: answerLabel(field, answer) })),
    ];
    return {
      field,
      label: fieldLabel(field),
      rows: order.map((option) => ({
        answer: option.value,
        label: option.label,
        counts: answers[option.value] ?? null,
      })),
    };
  });
}

/** Each rating's share of the votes, in whole percent summing to 100 (largest remainders). */
export function sharesOf(counts: VoteCounts): number[] {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return counts.map(() => 0);
  const exact = counts.map((count) => (count * 100) / total);
  const floors = exact.map(Math.floor);
  let left = 100 - floors.reduce((sum, value) => sum + value, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    floors[index]! += 1;
    left -= 1;
  }
  return floors;
}

export function totalOf(counts: VoteCounts): number {
  return counts.reduce((sum, count) => sum + count, 0);
}
