import { useId, useState } from 'react';
import { Card } from '../../../ui/Card.tsx';
import { pluralize } from '../../../ui/format.ts';
import styles from './CommentThreadFrame.module.css';

/** SPEC.md §2: thread sort options; score is the default (the suggestions thread uses recent). */
export const commentSorts = [
  { value: 'score', label: 'Top scoring' },
  { value: 'pro', label: 'For' },
  { value: 'commentary', label: 'Commentary' },
  { value: 'con', label: 'Against' },
  { value: 'recent', label: 'Recent' },
  { value: 'oldest', label: 'Oldest' },
] as const;

export type CommentSort = (typeof commentSorts)[number]['value'];

/** SPEC.md §8: the empty thread. */
export const noCommentsText = 'No comments';

/**
 * The comment thread's frame: heading, sort and the empty state. The conversation issue fills
 * it with the thread itself.
 */
export function CommentThreadFrame({
  heading = 'Comments',
  commentCount,
  defaultSort = 'score',
}: {
  heading?: string;
  /** How many comments the opinion has, as its counters say. */
  commentCount: number;
  defaultSort?: CommentSort;
}) {
  const [sort, setSort] = useState<CommentSort>(defaultSort);
  const sortId = useId();
  return (
    <section className={styles.thread} id="comments" aria-labelledby={`${sortId}-heading`}>
      <div className={styles.header}>
        <h2 className={styles.heading} id={`${sortId}-heading`}>
          {heading}
        </h2>
        <label className={styles.sort} htmlFor={sortId}>
          Sort by
          <select
            id={sortId}
            value={sort}
            onChange={(event) => setSort(event.target.value as CommentSort)}
          >
            {commentSorts.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <Card className={styles.empty}>
        {commentCount === 0 ? (
          <p className={styles.emptyTitle}>{noCommentsText}</p>
        ) : (
          <>
            <p className={styles.emptyTitle}>{pluralize(commentCount, 'comment')}</p>
            <p>Reading and writing comments arrives with the next release of Stance.</p>
          </>
        )}
      </Card>
    </section>
  );
}
