/*
 * The insights calls' methods and paths, and the values both sides share: no zod, so the browser can
 * import them (docs/decisions/044-a-lighter-client.md). The schemas are in insights.ts; the rules
 * (who is counted, what is withheld, how insights are worded, how groups are kept) are
 * docs/decisions/052-insights-and-stored-groups.md.
 */
import {
  educationOptions,
  generationOptions,
  genderOptions,
  householdIncomeOptions,
  maritalStatusOptions,
  nationalityCodes,
  numChildrenOptions,
  politicalSpectrumOptions,
  religionOptions,
  sexualOrientationOptions,
} from './demographics.base.ts';

export const getInsights = { method: 'GET', path: '/api/insight/get' } as const;
export const getTopicGroups = { method: 'GET', path: '/api/topic/groups' } as const;

/** The demographic fields of the insight matrix, in the order the charts show them. */
export const insightFieldKeys = [
  'gender',
  'generation',
  'nationality',
  'education',
  'maritalStatus',
  'householdIncome',
  'sexualOrientation',
  'religion',
  'politicalSpectrum',
  'numChildren',
] as const;
export type InsightFieldKey = (typeof insightFieldKeys)[number];

/** One answer of a field: its key in the matrix (always a string) and the label a chart shows. */
export type InsightAnswer = { readonly value: string; readonly label: string };

export type InsightField = {
  readonly key: InsightFieldKey;
  /** The chart's heading. */
  readonly title: string;
  /**
   * The answers in chart order. Empty for `nationality`: its answers are the ISO 3166-1 alpha-2
   * codes (lower case) that the matrix holds, named by the browser's Intl.DisplayNames.
   */
  readonly answers: readonly InsightAnswer[];
};

function answersOf(options: readonly { value: string | number; label: string }[]): InsightAnswer[] {
  return options.map((option) => ({ value: String(option.value), label: option.label }));
}

export const insightFields: readonly InsightField[] = [
  { key: 'gender', title: 'Gender', answers: answersOf(genderOptions) },
  { key: 'generation', title: 'Generation', answers: answersOf(generationOptions) },
  { key: 'nationality', title: 'Nationality', answers: [] },
  { key: 'education', title: 'Education', answers: answersOf(educationOptions) },
  { key: 'maritalStatus', title: 'Marital status', answers: answersOf(maritalStatusOptions) },
  { key: 'householdIncome', title: 'Household income', answers: answersOf(householdIncomeOptions) },
  {
    key: 'sexualOrientation',
    title: 'Sexual orientation',
    answers: answersOf(sexualOrientationOptions),
  },
  { key: 'religion', title: 'Religion', answers: answersOf(religionOptions) },
  {
    key: 'politicalSpectrum',
    title: 'Political views',
    // 0 is 'not set': such members are not counted under this field.
    answers: answersOf(politicalSpectrumOptions.filter((option) => option.value !== 0)),
  },
  { key: 'numChildren', title: 'Children', answers: answersOf(numChildrenOptions) },
];

/** The nationality codes a member may give (the matrix holds only those with enough voters). */
export { nationalityCodes };

/** The labels of the five ratings, 1 (Strongly Agree) to 5 (Strongly Disagree), for chart legends. */
export const ratingLabels = [
  'Strongly agree',
  'Agree',
  'Neutral',
  'Disagree',
  'Strongly disagree',
] as const;

/** How many insights the opinion page lists before 'See more'. */
export const insightsShownFirst = 2;

/** How many charts (demographic fields) the opinion page shows before 'See more'. */
export const chartsShownFirst = 1;

/** The name a page gives an opinion group: 'Group A', 'Group B', … by its id (0 is A). */
export function opinionGroupLabel(id: number): string {
  return id >= 0 && id < 26 ? `Group ${String.fromCharCode(65 + id)}` : `Group ${id + 1}`;
}
