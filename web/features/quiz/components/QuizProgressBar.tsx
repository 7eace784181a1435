import type { MouseEvent } from 'react';
import { formatPercent } from '../../../../contract/numbers.base.ts';
import type { QuizProgress } from '../quiz-progress.ts';
import styles from './QuizProgressBar.module.css';

/**
 * How far the member is: answered of total and the percentage, as a progress bar screen readers
 * read too; while unfinished, the jump to the first unanswered statement.
 */
export function QuizProgressBar({
  progress,
  firstUnansweredId,
  onJump,
}: {
  progress: QuizProgress;
  /** The element id of the first unanswered statement; null when all are answered. */
  firstUnansweredId: string | null;
  onJump: () => void;
}) {
  const percentText = formatPercent(progress.percent);
  function handleJump(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    onJump();
  }
  return (
    <div className={styles.bar}>
      <div className={styles.numbers}>
        <span id="quiz-progress-label">
          <strong>{progress.answered}</strong> of {progress.total} answered
        </span>
        <span className={styles.percent} aria-hidden="true">
          {percentText}
        </span>
      </div>
      <div
        className={styles.track}
        role="progressbar"
        aria-labelledby="quiz-progress-label"
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={progress.answered}
        aria-valuetext={`${progress.answered} of ${progress.total} answered, ${percentText}`}
      >
        <span className={styles.fill} style={{ width: `${progress.percent}%` }} />
      </div>
      {firstUnansweredId ? (
        <a className={styles.jump} href={`#${firstUnansweredId}`} onClick={handleJump}>
          Jump to the first unanswered statement
        </a>
      ) : null}
    </div>
  );
}
