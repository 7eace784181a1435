import { describe, expect, it } from 'vitest';
import { insightFieldKeys, insightFields } from '../../../contract/insights.base.ts';
import {
  groupPhrase,
  groupPhrases,
  personalText,
  tidbitText,
  wordStoredTidbit,
} from './insights.wording.ts';

describe('how insights read (decision 068)', () => {
  it('writes a tidbit as people write it, for the example of issue 37', () => {
    expect(
      tidbitText({ Field: 'numChildren', Answer: '2', GroupAgree: 33, EveryoneAgree: 63 }),
    ).toBe(`Parents of two: 33% agree, against 63% of everyone`);
  });

  it('has a phrase of its own for every answer of every field: none falls back to the label', () => {
    for (const field of insightFields) {
      if (field.key === 'nationality') continue;
      for (const answer of field.answers) {
        const phrase = groupPhrase(field.key, answer.value);
        expect(phrase, `${field.key} ${answer.value}`).not.toMatch(/answered|whose|\bis\b/);
        expect(groupPhrases[field.key][answer.value], `${field.key} ${answer.value}`).toBe(phrase);
      }
    }
    expect(Object.keys(groupPhrases).sort()).toEqual(
      insightFieldKeys.filter((key) => key !== 'nationality').sort(),
    );
  });

  it('names each field’s people in one style', () => {
    const lines = [
      ['gender', 'female', 'Women'],
      ['gender', 'non-binary', 'Non-binary people'],
      ['generation', 'y', 'Millennials'],
      ['generation', 'silent', 'The Silent Generation'],
      ['nationality', 'gb', 'People from the United Kingdom'],
      ['nationality', 'de', 'People from Germany'],
      ['nationality', 'us', 'People from the United States'],
      ['education', '50', 'College graduates'],
      ['maritalStatus', 'married', 'Married people'],
      ['householdIncome', '50', 'Households earning $50k to $75k'],
      ['sexualOrientation', 'bisexual', 'Bisexual people'],
      ['religion', 'catholic', 'Catholics'],
      ['religion', 'none', 'People with no religion'],
      ['politicalSpectrum', '1', 'People on the left'],
      ['politicalSpectrum', '50', 'Centrists'],
      ['numChildren', '-1', 'People without children'],
      ['numChildren', '1', 'Parents of one'],
      ['numChildren', '12', 'Parents of 12'],
      ['numChildren', '20', 'Parents of 20 or more'],
    ] as const;
    for (const [field, answer, group] of lines) {
      expect(tidbitText({ Field: field, Answer: answer, GroupAgree: 75, EveryoneAgree: 28 })).toBe(
        `${group}: 75% agree, against 28% of everyone`,
      );
    }
  });

  it('writes an answer added later from its label rather than failing', () => {
    expect(groupPhrase('education', '99')).toBe('people who answered “99”');
  });

  it('writes a personal insight in the same style: the group, then who votes as the member did', () => {
    const sides = { agree: 71, neutral: 20, disagree: 9 };
    expect(personalText(groupPhrase('religion', 'catholic'), 1, sides)).toBe(
      `Catholics: 71% agree, as you do`,
    );
    expect(personalText(groupPhrase('numChildren', '2'), 5, sides)).toBe(
      `Parents of two: 9% disagree, as you do`,
    );
    expect(personalText(groupPhrase('generation', 'x'), 3, sides)).toBe(
      `Generation X: 20% are neutral, as you are`,
    );
  });

  it('words a stored tidbit from its facts, and shows none for one stored as a sentence', () => {
    expect(
      wordStoredTidbit({
        Field: 'gender',
        Answer: 'female',
        GroupAgree: 75,
        EveryoneAgree: 28,
        AgreementWording: 'agree',
        AgreementDirection: 1,
      }),
    ).toEqual({
      Desc: `Women: 75% agree, against 28% of everyone`,
      AgreementWording: 'agree',
      AgreementDirection: 1,
    });
    expect(
      wordStoredTidbit({
        Desc: '33% of people whose number of children is 2 agree, against 63% of everyone',
        AgreementWording: 'disagree',
        AgreementDirection: -1,
      }),
    ).toBeNull();
    expect(wordStoredTidbit(null)).toBeNull();
    expect(wordStoredTidbit({ Field: 'shoeSize', Answer: '9' })).toBeNull();
  });
});
