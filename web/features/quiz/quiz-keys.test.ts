import { describe, expect, it } from 'vitest';
import { focusAfterAnswer, ratingForKey } from './quiz-keys.ts';

const press = (key: string, extra: Partial<Parameters<typeof ratingForKey>[0]> = {}) =>
  ratingForKey({
    key,
    altKey: false,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    repeat: false,
    ...extra,
  });

describe('ratingForKey', () => {
  it('answers 1 (Strongly Agree) to 5 (Strongly Disagree) in button order', () => {
    expect([1, 2, 3, 4, 5].map((digit) => press(String(digit)))).toEqual([1, 2, 3, 4, 5]);
  });

  it('ignores other digits and keys', () => {
    for (const key of ['0', '6', '9', 'a', 'Enter', ' ', 'Tab', 'ArrowDown', '12', 'F1']) {
      expect(press(key), key).toBeNull();
    }
  });

  it("leaves the browser's shortcuts alone", () => {
    expect(press('1', { ctrlKey: true })).toBeNull();
    expect(press('2', { altKey: true })).toBeNull();
    expect(press('3', { metaKey: true })).toBeNull();
  });

  it('allows Shift, which some keyboards need for digits', () => {
    expect(press('4', { shiftKey: true })).toBe(4);
  });

  it('does not answer again while a key is held down', () => {
    expect(press('1', { repeat: true })).toBeNull();
  });
});

const states = (pattern: string) => [...pattern].map((mark) => ({ isAnswered: mark === 'x' }));

describe('focusAfterAnswer', () => {
  it('moves to the next unanswered statement', () => {
    expect(focusAfterAnswer(states('....'), 0)).toBe(1);
    expect(focusAfterAnswer(states('.xx.'), 0)).toBe(3);
  });

  it('wraps to an unanswered statement left behind', () => {
    expect(focusAfterAnswer(states('.xx.'), 3)).toBe(0);
  });

  it('moves on even when the key changed an answer already given', () => {
    expect(focusAfterAnswer(states('x..'), 0)).toBe(1);
  });

  it('goes to the completion screen when this answer was the last one missing', () => {
    expect(focusAfterAnswer(states('xx.x'), 2)).toBe('completion');
    expect(focusAfterAnswer(states('.'), 0)).toBe('completion');
  });

  it('steps through a finished quiz in order, then to the completion screen', () => {
    expect(focusAfterAnswer(states('xxxx'), 1)).toBe(2);
    expect(focusAfterAnswer(states('xxxx'), 3)).toBe('completion');
  });
});
