import { voteScale } from '../opinions/vote-scale.ts';
import { nextUnansweredIndex, type StatementState } from './quiz-progress.ts';

type KeyPress = {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  /** A key held down repeats: the first press answers, the repeats would answer the next ones. */
  repeat: boolean;
};

/**
 * The answer a key gives on a focused statement: 1 (Strongly Agree) to 5 (Strongly Disagree), the
 * order of the buttons. Null for any other key, for a key held down, and with a modifier (Ctrl+1
 * and the like belong to the browser). Shift is allowed: on some keyboards digits need it.
 */
export function ratingForKey(press: KeyPress): number | null {
  if (press.altKey || press.ctrlKey || press.metaKey || press.repeat) return null;
  if (!/^[1-9]$/.test(press.key)) return null;
  const rating = Number(press.key);
  return voteScale.some((step) => step.value === rating) ? rating : null;
}

/**
 * Where the focus goes after a key answered the statement at `current`, given the states before
 * that answer: the next unanswered statement; 'completion' when this answer was the last one
 * missing. A member reviewing a finished quiz steps on to the next statement instead, and from
 * the last one to the completion screen.
 */
export function focusAfterAnswer(
  statesBefore: readonly Pick<StatementState, 'isAnswered'>[],
  current: number,
): number | 'completion' {
  const statesAfter = statesBefore.map((state, index) =>
    index === current ? { isAnswered: true } : state,
  );
  const next = nextUnansweredIndex(statesAfter, current);
  if (next !== null) return next;
  const wasReviewing = statesBefore.every((state) => state.isAnswered);
  if (wasReviewing && current + 1 < statesBefore.length) return current + 1;
  return 'completion';
}
