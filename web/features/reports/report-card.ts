import type { ResponseOf } from '../../../contract/calls.ts';
import { minimumMembersForPercentile } from '../../../contract/reports.base.ts';
import type { getDetailedReport, Leaning, ReportName } from '../../../contract/reports.ts';
import { reportSummaries } from './report-names.ts';
import { sampleUncertainty, scoresOrSamples } from './samples.ts';

export type DetailedReport = ResponseOf<typeof getDetailedReport>;
export type CardEntry = DetailedReport['Entries'][number];

/** The five bands of docs/decisions/010-opinion-dna-instruments.md, on the rounded score. */
export const bands = ['VERY LOW', 'LOW', 'MEDIUM', 'HIGH', 'VERY HIGH'] as const;
export type Band = (typeof bands)[number];

export function bandOf(score: number): Band {
  if (score <= 20) return 'VERY LOW';
  if (score <= 40) return 'LOW';
  if (score <= 60) return 'MEDIUM';
  if (score <= 80) return 'HIGH';
  return 'VERY HIGH';
}

/** Where an interval lies against the middle, by the server's rule (used for sample values). */
export function leaningOf(score: number, halfWidth: number): Leaning {
  if (score + halfWidth < 50) return 'low';
  if (score - halfWidth > 50) return 'high';
  return 'balanced';
}

export const balancedLabel = 'BALANCED';
export const balancedText =
  "Between the poles: your answers don't place you clearly on either side";

/**
 * The label beside a score: its band, except where the 90 % interval holds the middle, where a
 * band would name a pole the answers do not support (scores that flip on a retake).
 */
export function labelOf(score: number, leaning: Leaning | null): string {
  return leaning === 'balanced' ? balancedLabel : bandOf(score);
}

/** 'Higher than 62 % of 1,240 Stance members', or why there is no percentile yet. */
export function percentileText(
  percentile: number | null,
  members: number,
  locale?: string,
): string {
  if (percentile === null) {
    return `Percentile appears once ${minimumMembersForPercentile} members have this score`;
  }
  const count = new Intl.NumberFormat(locale).format(members);
  return `Higher than ${percentile} % of ${count} Stance ${members === 1 ? 'member' : 'members'}`;
}

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
    const leaning = fitted.isSample
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
    parts.push(labelOf(view.score, view.leaning));
  }
  parts.push(`${view.entry.Poles.Low} at 0, ${view.entry.Poles.High} at 100`);
  const community = communityText(view);
  if (community !== null) parts.push(community.toLowerCase());
  return parts.join('; ');
}

/** What the entry says of the community average: null when the viewer gets none. */
export function communityText(view: EntryView): string | null {
  if (view.community === undefined) return null;
  if (view.community !== null) return `Community average ${Math.round(view.community)}`;
  return view.communityMinimum === null
    ? 'Community average withheld: too few members'
    : `Community average withheld: fewer than ${view.communityMinimum} members`;
}

/** The 90 % interval drawn around a score, kept on the 0–100 scale. */
export function intervalOf(score: number, halfWidth: number): [number, number] {
  return [Math.max(0, Math.round(score - halfWidth)), Math.min(100, Math.round(score + halfWidth))];
}

/** The climate class of the Total Climate Score (docs/decisions/010). */
export function climateClassOf(total: number): string {
  if (total <= 25) return 'SKEPTIC';
  if (total <= 50) return 'PASSIVIST';
  if (total <= 80) return 'BELIEVER';
  return 'ACTIVIST';
}

/** One sixteen-type axis's letter: its pole's letter, X where the interval holds the middle. */
export function typeLetterOf(letters: { Low: string; High: string }, leaning: Leaning | null) {
  if (leaning === 'low') return letters.Low;
  if (leaning === 'high') return letters.High;
  return 'X';
}

/**
 * The card's headline: the server's (the four letters, the climate class) for the member's own
 * scores; for sample values, the same rules applied to the samples, so the sample card is whole.
 */
export function headlineOf(name: ReportName, report: DetailedReport, card: CardView) {
  if (card.sampleReason === null) return report.Headline;
  const views = card.groups.flatMap((group) => group.entries).sort((a, b) => a.index - b.index);
  if (name === 'sixteen') {
    return views
      .map((view) => (view.entry.Letters ? typeLetterOf(view.entry.Letters, view.leaning) : 'X'))
      .join('');
  }
  if (name === 'climate') {
    const total = views.find((view) => view.entry.IsTotal);
    return total?.score === undefined || total.score === null ? null : climateClassOf(total.score);
  }
  return null;
}

/** What one letter of a sixteen-type name stands for: its pole, or 'balanced' for X. */
export function letterMeaning(letter: string, entry: Pick<CardEntry, 'Letters' | 'Poles'>) {
  if (entry.Letters && letter === entry.Letters.Low) return entry.Poles.Low;
  if (entry.Letters && letter === entry.Letters.High) return entry.Poles.High;
  return `balanced between ${entry.Poles.Low} and ${entry.Poles.High}`;
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
