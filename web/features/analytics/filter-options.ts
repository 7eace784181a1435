import {
  demographicFilterAnswers,
  demographicFilterFields,
  type DemographicFilterField,
} from '../../../contract/analytics.base.ts';
import {
  educationOptions,
  generationOptions,
  genderOptions,
  householdIncomeOptions,
  maritalStatusOptions,
  numChildrenOptions,
  politicalSpectrumOptions,
  religionOptions,
  sexualOrientationOptions,
} from '../../../contract/demographics.base.ts';
import { nationalityOptions } from '../people/demographics-options.ts';

/** The sidebar's name of each demographic filter field. */
export const filterFieldLabels: Record<DemographicFilterField, string> = {
  gender: 'Gender',
  generation: 'Generation',
  nationality: 'Nationality',
  education: 'Education',
  maritalStatus: 'Relationship status',
  householdIncome: 'Household income',
  sexualOrientation: 'Sexual orientation',
  religion: 'Religion',
  politicalSpectrum: 'Political leaning',
  numChildren: 'Children',
};

type Named = readonly { value: string | number; label: string }[];

const namedLists: Record<DemographicFilterField, Named> = {
  gender: genderOptions,
  generation: generationOptions,
  nationality: nationalityOptions,
  education: educationOptions,
  maritalStatus: maritalStatusOptions,
  householdIncome: householdIncomeOptions,
  sexualOrientation: sexualOrientationOptions,
  religion: religionOptions,
  politicalSpectrum: politicalSpectrumOptions,
  numChildren: numChildrenOptions,
};

export type FilterOption = { value: string; label: string };

/**
 * A field's answers as the filter sends them (the contract's list, in its order; nationality in
 * the reader's alphabet with the UK and the USA first), each with its name.
 */
export function filterOptionsOf(field: DemographicFilterField): FilterOption[] {
  const names = new Map(namedLists[field].map((option) => [String(option.value), option.label]));
  const allowed: readonly string[] = demographicFilterAnswers[field];
  const ordered =
    field === 'nationality'
      ? nationalityOptions.map((option) => String(option.value)).filter((v) => allowed.includes(v))
      : allowed;
  return ordered.map((value) => ({ value, label: names.get(value) ?? value }));
}

/** How many of a field's answers show before 'Show all' (nationality's long list). */
export const shownFirst: Partial<Record<DemographicFilterField, number>> = { nationality: 2 };

/** The name of one answer, for the breakdown's rows. */
export function answerLabel(field: string, answer: string): string {
  if (!(demographicFilterFields as readonly string[]).includes(field)) return answer;
  const list = namedLists[field as DemographicFilterField];
  return list.find((option) => String(option.value) === answer)?.label ?? answer;
}

export function fieldLabel(field: string): string {
  return (filterFieldLabels as Record<string, string>)[field] ?? field;
}
