/*
 * The demographics calls' methods and paths, and the values both sides share: no zod, so the browser can
 * import them (docs/decisions/044-a-lighter-client.md). The schemas are in demographics.ts.
 */

export type Option<Value> = { value: Value; label: string };

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

/**
 * The short reading of education (the quizzes' and filters' school, college, university) as the
 * one stored value of the profile's scale: the highest stage reached, at its completed step
 * (docs/decisions/072-one-meaning-for-every-staff-filter.md).
 */
export const educationWordValues = {
  school: 30,
  college: 40,
  university: 50,
} as const satisfies Record<string, (typeof educationOptions)[number]['value']>;

export type EducationWord = keyof typeof educationWordValues;

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
 * ISO 3166-1 alpha-2 codes, lower-cased. The product lists gb and us, which the form offers first;
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

/** Members must be at least this old (the terms of service say so). */
export const minimumAge = 16;

/**
 * The latest year of birth a member may give: only the year is asked, so one who turns 16 this
 * year (UTC) may take part (docs/decisions/065-minimum-age.md).
 */
export function latestBirthYear(now = new Date()): number {
  return now.getUTCFullYear() - minimumAge;
}

/** Why a later year of birth is refused: the form's message and the API's error alike. */
export function tooYoungMessage(now = new Date()): string {
  return `birthYear must be ${latestBirthYear(now)} or earlier: members must be at least ${minimumAge}`;
}

/**
 * Generations, read from the birth year: the insight matrix and the staff filters group members by
 * these, never by the birth year itself. A member is in the band whose years hold their birth year;
 * `people` names its members in a sentence.
 */
export const generationOptions = [
  {
    value: 'silent',
    label: 'Silent (born before 1946)',
    people: 'the Silent Generation',
    from: earliestBirthYear,
    to: 1945,
  },
  { value: 'boomer', label: 'Boomer (1946–1964)', people: 'Boomers', from: 1946, to: 1964 },
  { value: 'x', label: 'Generation X (1965–1980)', people: 'Generation X', from: 1965, to: 1980 },
  { value: 'y', label: 'Millennial (1981–1996)', people: 'Millennials', from: 1981, to: 1996 },
  {
    value: 'z',
    label: 'Generation Z (1997 and later)',
    people: 'Generation Z',
    from: 1997,
    to: 9999,
  },
] as const;
export type Generation = (typeof generationOptions)[number]['value'];

/** The generation of a birth year. */
export function generationOf(birthYear: number): Generation {
  const band = generationOptions.find(
    (option) => birthYear >= option.from && birthYear <= option.to,
  );
  return band ? band.value : generationOptions[0].value;
}

export const getDemographics = { method: 'POST', path: '/api/user/demographics/get' } as const;
export const setDemographics = { method: 'POST', path: '/api/user/demographics/set' } as const;
