import type { ResponseOf } from '../../../contract/calls.ts';
import type { getUserReports, ReportName } from '../../../contract/reports.ts';
import { reportSummaries } from './report-names.ts';

export type UserReports = ResponseOf<typeof getUserReports>;

/** What a My Opinion DNA row shows as the member's result. */
export type RowHeadline =
  | { kind: 'locked' }
  | { kind: 'none' }
  | { kind: 'bars'; bars: { name: string; score: number | null }[] }
  | { kind: 'letters'; letters: string }
  | { kind: 'class'; value: string }
  | { kind: 'score'; name: string; score: number | null }
  | { kind: 'scored'; scored: number; total: number };

/**
 * The row's result: Big Five's five scores as a mini chart, the sixteen-type letters, the
 * climate class, the Opinion DNA's count of scored elements, else the total or the first score.
 * A report whose array does not fit its entries shows nothing rather than a wrong number.
 */
export function rowHeadline(name: ReportName, answer: UserReports): RowHeadline {
  if (answer.Locked[name]) return { kind: 'locked' };
  const scores = answer.Reports[name];
  const entries = answer.Entries[name] ?? [];
  if (!scores || scores.length !== entries.length || entries.length === 0) return { kind: 'none' };
  if (scores.every((score) => score === null)) return { kind: 'none' };
  const headline = answer.Headlines[name];
  if (name === 'sixteen' && headline) return { kind: 'letters', letters: headline };
  if (name === 'climate' && headline) return { kind: 'class', value: headline };
  if (name === 'bigfive') {
    return {
      kind: 'bars',
      bars: entries.map((entry, index) => ({ name: entry, score: scores[index] ?? null })),
    };
  }
  if (name === 'opiniondna') {
    return {
      kind: 'scored',
      scored: scores.filter((score) => score !== null).length,
      total: scores.length,
    };
  }
  const index = reportSummaries[name].total ? scores.length - 1 : 0;
  return { kind: 'score', name: entries[index]!, score: scores[index] ?? null };
}
