import { describe, expect, it } from 'vitest';
import {
  firstUnansweredIndex,
  isQuizComplete,
  nextUnansweredIndex,
  quizProgress,
  statementState,
  timeEstimateText,
} from './quiz-progress.ts';

describe('statementState', () => {
  it("shows the server's answer when none was given on this page", () => {
    expect(statementState(0)).toEqual({
      shownRating: 0,
      isAnswered: false,
      isSettled: false,
      status: null,
    });
    expect(statementState(4)).toEqual({
      shownRating: 4,
      isAnswered: true,
      isSettled: true,
      status: null,
    });
  });

  it('shows an answer being saved at once and counts it, but it is not settled yet', () => {
    expect(statementState(0, { rating: 2, status: 'saving' })).toEqual({
      shownRating: 2,
      isAnswered: true,
      isSettled: false,
      status: 'saving',
    });
  });

  it('settles a saved answer', () => {
    expect(statementState(0, { rating: 5, status: 'saved' })).toMatchObject({
      shownRating: 5,
      isAnswered: true,
      isSettled: true,
    });
  });

  it('keeps a failed answer visible but counts it only when the server had an earlier one', () => {
    expect(statementState(0, { rating: 1, status: 'failed' })).toEqual({
      shownRating: 1,
      isAnswered: false,
      isSettled: false,
      status: 'failed',
    });
    expect(statementState(3, { rating: 1, status: 'failed' })).toMatchObject({
      isAnswered: true,
      isSettled: false,
    });
  });
});

const answered = (pattern: string) =>
  [...pattern].map((mark) => ({ isAnswered: mark === 'x', isSettled: mark === 'x' }));

describe('quizProgress', () => {
  it('counts answered statements and rounds the percentage down', () => {
    expect(quizProgress(answered('x..'))).toEqual({ answered: 1, total: 3, percent: 33 });
    expect(quizProgress(answered('xx.'))).toEqual({ answered: 2, total: 3, percent: 66 });
    expect(quizProgress(answered('xxx'))).toEqual({ answered: 3, total: 3, percent: 100 });
  });

  it('reaches 100 % only when every statement is answered', () => {
    const states = answered(`${'x'.repeat(199)}.`);
    expect(quizProgress(states).percent).toBe(99);
  });

  it('is 0 % for a quiz without statements', () => {
    expect(quizProgress([])).toEqual({ answered: 0, total: 0, percent: 0 });
  });
});

describe('isQuizComplete', () => {
  it('needs every statement settled', () => {
    expect(isQuizComplete(answered('xxx'))).toBe(true);
    expect(isQuizComplete(answered('xx.'))).toBe(false);
    expect(isQuizComplete([])).toBe(false);
  });

  it('is not complete while an answer is saving or failed', () => {
    const saving = [statementState(4), statementState(0, { rating: 2, status: 'saving' })];
    const failed = [statementState(4), statementState(2, { rating: 1, status: 'failed' })];
    const saved = [statementState(4), statementState(0, { rating: 2, status: 'saved' })];
    expect(isQuizComplete(saving)).toBe(false);
    expect(isQuizComplete(failed)).toBe(false);
    expect(isQuizComplete(saved)).toBe(true);
  });
});

describe('firstUnansweredIndex', () => {
  it('finds the first gap, or null when there is none', () => {
    expect(firstUnansweredIndex(answered('xx.x.'))).toBe(2);
    expect(firstUnansweredIndex(answered('.xxx'))).toBe(0);
    expect(firstUnansweredIndex(answered('xxx'))).toBeNull();
  });
});

describe('nextUnansweredIndex', () => {
  it('moves to the next unanswered statement after the current one', () => {
    expect(nextUnansweredIndex(answered('x.x..'), 0)).toBe(1);
    expect(nextUnansweredIndex(answered('xxx..'), 2)).toBe(3);
  });

  it('skips answered statements', () => {
    expect(nextUnansweredIndex(answered('xxxx.'), 0)).toBe(4);
  });

  it('wraps to the first unanswered one before the current one', () => {
    expect(nextUnansweredIndex(answered('.x.xx'), 4)).toBe(0);
    expect(nextUnansweredIndex(answered('x.xxx'), 3)).toBe(1);
  });

  it('is null once every statement is answered', () => {
    expect(nextUnansweredIndex(answered('xxxx'), 3)).toBeNull();
    expect(nextUnansweredIndex(answered('x'), 0)).toBeNull();
  });

  it('does not return the current statement even if it is still unanswered', () => {
    expect(nextUnansweredIndex(answered('.'), 0)).toBeNull();
    expect(nextUnansweredIndex(answered('x.x'), 1)).toBeNull();
  });
});

describe('timeEstimateText', () => {
  it('states 15 to 20 minutes for Opinion DNA, whatever the estimate', () => {
    expect(timeEstimateText('opinion-dna', 17)).toBe('15 to 20 minutes');
  });

  it('gives the estimate for other quizzes', () => {
    expect(timeEstimateText('fundamentals-sc', 4)).toBe('about 4 minutes');
    expect(timeEstimateText('ir', 1)).toBe('about 1 minute');
    expect(timeEstimateText('ir', 0)).toBe('about 1 minute');
  });
});
