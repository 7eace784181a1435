import { memo, useId, useRef, type KeyboardEvent } from 'react';
import type { Opinion } from '../../../../contract/entities.ts';
import { voteLabel, voteScale } from '../../opinions/vote-scale.ts';
import { ratingForKey } from '../quiz-keys.ts';
import type { StatementState } from '../quiz-progress.ts';
import styles from './QuizStatement.module.css';

/** The element id of a statement, the target of the jump link. */
export function statementElementId(opinion: Pick<Opinion, 'ArtifactID'>): string {
  return `statement-${opinion.ArtifactID}`;
}

type QuizStatementProps = {
  opinion: Opinion;
  index: number;
  total: number;
  state: StatementState;
  /** `isFromKey`: answered with keys 1–5 on the statement, which then moves the focus on. */
  onAnswer: (index: number, rating: number, isFromKey: boolean) => void;
  registerElement: (index: number, element: HTMLElement | null) => void;
};

/**
 * One statement with the five answers of the product's vote scale
 * (docs/product/constants.md#vote-scale). The statement is focusable: keys 1–5 answer it wherever
 * the focus is inside it; Tab and Enter or Space work on the buttons. Its save state shows beside
 * its number.
 */
export const QuizStatement = memo(function QuizStatement({
  opinion,
  index,
  total,
  state,
  onAnswer,
  registerElement,
}: QuizStatementProps) {
  const titleId = useId();
  const positionId = `${titleId}-position`;
  const element = useRef<HTMLDivElement | null>(null);

  function handleKeyDown(event: KeyboardEvent<HTMLElement>) {
    const rating = ratingForKey(event);
    if (rating === null) return;
    event.preventDefault();
    onAnswer(index, rating, true);
  }

  const className = [
    styles.statement,
    state.isAnswered ? styles.answered : '',
    state.status === 'failed' ? styles.failed : '',
  ].join(' ');

  return (
    <li className={styles.item}>
      <div
        ref={(node) => {
          element.current = node;
          registerElement(index, node);
        }}
        role="group"
        id={statementElementId(opinion)}
        className={className}
        tabIndex={-1}
        aria-labelledby={titleId}
        aria-describedby={positionId}
        onKeyDown={handleKeyDown}
      >
        <div className={styles.head}>
          <span id={positionId} className={styles.position}>
            {index + 1} of {total}
            {state.shownRating > 0 ? (
              <span className="visually-hidden">, your answer: {voteLabel(state.shownRating)}</span>
            ) : null}
          </span>
          <SaveState
            state={state}
            onRetry={() => {
              // The Retry button goes once the answer saves: the keys keep working here.
              element.current?.focus();
              onAnswer(index, state.shownRating, false);
            }}
          />
        </div>
        <p id={titleId} className={styles.title}>
          {opinion.Title}
        </p>
        <div className={styles.buttons}>
          {voteScale.map((step) => (
            <button
              key={step.value}
              type="button"
              className={styles.answer}
              aria-pressed={state.shownRating === step.value}
              aria-keyshortcuts={String(step.value)}
              onClick={() => onAnswer(index, step.value, false)}
            >
              <span className={styles.key} aria-hidden="true">
                {step.value}
              </span>
              <span className={styles.label}>{step.label}</span>
            </button>
          ))}
        </div>
      </div>
    </li>
  );
}, haveSameStatementProps);

/** The page builds each statement's state afresh on every render: compare what it holds. */
function haveSameStatementProps(before: QuizStatementProps, after: QuizStatementProps): boolean {
  return (
    before.opinion === after.opinion &&
    before.index === after.index &&
    before.total === after.total &&
    before.onAnswer === after.onAnswer &&
    before.registerElement === after.registerElement &&
    before.state.shownRating === after.state.shownRating &&
    before.state.isAnswered === after.state.isAnswered &&
    before.state.isSettled === after.state.isSettled &&
    before.state.status === after.state.status
  );
}

/** 'Saving…', 'Saved', or the failure with its retry; silent for answers from earlier visits. */
function SaveState({ state, onRetry }: { state: StatementState; onRetry: () => void }) {
  return (
    <span className={styles.save} aria-live="polite">
      {state.status === 'saving' ? <span className={styles.saving}>Saving…</span> : null}
      {state.status === 'saved' ? (
        <span className={styles.saved}>
          <svg viewBox="0 0 16 16" aria-hidden="true" className={styles.tick}>
            <path
              d="M3 8.5l3 3 7-7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
          Saved
        </span>
      ) : null}
      {state.status === 'failed' ? (
        <span className={styles.error}>
          Couldn’t save —
          <button type="button" className={styles.retry} onClick={onRetry}>
            Retry
          </button>
        </span>
      ) : null}
    </span>
  );
}
