import { z } from 'zod';
import { defineCall, emptyPayload } from './api.ts';

/*
 * The personal details form of SPEC.md §3 in its profile reading (gender with 'other', education
 * 10–70, numChildren up to 20, politicalSpectrum with 0 unset). The option lists are the only
 * definition: the server validates against them and the form offers them
 * (docs/decisions/022-personal-details.md).
 */

type Option<Value> = { value: Value; label: string };

export const genderOptions = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
  { value: 'non-binary', label: 'Non-binary' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly Option<string>[];

export const educationOptions = [
  { value: 10, label: 'No formal schooling' },
  { value: 20, label: 'Some high school' },
  { value: 30, label: 'High school' },
  { value: 40, label: 'Some college' },
  { value: 50, label: 'College degree' },
  { value: 60, label: 'MA' },
  { value: 70, label: 'PhD' },
] as const satisfies readonly Option<number>[];

export const maritalStatusOptions = [
  { value: 'single', label: 'Single' },
  { value: 'relationship', label: 'In a relationship' },
  { value: 'open-relationship', label: 'In an open relationship' },
  { value: 'married', label: 'Married' },
  { value: 'civil-union', label: 'Civil union' },
  { value: 'divorced', label: 'Divorced' },
  { value: 'widowed', label: 'Widowed' },
] as const satisfies readonly Option<string>[];

/** Yearly household income in thousands of US dollars; each value is the band's lower edge. */
export const householdIncomeOptions = [
  { value: 10, label: 'Under $20k' },
  { value: 20, label: '$20k to $35k' },
  { value: 35, label: '$35k to $50k' },
  { value: 50, label: '$50k to $75k' },
  { value: 75, label: '$75k to $100k' },
  { value: 100, label: '$100k to $200k' },
  { value: 200, label: 'Over $200k' },
] as const satisfies readonly Option<number>[];

export const sexualOrientationOptions = [
  { value: 'asexual', label: 'Asexual' },
  { value: 'bisexual', label: 'Bisexual' },
  { value: 'heterosexual', label: 'Heterosexual' },
  { value: 'homosexual', label: 'Homosexual' },
  { value: 'pansexual', label: 'Pansexual' },
] as const satisfies readonly Option<string>[];

export const religionOptions = [
  { value: 'none', label: 'None' },
  { value: 'agnostic', label: 'Agnostic' },
  { value: 'atheist', label: 'Atheist' },
  { value: 'buddhist', label: 'Buddhist' },
  { value: 'catholic', label: 'Catholic' },
  { value: 'christian', label: 'Christian' },
  { value: 'confucian', label: 'Confucian' },
  { value: 'evangelical', label: 'Evangelical' },
  { value: 'falun', label: 'Falun Gong' },
  { value: 'hindu', label: 'Hindu' },
  { value: 'jewish', label: 'Jewish' },
  { value: 'mormon', label: 'Mormon' },
  { value: 'protestant', label: 'Protestant' },
  { value: 'shia', label: 'Shia' },
  { value: 'shinto', label: 'Shinto' },
  { value: 'sikh', label: 'Sikh' },
  { value: 'sunni', label: 'Sunni' },
  { value: 'taoist', label: 'Taoist' },
] as const satisfies readonly Option<string>[];

/**
 * 0 is 'not set' in the profile reading. The profile page names only the ends; the middle values'
 * names (from the quiz reading) are kept for screen readers.
 */
export const politicalSpectrumOptions = [
  { value: 0, label: 'Not set' },
  { value: 1, label: 'Left' },
  { value: 25, label: 'Moderate Left' },
  { value: 50, label: 'Center' },
  { value: 75, label: 'Moderate Right' },
  { value: 100, label: 'Right' },
] as const satisfies readonly Option<number>[];

/** -1 is None; then 1 to 20 (the profile reading). */
export const numChildrenOptions = [
  { value: -1, label: 'None' },
  ...Array.from({ length: 20 }, (_, index) => ({
    value: index + 1,
    label: index === 19 ? '20 or more' : String(index + 1),
  })),
] as const satisfies readonly Option<number>[];

/**
 * ISO 3166-1 alpha-2 codes, lower-cased. SPEC.md lists gb and us, which the form offers first;
 * the rest follow so that members elsewhere can answer too. Names come from the browser's
 * Intl.DisplayNames.
 */
export const nationalityCodes: readonly string[] = (
  'gb us ad ae af ag ai al am ao aq ar as at au aw ax az ba bb bd be bf bg bh bi bj bl bm bn bo ' +
  'bq br bs bt bv bw by bz ca cc cd cf cg ch ci ck cl cm cn co cr cu cv cw cx cy cz de dj dk dm ' +
  'do dz ec ee eg eh er es et fi fj fk fm fo fr ga gd ge gf gg gh gi gl gm gn gp gq gr gs gt gu ' +
  'gw gy hk hm hn hr ht hu id ie il im in io iq ir is it je jm jo jp ke kg kh ki km kn kp kr kw ' +
  'ky kz la lb lc li lk lr ls lt lu lv ly ma mc md me mf mg mh mk ml mm mn mo mp mq mr ms mt mu ' +
  'mv mw mx my mz na nc ne nf ng ni nl no np nr nu nz om pa pe pf pg ph pk pl pm pn pr ps pt pw ' +
  'py qa re ro rs ru rw sa sb sc sd se sg sh si sj sk sl sm sn so sr ss st sv sx sy sz tc td tf ' +
  'tg th tj tk tl tm tn to tr tt tv tw tz ua ug um uy uz va vc ve vg vi vn vu wf ws ye yt za zm zw'
).split(' ');

/** The consent a member gives by saving; the server stores the text agreed to. */
export const demographicsConsentText =
  'I agree that Stance may store these personal details and use them, without my name, to compare ' +
  'groups of voters. I can change or remove them at any time.';

export const earliestBirthYear = 1900;

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
  .refine((year) => year >= earliestBirthYear && year <= new Date().getUTCFullYear(), {
    error: `birthYear must be between ${earliestBirthYear} and this year`,
  })
  .nullable()
  .optional();

const nationality = z
  .string({ error: 'nationality must be a two-letter country code such as gb or us' })
  .refine((code) => nationalityCodes.includes(code), {
    error: 'nationality must be a two-letter country code such as gb or us',
  })
  .nullable()
  .optional();

export const demographicsFields = {
  gender: choice('gender', genderOptions),
  birthYear,
  nationality,
  education: choice('education', educationOptions),
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
  method: 'POST',
  path: '/api/user/demographics/get',
  payload: emptyPayload,
  response: z.object({
    Demographics: demographics,
    /** True once the member has saved the form (and so agreed to the consent text). */
    HasConsented: z.boolean(),
  }),
});

export const setDemographics = defineCall({
  method: 'POST',
  path: '/api/user/demographics/set',
  payload: z.object({
    ...demographicsFields,
    consent: z.literal(demographicsConsentText, {
      error: 'consent is required: tick the box to agree before saving your personal details',
    }),
  }),
  response: z.object({ Demographics: demographics, HasConsented: z.boolean() }),
});
