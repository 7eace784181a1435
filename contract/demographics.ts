import { z } from 'zod';
import { defineCall, emptyPayload } from './api.ts';
import * as base from './demographics.base.ts';
import {
  genderOptions,
  educationOptions,
  educationWordValues,
  maritalStatusOptions,
  householdIncomeOptions,
  sexualOrientationOptions,
  religionOptions,
  politicalSpectrumOptions,
  numChildrenOptions,
  nationalityCodes,
  demographicsConsentText,
  earliestBirthYear,
  latestBirthYear,
  tooYoungMessage,
  type Option,
} from './demographics.base.ts';

export {
  genderOptions,
  educationOptions,
  educationWordValues,
  maritalStatusOptions,
  householdIncomeOptions,
  sexualOrientationOptions,
  religionOptions,
  politicalSpectrumOptions,
  numChildrenOptions,
  nationalityCodes,
  demographicsConsentText,
  earliestBirthYear,
} from './demographics.base.ts';

/*
 * The personal details form (docs/product/entities.md#personal-details) in its profile reading
 * (gender with 'other', education 10–70, numChildren up to 20, politicalSpectrum with 0 unset).
 * The option lists are the only definition: the server validates against them and the form offers
 * them (docs/decisions/022-personal-details.md).
 */

function listOf(values: readonly (string | number)[]): string {
  const texts = values.map(String);
  return `${texts.slice(0, -1).join(', ')} or ${texts.at(-1)}`;
}

/**
 * An optional field whose value must be one of the options; null or absent leaves it unset.
 * `allowed` describes the choices in the error message when listing them all would not help.
 */
function choice<Value extends string | number>(
  field: string,
  options: readonly Option<Value>[],
  allowed?: string,
) {
  const values = options.map((option) => option.value) as [Value, ...Value[]];
  return z
    .literal(values, { error: `${field} must be ${allowed ?? `one of ${listOf(values)}`}` })
    .nullable()
    .optional();
}

const birthYear = z
  .number({ error: 'birthYear must be a year such as 1990' })
  .int({ error: 'birthYear must be a whole year' })
  .refine((year) => year >= earliestBirthYear, {
    error: `birthYear must be ${earliestBirthYear} or later`,
  })
  .refine((year) => year <= latestBirthYear(), { error: () => tooYoungMessage() })
  .nullable()
  .optional();

const nationality = z
  .string({ error: 'nationality must be a two-letter country code such as gb or us' })
  .refine((code) => nationalityCodes.includes(code), {
    error: 'nationality must be a two-letter country code such as gb or us',
  })
  .nullable()
  .optional();

const educationValues = educationOptions.map((option) => option.value);
const educationWords = Object.keys(educationWordValues) as (keyof typeof educationWordValues)[];

/**
 * Education in either reading (docs/product/entities.md#personal-details): the profile's 10–70,
 * or the quizzes' school, college or university, stored as its value on the 10–70 scale.
 */
const education = z
  .union([z.number(), z.string()], {
    error: `education must be one of ${listOf([...educationValues, ...educationWords])}`,
  })
  .refine(
    (value) =>
      typeof value === 'number'
        ? (educationValues as readonly number[]).includes(value)
        : Object.hasOwn(educationWordValues, value),
    { error: `education must be one of ${listOf([...educationValues, ...educationWords])}` },
  )
  .transform((value) =>
    typeof value === 'number'
      ? value
      : educationWordValues[value as keyof typeof educationWordValues],
  )
  .nullable()
  .optional();

export const demographicsFields = {
  gender: choice('gender', genderOptions),
  birthYear,
  nationality,
  education,
  maritalStatus: choice('maritalStatus', maritalStatusOptions),
  householdIncome: choice('householdIncome', householdIncomeOptions),
  sexualOrientation: choice('sexualOrientation', sexualOrientationOptions),
  religion: choice('religion', religionOptions),
  politicalSpectrum: choice('politicalSpectrum', politicalSpectrumOptions),
  numChildren: choice('numChildren', numChildrenOptions, '-1 (None) or a number from 1 to 20'),
};

export type DemographicsField = keyof typeof demographicsFields;

/** The saved details; null for a field left unset (politicalSpectrum 0 is saved as null). */
export const demographics = z.object({
  gender: z.string().nullable(),
  birthYear: z.number().int().nullable(),
  nationality: z.string().nullable(),
  education: z.number().int().nullable(),
  maritalStatus: z.string().nullable(),
  householdIncome: z.number().int().nullable(),
  sexualOrientation: z.string().nullable(),
  religion: z.string().nullable(),
  politicalSpectrum: z.number().int().nullable(),
  numChildren: z.number().int().nullable(),
});
export type Demographics = z.infer<typeof demographics>;

export const getDemographics = defineCall({
  ...base.getDemographics,
  payload: emptyPayload,
  response: z.object({
    Demographics: demographics,
    /** True once the member has saved the form (and so agreed to the consent text). */
    HasConsented: z.boolean(),
  }),
});

export const setDemographics = defineCall({
  ...base.setDemographics,
  payload: z.object({
    ...demographicsFields,
    consent: z.literal(demographicsConsentText, {
      error: 'consent is required: tick the box to agree before saving your personal details',
    }),
  }),
  response: z.object({ Demographics: demographics, HasConsented: z.boolean() }),
});
