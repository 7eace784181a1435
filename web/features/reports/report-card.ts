import type { ResponseOf } from '../../../contract/calls.ts';
import {
  bandLabel,
  classifyClimate,
  intervalOf,
  leaningOf,
  readAxis,
  readBand,
  sixteenTypeOf,
  type AxisReading,
  type BandReading,
  type Leaning,
} from '../../../contract/report-readings.ts';
import { tooNoisyMargin } from '../../../contract/analytics.base.ts';
import type { getDetailedReport, ReportName } from '../../../contract/reports.ts';
import { reportSummaries } from './report-names.ts';
import { sampleUncertainty, scoresOrSamples } from './samples.ts';

export type DetailedReport = ResponseOf<typeof getDetailedReport>;
export type CardEntry = DetailedReport['Entries'][number];

/*
 * What the profile card draws from one getdetailed answer. How a score reads (its band, the bands
 * its interval reaches, the sixteen-type letters and their clarity, the percentile's words) is
 * contract/report-readings.ts, shared with the server's detailed text and the ebook.
 */

/** What an entry without a score still needs: half of its statements answered, or every part. */
export function unscoredText(
  entry: Pick<CardEntry, 'IsTotal'>,
  statements: number,
  answered = 0,
): string {
  if (entry.IsTotal) return 'Not scored yet: the total appears once every part has a score';
  if (statements === 0) return 'Not scored yet';
  const needed = Math.ceil(statements / 2);
  const soFar = answered > 0 ? ` (${answered} so far)` : '';
  return `Not scored yet: a score needs answers to ${needed} of its ${statements} statements${soFar}`;
}

/**
 * The order the card shows its entries in, as indexes into the arrays: the arrays carry the total
 * last, and the cards that list their total first (Sexuality's Total Score) show it first.
 */
export function displayOrder(name: ReportName, entries: readonly Pick<CardEntry, 'IsTotal'>[]) {
  const indexes = entries.map((_, index) => index);
  if (reportSummaries[name].total !== 'first') return indexes;
  return [
    ...indexes.filter((index) => entries[index]!.IsTotal),
    ...indexes.filter((index) => !entries[index]!.IsTotal),
  ];
}

export type EntryView = {
  /** Position in the report's arrays. */
  index: number;
  entry: CardEntry;
  score: number | null;
  /** Half-width of the 90 % interval; null when unknown. */
  uncertainty: number | null;
  leaning: Leaning | null;
  percentile: number | null;
  members: number;
  /** The community average; null when withheld, undefined when the viewer gets none. */
  community: number | null | undefined;
  /** The fewest members a community average is shown for, when the server said. */
  communityMinimum: number | null;
  /** The community average's 95 % half-width (it is noisy, docs/decisions/082); null without. */
  communityMargin: number | null;
  /** How many statements score this entry (0 for a total). */
  statements: number;
  /** How many of them the member has answered. */
  answered: number;
};

export type SampleReason = 'locked' | 'unanswered' | 'wrong-length';

export type CardView = {
  /** Why the card shows sample values, or null when it shows the member's own. */
  sampleReason: SampleReason | null;
  /** Present when the viewer gets community averages (admin-hub viewers). */
  hasCommunity: boolean;
  /** Entries in display order, split into the Opinion DNA's groups (one unnamed group elsewhere). */
  groups: { name: string | null; entries: EntryView[] }[];
};

function at<T>(values: readonly T[] | null | undefined, index: number, length: number) {
  return values && values.length === length ? (values[index] ?? null) : null;
}

/** Everything the profile card draws, from one getdetailed answer. */
export function buildCard(name: ReportName, report: DetailedReport): CardView {
  const length = report.Entries.length;
  const own = report.Reports[name];
  const fitted = scoresOrSamples(report.Locked ? undefined : own, report.Entries);
  const sampleReason: SampleReason | null = !fitted.isSample
    ? null
    : report.Locked
      ? 'locked'
      : own === null || own === undefined
        ? 'unanswered'
        : 'wrong-length';
  const community =
    report.Community && report.Community.length === length ? report.Community : undefined;
  const statementsByName = new Map(
    report.Scoring.Entries.map((entry) => [entry.Name, entry.Items.length]),
  );

  const views = displayOrder(name, report.Entries).map((index): EntryView => {
    const entry = report.Entries[index]!;
    const score = fitted.scores[index] ?? null;
    const uncertainty = fitted.isSample ? sampleUncertainty : at(report.Uncertainty, index, length);
    const leaning: Leaning | null = fitted.isSample
      ? score === null
        ? null
        : leaningOf(score, sampleUncertainty)
      : at(report.Leanings, index, length);
    return {
      index,
      entry,
      score,
      uncertainty,
      leaning,
      percentile: fitted.isSample ? null : at(report.Percentiles, index, length),
      members: report.Members[index] ?? 0,
      community: community ? (community[index] ?? null) : undefined,
      communityMinimum: report.MinGroupSize ?? null,
      communityMargin: report.CommunityMargins?.[index] ?? null,
      statements: statementsByName.get(entry.Name) ?? 0,
      answered: report.Answered[index] ?? 0,
    };
  });

  const groups: CardView['groups'] = [];
  for (const view of views) {
    const group = view.entry.Group;
    const last = groups.at(-1);
    if (last && last.name === group) last.entries.push(view);
    else groups.push({ name: group, entries: [view] });
  }
  return { sampleReason, hasCommunity: community !== undefined, groups };
}

/** The bar's reading for a screen reader: the same facts the eye gets. */
export function barDescription(view: EntryView, isSample: boolean): string {
  const parts: string[] = [];
  if (isSample) parts.push('Sample value, not yours');
  if (view.score === null) {
    parts.push(`${view.entry.Name}: not scored yet`);
  } else {
    parts.push(`${view.entry.Name}: ${view.score} out of 100`);
    if (view.uncertainty !== null) {
      const [low, high] = intervalOf(view.score, view.uncertainty);
      parts.push(`90 % interval ${low} to ${high}`);
    }
    parts.push(bandLabel(view.score, view.uncertainty));
  }
  parts.push(`${view.entry.Poles.Low} at 0, ${view.entry.Poles.High} at 100`);
  const community = communityText(view);
  if (community !== null) parts.push(community.toLowerCase());
  return parts.join('; ');
}

/** What the entry says of the community average: null when the viewer gets none. */
export function communityText(view: EntryView): string | null {
  if (view.community === undefined) return null;
  if (view.community !== null) {
    const margin = view.communityMargin;
    if (margin === null) return `Community average ${Math.round(view.community)}`;
    // Noisy: the margin beside it, and marked when too wide to read (never hidden).
    const range = `Community average ${Math.round(view.community)} ± ${Math.ceil(margin)}`;
    return margin >= tooNoisyMargin ? `${range} (too noisy to read)` : range;
  }
  return view.communityMinimum === null
    ? 'Community average withheld: too few members'
    : `Community average withheld: fewer than ${view.communityMinimum} members`;
}

/** The entry's band and the other bands its 90 % interval reaches. */
export function bandReadingOf(view: EntryView): BandReading | null {
  return view.score === null ? null : readBand(view.score, view.uncertainty);
}

/** A sixteen-type axis's letter and how clear it is; null for an entry without letters. */
export function axisReadingOf(view: EntryView): AxisReading | null {
  const letters = view.entry.Letters;
  if (!letters) return null;
  return readAxis({ low: letters.Low, high: letters.High }, view.score, view.uncertainty);
}

/**
 * The card's headline: the server's (the four letters, the climate class) for the member's own
 * scores; for sample values, the same rules applied to the samples, so the sample card is whole.
 */
export function headlineOf(name: ReportName, report: DetailedReport, card: CardView) {
  if (card.sampleReason === null) return report.Headline;
  const views = card.groups.flatMap((group) => group.entries).sort((a, b) => a.index - b.index);
  if (name === 'sixteen') {
    return sixteenTypeOf(
      views.map((view) => ({
        letters: view.entry.Letters
          ? { low: view.entry.Letters.Low, high: view.entry.Letters.High }
          : { low: 'X', high: 'X' },
        score: view.score,
      })),
    );
  }
  if (name === 'climate') {
    const total = views.find((view) => view.entry.IsTotal);
    return total?.score === undefined || total.score === null ? null : classifyClimate(total.score);
  }
  return null;
}

/** What one letter of a sixteen-type name stands for: its pole, or for X the middle. */
export function letterMeaning(letter: string, entry: Pick<CardEntry, 'Letters' | 'Poles'>) {
  if (entry.Letters && letter === entry.Letters.Low) return entry.Poles.Low;
  if (entry.Letters && letter === entry.Letters.High) return entry.Poles.High;
  return `between ${entry.Poles.Low} and ${entry.Poles.High}`;
}

/** Whether the card shows the member's own scores, at least one of them: what Share shares. */
export function hasOwnScores(name: ReportName, report: DetailedReport): boolean {
  const scores = report.Reports[name];
  return (
    !report.Locked &&
    Array.isArray(scores) &&
    scores.length === report.Entries.length &&
    scores.some((score) => score !== null)
  );
}
