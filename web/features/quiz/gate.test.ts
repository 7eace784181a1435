import { describe, expect, it } from 'vitest';
import type { Demographics } from '../../../contract/demographics.ts';
import { quizGateFields } from '../../../contract/reports.base.ts';
import {
  emptyGateFields,
  gateFieldOfError,
  gateValueOf,
  initialGateValues,
  mergeGateAnswers,
  preferNotToSay,
} from './gate.ts';

const nothingSaved: Demographics = {
  gender: null,
  birthYear: null,
  nationality: null,
  education: null,
  maritalStatus: null,
  householdIncome: null,
  sexualOrientation: null,
  religion: null,
  politicalSpectrum: null,
  numChildren: null,
};

describe('gateValueOf', () => {
  it('turns the empty choice into null and numeric fields into numbers', () => {
    expect(gateValueOf('gender', '')).toBeNull();
    expect(gateValueOf('birthYear', '')).toBeNull();
    expect(gateValueOf('gender', 'female')).toBe('female');
    expect(gateValueOf('nationality', 'gb')).toBe('gb');
    expect(gateValueOf('birthYear', '1990')).toBe(1990);
    expect(gateValueOf('education', '50')).toBe(50);
    expect(gateValueOf('politicalSpectrum', '25')).toBe(25);
  });

  it("keeps 'Prefer not to say' apart from the empty choice: it is an answer", () => {
    expect(gateValueOf('birthYear', preferNotToSay)).toBe(preferNotToSay);
    expect(gateValueOf('gender', preferNotToSay)).toBe(preferNotToSay);
    expect(
      emptyGateFields(['gender', 'birthYear'], { gender: preferNotToSay, birthYear: null }),
    ).toEqual(['birthYear']);
  });
});

describe('initialGateValues and emptyGateFields', () => {
  it('starts from the saved details and lists what is still empty, in gate order', () => {
    const saved = { ...nothingSaved, gender: 'male', education: 30, religion: 'none' };
    const values = initialGateValues(quizGateFields, saved, false);
    expect(values).toEqual({
      gender: 'male',
      birthYear: null,
      nationality: null,
      education: 30,
      politicalSpectrum: null,
    });
    expect(emptyGateFields(quizGateFields, values)).toEqual([
      'birthYear',
      'nationality',
      'politicalSpectrum',
    ]);
  });

  it('treats politicalSpectrum 0 as unset', () => {
    const values = initialGateValues(
      ['politicalSpectrum'],
      { ...nothingSaved, politicalSpectrum: 0 },
      false,
    );
    expect(emptyGateFields(['politicalSpectrum'], values)).toEqual(['politicalSpectrum']);
  });

  it('reads the empty fields of details saved before as declined, not unanswered', () => {
    const saved = { ...nothingSaved, gender: 'male', politicalSpectrum: 0 };
    const values = initialGateValues(quizGateFields, saved, true);
    expect(values).toEqual({
      gender: 'male',
      birthYear: preferNotToSay,
      nationality: preferNotToSay,
      education: preferNotToSay,
      politicalSpectrum: preferNotToSay,
    });
    expect(emptyGateFields(quizGateFields, values)).toEqual([]);
  });

  it('asks only the fields the quiz names', () => {
    expect(emptyGateFields(['gender'], {})).toEqual(['gender']);
    expect(emptyGateFields(['gender'], { gender: 'female' })).toEqual([]);
  });
});

describe('mergeGateAnswers', () => {
  it("keeps the member's other saved details, since the save replaces every field", () => {
    const saved: Demographics = {
      ...nothingSaved,
      maritalStatus: 'married',
      religion: 'buddhist',
      numChildren: 2,
      gender: 'other',
    };
    const merged = mergeGateAnswers(saved, {
      gender: 'female',
      birthYear: 1985,
      nationality: 'us',
      education: 60,
      politicalSpectrum: 75,
    });
    expect(merged).toEqual({
      ...saved,
      gender: 'female',
      birthYear: 1985,
      nationality: 'us',
      education: 60,
      politicalSpectrum: 75,
    });
  });
});

describe("mergeGateAnswers with 'Prefer not to say'", () => {
  it('sends a declined field as null, clearing what was saved', () => {
    const saved: Demographics = { ...nothingSaved, nationality: 'gb', religion: 'none' };
    const merged = mergeGateAnswers(saved, {
      gender: 'female',
      birthYear: 1985,
      nationality: preferNotToSay,
      education: 60,
      politicalSpectrum: preferNotToSay,
    });
    expect(merged).toEqual({
      ...saved,
      gender: 'female',
      birthYear: 1985,
      nationality: null,
      education: 60,
      politicalSpectrum: null,
    });
  });
});

describe('gateFieldOfError', () => {
  it('finds the field a server error names first', () => {
    expect(gateFieldOfError(quizGateFields, 'birthYear must be 1900 or later')).toBe('birthYear');
    expect(
      gateFieldOfError(quizGateFields, 'nationality must be a two-letter country code such as gb'),
    ).toBe('nationality');
  });

  it('is null for errors about anything else', () => {
    expect(gateFieldOfError(quizGateFields, 'consent is required: tick the box')).toBeNull();
    expect(gateFieldOfError(quizGateFields, 'religion must be one of none, …')).toBeNull();
    expect(gateFieldOfError(quizGateFields, 'gendered text')).toBeNull();
  });
});
