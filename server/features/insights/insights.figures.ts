import type { Tidbit } from '../../../contract/entities.ts';
import type { DemographicAnswers } from '../../db/schema.ts';
import { generationOf, generationOptions } from '../../../contract/demographics.base.ts';
import {
  insightFieldKeys,
  insightFields,
  type InsightFieldKey,
} from '../../../contract/insights.base.ts';

/*
 * The insights' pure rules (docs/decisions/052-insights-and-stored-groups.md): which figures are
 * withheld, how a group's stance is worded, the personal insights and the tidbit. No database.
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

/**
 * Of the parts of a whole of `total` voters (the answers of one field, or the groups of one
 * topic), those whose figures may be shown: a part is shown when it holds at least `minGroupSize`
 * voters and the rest of the whole is either empty or at least `minGroupSize` too; and the
 * voters in no shown part must be 0 or at least `minGroupSize`, else the smallest shown parts are
 * withheld too, until they are. So neither a part nor a difference of shown figures (the whole's
 * results minus the shown parts) is ever about 1 to `minGroupSize` − 1 people.
 */
export function shownParts<Key>(
  sizes: ReadonlyMap<Key, number>,
  total: number,
  minGroupSize: number,
): Set<Key> {
  const small = (count: number) => count > 0 && count < minGroupSize;
  const shown = [...sizes]
    .filter(([, size]) => size >= minGroupSize && !small(total - size))
    .sort((a, b) => b[1] - a[1]);
  let rest = total - shown.reduce((sum, [, size]) => sum + size, 0);
  while (shown.length > 0 && small(rest)) {
    rest += shown.pop()![1];
  }
  return new Set(shown.map(([key]) => key));
}

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

const fieldNouns: Record<InsightFieldKey, string> = {
  gender: 'gender',
  generation: 'generation',
  nationality: 'nationality',
  education: 'education',
  maritalStatus: 'marital status',
  householdIncome: 'household income',
  sexualOrientation: 'sexual orientation',
  religion: 'religion',
  politicalSpectrum: 'political views',
  numChildren: 'number of children',
};

function answerLabel(field: InsightFieldKey, answer: string): string {
  if (field === 'nationality') {
    try {
      return (
        new Intl.DisplayNames(['en'], { type: 'region' }).of(answer.toUpperCase()) ??
        answer.toUpperCase()
      );
    } catch {
      return answer.toUpperCase();
    }
  }
  const fieldInfo = insightFields.find((entry) => entry.key === field);
  return fieldInfo?.answers.find((entry) => entry.value === answer)?.label ?? answer;
}

function generationPeople(answer: string): string {
  return generationOptions.find((option) => option.value === answer)?.people ?? answer;
}

/** The people with an answer, named for everyone ('women', 'people whose religion is Catholic'). */
export function groupName(field: InsightFieldKey, answer: string): string {
  if (field === 'gender' && answer === 'female') return 'women';
  if (field === 'gender' && answer === 'male') return 'men';
  if (field === 'gender' && answer === 'non-binary') return 'non-binary people';
  if (field === 'generation') return generationPeople(answer);
  if (field === 'numChildren' && answer === '-1') return 'people without children';
  if (field === 'religion' && answer === 'none') return 'people with no religion';
  return `people whose ${fieldNouns[field]} is ${answerLabel(field, answer)}`;
}

/** The people who share the member's answer, named for them ('women', 'people with your religion'). */
export function yourGroupName(field: InsightFieldKey, answer: string): string {
  if (field === 'gender' && (answer === 'female' || answer === 'male')) {
    return groupName(field, answer);
  }
  if (field === 'generation') return `people of your generation (${generationPeople(answer)})`;
  return `people with your ${fieldNouns[field]}`;
}

/** 'You agree with 71% of women' / 'You and 64% of men disagree' / 'You and 20% of … are neutral'. */
export function personalSentence(rating: number, counts: readonly number[], group: string): string {
  const sides = sidesOf(counts);
  if (rating <= 2) return `You agree with ${sides.agree}% of ${group}`;
  if (rating >= 4) return `You and ${sides.disagree}% of ${group} disagree`;
  return `You and ${sides.neutral}% of ${group} are neutral`;
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
): Tidbit | null {
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
  const group = groupName(best.field, best.answer);
  return {
    Desc: `${sidesOf(best.counts).agree}% of ${group} agree, against ${overall}% of everyone`,
    ...stanceOf(best.counts),
  };
}
