import type { Tidbit } from '../../../contract/entities.ts';
import type { DemographicAnswers } from '../../db/schema.ts';
import { generationOf } from '../../../contract/demographics.base.ts';
import { insightFieldKeys, type InsightFieldKey } from '../../../contract/insights.base.ts';
import type { TidbitFacts } from './insights.wording.ts';
import { shownParts } from '../privacy/index.ts';

/*
 * The insights' pure rules (docs/decisions/052-insights-and-stored-groups.md): which figures are
 * withheld, a group's stance, the personal insights and the tidbit. No database; the sentences
 * are insights.wording.ts's.
 */

/** Counts of ratings 1..5. */
export type RatingCounts = [number, number, number, number, number];

/** Per field, per answer, the counts of ratings 1..5 of the voters with that answer. */
export type CountsByField = Map<InsightFieldKey, Map<string, RatingCounts>>;

export function emptyCounts(): RatingCounts {
  return [0, 0, 0, 0, 0];
}

export function sumOf(counts: readonly number[]): number {
  return counts.reduce((sum, count) => sum + count, 0);
}

/** Stored rows (field, answer, rating, votes) as counts by field and answer. */
export function countsByField(
  rows: readonly { field: string; answer: string; rating: number; votes: number }[],
): CountsByField {
  const byField: CountsByField = new Map();
  for (const row of rows) {
    if (!(insightFieldKeys as readonly string[]).includes(row.field)) continue;
    const field = row.field as InsightFieldKey;
    let answers = byField.get(field);
    if (!answers) byField.set(field, (answers = new Map()));
    let counts = answers.get(row.answer);
    if (!counts) answers.set(row.answer, (counts = emptyCounts()));
    counts[row.rating - 1] = (counts[row.rating - 1] ?? 0) + row.votes;
  }
  return byField;
}

/** The small-group rule over parts of a whole is the privacy module's, the one copy. */
export { shownParts };

/** Whole percent of the counts that agree (1, 2), are neutral (3) and disagree (4, 5). */
export function sidesOf(counts: readonly number[]): {
  agree: number;
  neutral: number;
  disagree: number;
} {
  const total = sumOf(counts);
  if (total === 0) return { agree: 0, neutral: 0, disagree: 0 };
  const share = (count: number) => Math.round((count * 100) / total);
  return {
    agree: share((counts[0] ?? 0) + (counts[1] ?? 0)),
    neutral: share(counts[2] ?? 0),
    disagree: share((counts[3] ?? 0) + (counts[4] ?? 0)),
  };
}

/**
 * A group's stance: 'agree' (1) when more than half of it agrees, 'disagree' (-1) when more than
 * half disagrees, else 'are split on' (0). Measured on exact counts, not rounded percentages.
 */
export function stanceOf(counts: readonly number[]): {
  AgreementWording: Tidbit['AgreementWording'];
  AgreementDirection: Tidbit['AgreementDirection'];
} {
  const total = sumOf(counts);
  const agree = (counts[0] ?? 0) + (counts[1] ?? 0);
  const disagree = (counts[3] ?? 0) + (counts[4] ?? 0);
  if (total > 0 && agree * 2 > total) return { AgreementWording: 'agree', AgreementDirection: 1 };
  if (total > 0 && disagree * 2 > total) {
    return { AgreementWording: 'disagree', AgreementDirection: -1 };
  }
  return { AgreementWording: 'are split on', AgreementDirection: 0 };
}

/** The answer a member gave for each field (generation from the birth year), where they gave one. */
export function answersOf(demographics: DemographicAnswers): Map<InsightFieldKey, string> {
  const answers = new Map<InsightFieldKey, string>();
  const set = (field: InsightFieldKey, value: string | number | null) => {
    if (value !== null) answers.set(field, String(value));
  };
  set('gender', demographics.gender);
  if (demographics.birthYear !== null) set('generation', generationOf(demographics.birthYear));
  set('nationality', demographics.nationality);
  set('education', demographics.education);
  set('maritalStatus', demographics.maritalStatus);
  set('householdIncome', demographics.householdIncome);
  set('sexualOrientation', demographics.sexualOrientation);
  set('religion', demographics.religion);
  set(
    'politicalSpectrum',
    demographics.politicalSpectrum === 0 ? null : demographics.politicalSpectrum,
  );
  set('numChildren', demographics.numChildren);
  return answers;
}

/** Per field, the answers whose figures may be shown (shownParts over the opinion's voters). */
export function shownAnswers(
  byField: CountsByField,
  totalVoters: number,
  minGroupSize: number,
): Map<InsightFieldKey, Set<string>> {
  const shown = new Map<InsightFieldKey, Set<string>>();
  for (const field of insightFieldKeys) {
    const sizes = new Map<string, number>();
    for (const [answer, counts] of byField.get(field) ?? []) sizes.set(answer, sumOf(counts));
    shown.set(field, shownParts(sizes, totalVoters, minGroupSize));
  }
  return shown;
}

/**
 * The most striking difference between a shown group and everyone: the group whose share agreeing
 * is furthest from everyone's, when at least `tidbitMinimumGap` points apart; else null.
 */
export const tidbitMinimumGap = 10;

export function tidbitOf(
  byField: CountsByField,
  everyone: readonly number[],
  minGroupSize: number,
): TidbitFacts | null {
  const totalVoters = sumOf(everyone);
  if (totalVoters === 0) return null;
  const overall = sidesOf(everyone).agree;
  const shown = shownAnswers(byField, totalVoters, minGroupSize);
  let best: { field: InsightFieldKey; answer: string; counts: RatingCounts; gap: number } | null =
    null;
  for (const field of insightFieldKeys) {
    for (const [answer, counts] of byField.get(field) ?? []) {
      if (!shown.get(field)?.has(answer)) continue;
      const gap = Math.abs(sidesOf(counts).agree - overall);
      if (gap >= tidbitMinimumGap && (!best || gap > best.gap))
        best = { field, answer, counts, gap };
    }
  }
  if (!best) return null;
  return {
    Field: best.field,
    Answer: best.answer,
    GroupAgree: sidesOf(best.counts).agree,
    EveryoneAgree: overall,
    ...stanceOf(best.counts),
  };
}
