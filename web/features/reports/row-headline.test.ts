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

  it("draws Big Five's five scores", () => {
    const data = answer({ Reports: { bigfive: [10, 20, null, 40, 50] } });
    expect(rowHeadline('bigfive', data)).toEqual({
      kind: 'bars',
      bars: [
        { name: 'Openness', score: 10 },
        { name: 'Conscientiousness', score: 20 },
        { name: 'Extraversion', score: null },
        { name: 'Agreeableness', score: 40 },
        { name: 'Neuroticism', score: 50 },
      ],
    });
  });

  it('shows the sixteen-type letters and the climate class from the headlines', () => {
    const data = answer({
      Reports: { sixteen: [30, 50, 70, 20], climate: [60, 60] },
      Headlines: { sixteen: 'EXFJ', climate: 'BELIEVER' },
    });
    expect(rowHeadline('sixteen', data)).toEqual({ kind: 'letters', letters: 'EXFJ' });
    expect(rowHeadline('climate', data)).toEqual({ kind: 'class', value: 'BELIEVER' });
  });

  it('shows the total where a card has one, else the first score', () => {
    const data = answer({ Reports: { sexuality: [30, 50, 40], mac: [70, 20] } });
    expect(rowHeadline('sexuality', data)).toEqual({
      kind: 'score',
      name: 'Total Score',
      score: 40,
    });
    expect(rowHeadline('mac', data)).toEqual({ kind: 'score', name: 'Family', score: 70 });
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
