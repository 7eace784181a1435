import { Link } from 'react-router';
import type { ArgumentTuple } from '../../../../contract/questions.ts';
import { changedMindsText } from '../../../../contract/minds.base.ts';
import { convincingBadgeLabel } from '../../../../contract/questions.base.ts';
import { pluralize } from '../../../ui/format.ts';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { sideLabels } from '../question-items.ts';
import styles from './ArgumentCard.module.css';

/**
 * An argument: its side, the question and position it argues (in the feed), its excerpt, good
 * points and the 'Convincing across sides' badge, with a link to the comment in its thread.
 * `compact` on the question page, where the question and position are the page's own.
 */
export function ArgumentCard({
  argument,
  variant = 'feed',
}: {
  argument: ArgumentTuple;
  variant?: 'feed' | 'compact';
}) {
  const side = sideLabels[argument.ResponseType];
  return (
    <article
      className={[styles.card, variant === 'compact' ? styles.compact : ''].join(' ')}
      aria-label={`${side}: ${argument.Title}`}
    >
      <div className={styles.badges}>
        <span className={[styles.side, styles[argument.ResponseType]].join(' ')}>{side}</span>
        {argument.Convincing ? <ConvincingBadge /> : null}
        {argument.Persuaded > 0 ? (
          <span className={styles.persuaded}>{changedMindsText(argument.Persuaded)}</span>
        ) : null}
      </div>
      {variant === 'feed' ? (
        <p className={styles.context}>
          <Link className={styles.question} to={argument.ConvoLink}>
            {argument.ConvoTitle}
          </Link>
          <span aria-hidden="true"> › </span>
          <span className="visually-hidden">, position: </span>
          <Link className={styles.position} to={argument.PosLink}>
            {argument.PosTitle}
          </Link>
        </p>
      ) : null}
      <p className={styles.excerpt}>{argument.Description}</p>
      <footer className={styles.footer}>
        <span className={styles.meta}>
          {argument.UsernameCased} · {pluralize(argument.LikeNum, 'good point')}
        </span>
        <Link
          className={styles.read}
          to={argument.Link}
          // The visible words first, then which argument: a list of these reads as distinct links.
          aria-label={`Read in its thread: ${argument.Title}`}
        >
          Read in its thread →
        </Link>
      </footer>
    </article>
  );
}

/** Shown on an argument liked across the divide (docs/decisions/047 and 048). */
export function ConvincingBadge() {
  return (
    <span
      className={styles.convincing}
      title="Members who voted on the other side of this argument found it a good point"
    >
      <svg width="14" height="14" viewBox="0 0 20 20" aria-hidden="true" fill="none">
        <path
          d="M3 10h5m4 0h5M8 10a2 2 0 1 0 4 0 2 2 0 1 0-4 0"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
        />
      </svg>
      {convincingBadgeLabel}
    </span>
  );
}

export function ArgumentCardSkeleton() {
  return (
    <div className={styles.card} aria-hidden="true">
      <Skeleton width={70} height={22} radius="6px" />
      <Skeleton width="70%" height={18} />
      <Skeleton height={18} />
      <Skeleton width="85%" height={18} />
      <Skeleton width={180} height={18} />
    </div>
  );
}
