import {
  earliestBirthYear,
  latestBirthYear,
  nationalityCodes,
} from '../../../contract/demographics.base.ts';
import type { Demographics } from '../../../contract/demographics.ts';

/** One choice of a personal-details select. */
export type DemographicsOption = { value: string | number; label: string };

/** How the personal details page and the quiz gate name each field. */
export const demographicsFieldLabels: Record<keyof Demographics, string> = {
  gender: 'Gender',
  birthYear: 'Year of birth',
  nationality: 'Nationality',
  education: 'Education',
  maritalStatus: 'Relationship status',
  numChildren: 'Children',
  householdIncome: 'Household income',
  sexualOrientation: 'Sexual orientation',
  religion: 'Religion',
  politicalSpectrum: 'Political leaning',
};

const regionNames = new Intl.DisplayNames(undefined, { type: 'region' });
const namedNationalities: DemographicsOption[] = nationalityCodes.map((code) => ({
  value: code,
  label: regionNames.of(code.toUpperCase()) ?? code.toUpperCase(),
}));

/** The contract's nationality codes named in the reader's language; the UK and the USA stay on top. */
export const nationalityOptions: readonly DemographicsOption[] = [
  ...namedNationalities.slice(0, 2),
  ...namedNationalities.slice(2).sort((a, b) => a.label.localeCompare(b.label)),
];

/** Every allowed year of birth, newest first: none younger than the minimum age. */
export function birthYearOptions(): DemographicsOption[] {
  const latest = latestBirthYear();
  return Array.from({ length: latest - earliestBirthYear + 1 }, (_, index) => {
    const year = latest - index;
    return { value: year, label: String(year) };
  });
}
