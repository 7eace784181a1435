/**
 * The quiz page's rules as pure functions of the statements' state: what each statement shows,
 * how far the member is, which statement comes next and when the quiz is complete.
 */

/** Where the saving of an answer given on this page stands. */
export type SaveStatus = 'saving' | 'saved' | 'failed';

/** An answer given on this page: the rating chosen and how its saving went. */
export type LocalAnswer = { rating: number; status: SaveStatus };

export type StatementState = {
  /** The answer the buttons show as pressed, 0 for none. */
  shownRating: number;
  /** Counts towards the progress: saved, being saved, or already on the server. */
  isAnswered: boolean;
  /** The server holds the shown answer, and nothing is on its way. */
  isSettled: boolean;
  /** The saving state of an answer given here; null when none was given on this visit. */
  status: SaveStatus | null;
};

/**
 * One statement's state from the rating the server sent (0 for none) and the answer given on
 * this page, if any. Answers show at once (optimistic); a failed one still shows what the member
 * chose, but counts as answered only if the server already had an earlier answer.
 */
export function statementState(serverRating: number, local?: LocalAnswer): StatementState {
  if (!local) {
    return {
      shownRating: serverRating,
      isAnswered: serverRating > 0,
      isSettled: serverRating > 0,
      status: null,
    };
  }
  return {
    shownRating: local.rating,
    isAnswered: local.status === 'failed' ? serverRating > 0 : true,
    isSettled: local.status === 'saved',
    status: local.status,
  };
}

export type QuizProgress = { answered: number; total: number; percent: number };

/** Answered of total, and the share in whole percent rounded down (100 only when all are). */
export function quizProgress(states: readonly Pick<StatementState, 'isAnswered'>[]): QuizProgress {
  const total = states.length;
  const answered = states.filter((state) => state.isAnswered).length;
  return { answered, total, percent: total === 0 ? 0 : Math.floor((answered * 100) / total) };
}

/**
 * Complete when every statement has an answer the server holds: none is still being saved and
 * none failed, so the completion screen never shows over an answer that was lost.
 */
export function isQuizComplete(states: readonly Pick<StatementState, 'isSettled'>[]): boolean {
  return states.length > 0 && states.every((state) => state.isSettled);
}

/** The index of the first unanswered statement, null when all are answered. */
export function firstUnansweredIndex(
  states: readonly Pick<StatementState, 'isAnswered'>[],
): number | null {
  const index = states.findIndex((state) => !state.isAnswered);
  return index === -1 ? null : index;
}

/**
 * Where the focus goes after the statement at `current` was answered: the next unanswered one
 * after it, else the first unanswered one before it (wrapping), else null (all are answered).
 */
export function nextUnansweredIndex(
  states: readonly Pick<StatementState, 'isAnswered'>[],
  current: number,
): number | null {
  const count = states.length;
  for (let step = 1; step < count; step++) {
    const index = (current + step) % count;
    if (!states[index]!.isAnswered) return index;
  }
  return null;
}

/**
 * The quizzes whose length the product states as a range rather than the content's estimate
 * (docs/product/reports.md#reports-and-quizzes).
 */
const statedDurations: Record<string, string> = { 'opinion-dna': '15 to 20 minutes' };

/**
 * The time a quiz takes, to follow 'Takes ': the product's range for Opinion DNA, else the
 * content's estimate.
 */
export function timeEstimateText(slug: string, estimatedMinutes: number): string {
  const stated = statedDurations[slug];
  if (stated) return stated;
  const minutes = Math.max(1, Math.round(estimatedMinutes));
  return minutes === 1 ? 'about 1 minute' : `about ${minutes} minutes`;
}
