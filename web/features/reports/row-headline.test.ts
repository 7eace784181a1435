import { describe, expect, it } from 'vitest';
import { reportNames } from '../../../contract/reports.base.ts';
import { quizOfReport } from './report-names.ts';
import { rowHeadline, type UserReports } from './row-headline.ts';

function answer(overrides: Partial<UserReports> = {}): UserReports {
  const every = <T>(value: T) => Object.fromEntries(reportNames.map((name) => [name, value]));
  return {
    Reports: every(null),
    Completion: every(0),
    Locked: every(false),
    Entries: {
      ...every(['Only']),
      bigfive: ['Openness', 'Conscientiousness', 'Extraversion', 'Agreeableness', 'Neuroticism'],
      sexuality: ['Sexual Licence', 'Relationship', 'Total Score'],
      sixteen: ['E/I', 'S/N', 'T/F', 'J/P'],
      climate: ['Pessimism', 'Total Climate Score'],
      opiniondna: ['A', 'B', 'C'],
      mac: ['Family', 'Group'],
    },
    Headlines: {},
    Uncertainty: {},
    Percentiles: {},
    Members: {},
    ...overrides,
  };
}

describe('rowHeadline', () => {
  it('shows a lock for a locked report, whatever else is there', () => {
    const data = answer({ Locked: { ...answer().Locked, bigfive: true } });
    expect(rowHeadline('bigfive', data)).toEqual({ kind: 'locked' });
  });

  it('shows nothing for an unanswered report or an array of the wrong length', () => {
    expect(rowHeadline('mac', answer())).toEqual({ kind: 'none' });
    expect(rowHeadline('mac', answer({ Reports: { mac: [40] } }))).toEqual({ kind: 'none' });
    expect(rowHeadline('mac', answer({ Reports: { mac: [null, null] } }))).toEqual({
      kind: 'none',
    });
  });

  it("draws Big Five's five scores, each with its band", () => {
    const data = answer({
      Reports: { bigfive: [10, 20, null, 40, 50] },
      Uncertainty: { bigfive: [5, 2, null, 5, 5] },
    });
    expect(rowHeadline('bigfive', data)).toEqual({
      kind: 'bars',
      bars: [
        { name: 'Openness', score: 10, label: 'VERY LOW' },
        { name: 'Conscientiousness', score: 20, label: 'VERY LOW, could be LOW' },
        { name: 'Extraversion', score: null, label: null },
        { name: 'Agreeableness', score: 40, label: 'LOW, could be MEDIUM' },
        { name: 'Neuroticism', score: 50, label: 'MEDIUM' },
      ],
    });
  });

  it('shows the sixteen-type letters with the slight ones, and the climate class', () => {
    const data = answer({
      Reports: { sixteen: [30, 50, 63, 20], climate: [60, 60] },
      Uncertainty: { sixteen: [10, 10, 18, 10], climate: [5, 5] },
      Headlines: { sixteen: 'EXFJ', climate: 'BELIEVER' },
    });
    expect(rowHeadline('sixteen', data)).toEqual({
      kind: 'letters',
      letters: 'EXFJ',
      slight: ['F'],
    });
    expect(rowHeadline('climate', data)).toEqual({ kind: 'class', value: 'BELIEVER' });
  });

  it('shows the total where a card has one, else the first score, with band and percentile', () => {
    const data = answer({
      Reports: { sexuality: [30, 50, 40], mac: [83, 20] },
      Uncertainty: { sexuality: [5, 5, 3], mac: [12, 10] },
      Percentiles: { sexuality: [10, 50, null], mac: [99, 4] },
      Members: { sexuality: [40, 40, 40], mac: [205, 205] },
    });
    expect(rowHeadline('sexuality', data)).toEqual({
      kind: 'score',
      name: 'Total Score',
      score: 40,
      band: { band: 'LOW', couldBe: ['MEDIUM'] },
      percentile: null,
    });
    expect(rowHeadline('mac', data)).toEqual({
      kind: 'score',
      name: 'Family',
      score: 83,
      band: { band: 'VERY HIGH', couldBe: ['HIGH'] },
      percentile: 'Higher than 99 % of 205 other Stance members',
    });
  });

  it('shows the band alone when the interval and percentile are missing or misfit', () => {
    const data = answer({
      Reports: { mac: [70, 20] },
      Uncertainty: { mac: [12] },
      Percentiles: { mac: [40] },
    });
    expect(rowHeadline('mac', data)).toEqual({
      kind: 'score',
      name: 'Family',
      score: 70,
      band: { band: 'HIGH', couldBe: [] },
      percentile: null,
    });
  });

  it("counts the Opinion DNA's scored elements", () => {
    const data = answer({ Reports: { opiniondna: [30, null, 40] } });
    expect(rowHeadline('opiniondna', data)).toEqual({ kind: 'scored', scored: 2, total: 3 });
  });
});

describe('quizOfReport', () => {
  it("is the report's own name, except the Opinion DNA core's quiz", () => {
    expect(quizOfReport('bigfive')).toBe('bigfive');
    expect(quizOfReport('opiniondna')).toBe('opinion-dna');
  });
});
