import {
  earliestBirthYear,
  educationOptions,
  genderOptions,
  householdIncomeOptions,
  latestBirthYear,
  maritalStatusOptions,
  nationalityCodes,
  numChildrenOptions,
  politicalSpectrumOptions,
  religionOptions,
  sexualOrientationOptions,
} from '../../../contract/demographics.base.ts';
import type { Demographics } from '../../../contract/demographics.ts';
import { lazily } from '../../ui/lazily.ts';

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

/**
 * In English, like the rest of the app, and the same on the server and in the browser
 * (docs/decisions/085): the few names on which Node's and the browsers' region data differ are
 * fixed here.
 */
const regionNames = lazily(() => new Intl.DisplayNames('en', { type: 'region' }));
const fixedRegionNames: Record<string, string> = {
  fk: 'Falkland Islands',
  hk: 'Hong Kong',
  mo: 'Macao',
  ps: 'Palestine',
};
const namedNationalities: DemographicsOption[] = nationalityCodes.map((code) => ({
  value: code,
  label: fixedRegionNames[code] ?? regionNames().of(code.toUpperCase()) ?? code.toUpperCase(),
}));

/** The contract's nationality codes named in English; the UK and the USA stay on top. */
export const nationalityOptions: readonly DemographicsOption[] = [
  ...namedNationalities.slice(0, 2),
  ...namedNationalities.slice(2).sort((a, b) => a.label.localeCompare(b.label, 'en')),
];

/** Every allowed year of birth, newest first: none younger than the minimum age. */
export function birthYearOptions(): DemographicsOption[] {
  const latest = latestBirthYear();
  return Array.from({ length: latest - earliestBirthYear + 1 }, (_, index) => {
    const year = latest - index;
    return { value: year, label: String(year) };
  });
}

/** The choice of a member who keeps a detail to themselves; it is sent as null. */
export const preferNotToSayLabel = 'Prefer not to say';

/**
 * Every field's choices, from the contract's lists: the personal details page and the quiz gate
 * offer these same ones, each with 'Prefer not to say' besides. The political scale's points
 * leave out 0, the profile reading's 'not set', which is that choice.
 */
export const demographicsOptions: Record<keyof Demographics, () => readonly DemographicsOption[]> =
  {
    gender: () => genderOptions,
    birthYear: birthYearOptions,
    nationality: () => nationalityOptions,
    education: () => educationOptions,
    maritalStatus: () => maritalStatusOptions,
    numChildren: () => numChildrenOptions,
    householdIncome: () => householdIncomeOptions,
    sexualOrientation: () => sexualOrientationOptions,
    religion: () => religionOptions,
    politicalSpectrum: () => politicalSpectrumOptions.filter((option) => option.value !== 0),
  };
