import type { Tidbit } from '../../../contract/entities.ts';
import { generationOptions } from '../../../contract/demographics.base.ts';
import {
  insightFieldKeys,
  insightFields,
  type InsightFieldKey,
} from '../../../contract/insights.base.ts';

/*
 * How insights read (docs/decisions/068-insights-worded-for-people.md): every line names its
 * group as a person would, then gives the figure. One pattern for every field and answer, on the
 * cards' tidbits and in the personal insights alike:
 *
 *   Parents of two: 33% agree, against 63% of everyone      (a tidbit)
 *   Catholics: 71% agree, as you do                          (a personal insight)
 *
 * The stored tidbit keeps the facts (the field, the answer, the two shares), not the sentence, so
 * a change of wording reaches every card at once, without recomputing anything.
 */

/** A whole percent as the insights write it, as the opinion page's results and charts do: '33%'. */
export function percentText(percent: number): string {
  return `${percent}%`;
}

/** 'one' … 'ten', then digits. */
const smallNumbers = [
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
];

/**
 * Each answer's people, as they are written inside a sentence ('parents of two', 'Catholics').
 * An answer added later without a phrase here is written from its label ('people who answered
 * “…”'), and the unit test names it.
 */
export const groupPhrases: Record<
  Exclude<InsightFieldKey, 'nationality'>,
  Record<string, string>
> = {
  gender: {
    male: 'men',
    female: 'women',
    'non-binary': 'non-binary people',
    other: 'people of another gender',
  },
  generation: Object.fromEntries(generationOptions.map((option) => [option.value, option.people])),
  education: {
    '10': 'people with no formal schooling',
    '20': 'people with some high school',
    '30': 'high-school graduates',
    '40': 'people with some college',
    '50': 'college graduates',
    '60': 'people with a master’s degree',
    '70': 'people with a PhD',
  },
  maritalStatus: {
    single: 'single people',
    relationship: 'people in a relationship',
    'open-relationship': 'people in an open relationship',
    married: 'married people',
    'civil-union': 'people in a civil union',
    divorced: 'divorced people',
    widowed: 'widowed people',
  },
  householdIncome: {
    '10': 'households earning under $20k',
    '20': 'households earning $20k to $35k',
    '35': 'households earning $35k to $50k',
    '50': 'households earning $50k to $75k',
    '75': 'households earning $75k to $100k',
    '100': 'households earning $100k to $200k',
    '200': 'households earning over $200k',
  },
  sexualOrientation: {
    asexual: 'asexual people',
    bisexual: 'bisexual people',
    heterosexual: 'heterosexual people',
    homosexual: 'gay and lesbian people',
    pansexual: 'pansexual people',
  },
  religion: {
    none: 'people with no religion',
    agnostic: 'agnostics',
    atheist: 'atheists',
    buddhist: 'Buddhists',
    catholic: 'Catholics',
    christian: 'Christians',
    confucian: 'Confucians',
    evangelical: 'Evangelicals',
    falun: 'Falun Gong practitioners',
    hindu: 'Hindus',
    jewish: 'Jewish people',
    mormon: 'Mormons',
    protestant: 'Protestants',
    shia: 'Shia Muslims',
    shinto: 'followers of Shinto',
    sikh: 'Sikhs',
    sunni: 'Sunni Muslims',
    taoist: 'Taoists',
  },
  politicalSpectrum: {
    '1': 'people on the left',
    '25': 'people on the moderate left',
    '50': 'centrists',
    '75': 'people on the moderate right',
    '100': 'people on the right',
  },
  numChildren: {
    '-1': 'people without children',
    ...Object.fromEntries(
      Array.from({ length: 20 }, (_, index) => {
        const count = index + 1;
        const number = smallNumbers[index] ?? String(count);
        return [String(count), count === 20 ? 'parents of 20 or more' : `parents of ${number}`];
      }),
    ),
  },
};

/** Country names that take 'the' in a sentence ('people from the United Kingdom'). */
function takesThe(country: string): boolean {
  return (
    /^(United|Central African|Dominican|Czech) /.test(country) ||
    /(Islands|Republic|Emirates|Territories|Netherlands|Philippines|Bahamas|Gambia|Maldives|Comoros|Seychelles)$/.test(
      country,
    )
  );
}

function countryName(code: string): string {
  try {
    return (
      new Intl.DisplayNames(['en'], { type: 'region' }).of(code.toUpperCase()) ?? code.toUpperCase()
    );
  } catch {
    return code.toUpperCase();
  }
}

/** The people with an answer, as written inside a sentence ('parents of two', 'Catholics'). */
export function groupPhrase(field: InsightFieldKey, answer: string): string {
  if (field === 'nationality') {
    const country = countryName(answer);
    return `people from ${takesThe(country) ? 'the ' : ''}${country}`;
  }
  const phrase = groupPhrases[field][answer];
  if (phrase) return phrase;
  const label = insightFields
    .find((entry) => entry.key === field)
    ?.answers.find((entry) => entry.value === answer)?.label;
  return `people who answered “${label ?? answer}”`;
}

/** The first letter in capitals, for a phrase that starts a line. */
function startOfLine(phrase: string): string {
  return phrase.charAt(0).toUpperCase() + phrase.slice(1);
}

/** What a stored tidbit holds: the facts its line is written from. */
export type TidbitFacts = {
  Field: InsightFieldKey;
  Answer: string;
  /** Whole percent of the group that agrees. */
  GroupAgree: number;
  /** Whole percent of everyone who voted that agrees. */
  EveryoneAgree: number;
  AgreementWording: Tidbit['AgreementWording'];
  AgreementDirection: Tidbit['AgreementDirection'];
};

/** 'Parents of two: 33% agree, against 63% of everyone'. */
export function tidbitText(
  facts: Pick<TidbitFacts, 'Field' | 'Answer' | 'GroupAgree' | 'EveryoneAgree'>,
) {
  return (
    `${startOfLine(groupPhrase(facts.Field, facts.Answer))}: ${percentText(facts.GroupAgree)} ` +
    `agree, against ${percentText(facts.EveryoneAgree)} of everyone`
  );
}

/** The tidbit a card shows, worded from its stored facts. */
export function wordTidbit(facts: TidbitFacts): Tidbit {
  return {
    Desc: tidbitText(facts),
    AgreementWording: facts.AgreementWording,
    AgreementDirection: facts.AgreementDirection,
  };
}

/**
 * The tidbit a card shows from what `opinions.tidbit` holds: worded from its facts; null for a
 * row stored before the facts were (its sentence was machine-worded; the refresh the migration
 * 20261128T1200 queued replaces it within seconds) or for anything else it cannot read.
 */
export function wordStoredTidbit(stored: unknown): Tidbit | null {
  if (!stored || typeof stored !== 'object') return null;
  const facts = stored as Partial<Record<keyof TidbitFacts, unknown>>;
  const isFacts =
    typeof facts.Field === 'string' &&
    (insightFieldKeys as readonly string[]).includes(facts.Field) &&
    typeof facts.Answer === 'string' &&
    typeof facts.GroupAgree === 'number' &&
    typeof facts.EveryoneAgree === 'number' &&
    typeof facts.AgreementWording === 'string' &&
    typeof facts.AgreementDirection === 'number';
  if (!isFacts) return null;
  return wordTidbit({
    ...(facts as TidbitFacts),
    AgreementDirection: Math.sign(facts.AgreementDirection as number) as -1 | 0 | 1,
  });
}

/**
 * A personal insight: the group, then the share of it that votes as the member did.
 * 'Women: 71% agree, as you do' / 'Millennials: 64% disagree, as you do' /
 * 'Catholics: 20% are neutral, as you are'.
 */
export function personalText(
  group: string,
  rating: number,
  sides: { agree: number; neutral: number; disagree: number },
): string {
  const start = `${startOfLine(group)}: `;
  if (rating <= 2) return `${start}${percentText(sides.agree)} agree, as you do`;
  if (rating >= 4) return `${start}${percentText(sides.disagree)} disagree, as you do`;
  return `${start}${percentText(sides.neutral)} are neutral, as you are`;
}

/** The member's opinion group on a topic, as a personal insight names it. */
export function opinionGroupPhrase(topicTitle: string): string {
  return `your opinion group on ${topicTitle}`;
}
