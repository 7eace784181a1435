import type { ResponseOf } from '../../../contract/calls.ts';
import {
  bandLabel,
  clarityOf,
  percentileText,
  readBand,
  type BandReading,
} from '../../../contract/report-readings.ts';
import type { getUserReports, ReportName } from '../../../contract/reports.ts';
import { reportSummaries } from './report-names.ts';

export type UserReports = ResponseOf<typeof getUserReports>;

/** What a My Opinion DNA row shows as the member's result. */
export type RowHeadline =
  | { kind: 'locked' }
  | { kind: 'none' }
  | { kind: 'bars'; bars: { name: string; score: number | null; label: string | null }[] }
  /** The letters, and those whose 90 % interval reaches the other side (slight). */
  | { kind: 'letters'; letters: string; slight: string[] }
  | { kind: 'class'; value: string }
  | {
      kind: 'score';
      name: string;
      score: number | null;
      /** The score's band and the others its interval reaches; null without a score. */
      band: BandReading | null;
      /** The percentile sentence; null without a score or before there is one. */
      percentile: string | null;
    }
  | { kind: 'scored'; scored: number; total: number };

/**
 * The row's result: Big Five's five scores as a mini chart, the sixteen-type letters with the
 * slight ones named, the climate class, the Opinion DNA's count of scored elements, else the
 * total or the first score with its band and percentile. A report whose array does not fit its
 * entries shows nothing rather than a wrong number.
 */
export function rowHeadline(name: ReportName, answer: UserReports): RowHeadline {
  if (answer.Locked[name]) return { kind: 'locked' };
  const scores = answer.Reports[name];
  const entries = answer.Entries[name] ?? [];
  if (!scores || scores.length !== entries.length || entries.length === 0) return { kind: 'none' };
  if (scores.every((score) => score === null)) return { kind: 'none' };
  const fits = <T>(values: readonly T[] | undefined) =>
    values && values.length === entries.length ? values : undefined;
  const widths = fits(answer.Uncertainty[name]);
  const widthAt = (index: number) => widths?.[index] ?? null;
  const headline = answer.Headlines[name];
  if (name === 'sixteen' && headline) {
    const slight = scores.flatMap((score, index) =>
      clarityOf(score, widthAt(index)) === 'slight' ? [headline[index] ?? 'X'] : [],
    );
    return { kind: 'letters', letters: headline, slight };
  }
  if (name === 'climate' && headline) return { kind: 'class', value: headline };
  if (name === 'bigfive') {
    return {
      kind: 'bars',
      bars: entries.map((entry, index) => {
        const score = scores[index] ?? null;
        return {
          name: entry,
          score,
          label: score === null ? null : bandLabel(score, widthAt(index)),
        };
      }),
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
  const score = scores[index] ?? null;
  const percentile = fits(answer.Percentiles[name])?.[index] ?? null;
  const members = fits(answer.Members[name])?.[index] ?? null;
  return {
    kind: 'score',
    name: entries[index]!,
    score,
    band: score === null ? null : readBand(score, widthAt(index)),
    percentile:
      score === null || percentile === null || members === null
        ? null
        : percentileText(percentile, members),
  };
}
