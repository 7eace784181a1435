import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { CommentSortValue } from '../../../../contract/comments.ts';
import { HydrateInTurn, useHydrated } from '../../../routing/hydration.tsx';
import { useModals } from '../../modals/modal-store.tsx';
import { useSession } from '../../session/session.ts';
import { Card } from '../../../ui/Card.tsx';
import { ErrorState } from '../../../ui/ErrorState.tsx';
import { formatCount } from '../../../ui/format.ts';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useCommentThread } from '../api.ts';
import {
  commentIdFromHash,
  hashScrollDelayMs,
  noArgumentsText,
  noCommentsText,
} from '../comment-text.ts';
import { CommentForm } from './CommentForm.tsx';
import { CommentItem } from './CommentItem.tsx';
import styles from './CommentThread.module.css';
import { ThreadContext, useThreadContext, type ThreadContextValue } from './thread-context.ts';

/** The thread's sorts, score the default (suggestions: recent): docs/product/screens.md. */
export const commentSorts: readonly { value: CommentSortValue; label: string }[] = [
  { value: 'score', label: 'Top scoring' },
  { value: 'persuasive', label: 'Most persuasive' },
  { value: 'pro', label: 'For' },
  { value: 'commentary', label: 'Commentary' },
  { value: 'con', label: 'Against' },
  { value: 'recent', label: 'Recent' },
  { value: 'oldest', label: 'Oldest' },
];

/** Sides make no sense for suggestions: their thread sorts by time or score only. */
const suggestionSorts = commentSorts.filter(
  (option) => option.value === 'score' || option.value === 'recent' || option.value === 'oldest',
);

/**
 * A comment thread: the form for a new argument (or suggestion), the sort, and the comments
 * with their replies. It scrolls to a `#comment-{id}` target once the thread has rendered.
 */
export function CommentThread({
  threadID,
  heading = 'Comments',
  defaultSort = 'score',
  kind = 'arguments',
  commentCount,
}: {
  threadID: string;
  heading?: string;
  defaultSort?: CommentSortValue;
  kind?: 'arguments' | 'suggestions';
  /** Live comments in the thread, as the opinion's counters say. */
  commentCount?: number;
}) {
  const [sort, setSort] = useState<CommentSortValue>(defaultSort);
  const sortId = useId();
  const thread = useCommentThread(threadID, sort);
  const session = useSession();
  const { openModal } = useModals();
  // The server never sees the address's hash: it counts from the render after hydration.
  const isHydrated = useHydrated();
  const location = useLocation();
  const hash = isHydrated ? location.hash : '';
  const navigate = useNavigate();
  const linkedId = commentIdFromHash(hash);
  const scrolledToId = useRef<number | null>(null);
  const comments = thread.data?.Comments;

  // Scrolls once per linked comment, as soon as the thread that holds it has rendered (a comment
  // just posted arrives with the refetch after the hash is set).
  useEffect(() => {
    if (linkedId === null || !comments || scrolledToId.current === linkedId) return;
    const timer = window.setTimeout(() => {
      const target = document.getElementById(`comment-${linkedId}`);
      if (!target) return;
      scrolledToId.current = linkedId;
      target.scrollIntoView({ block: 'start' });
      target.focus({ preventScroll: true });
    }, hashScrollDelayMs);
    return () => window.clearTimeout(timer);
  }, [linkedId, comments]);

  const context: ThreadContextValue = {
    threadID,
    kind,
    session,
    linkedId,
    now: thread.dataUpdatedAt,
    hasCommentHash: hash.startsWith('#comment-'),
    promptSignup: (reason) => openModal({ kind: 'loginSignup', page: 'signup', reason }),
    showComment: (commentID) => {
      scrolledToId.current = null;
      void navigate({ hash: `comment-${commentID}` }, { replace: true, preventScrollReset: true });
    },
  };
  const sorts = kind === 'suggestions' ? suggestionSorts : commentSorts;
  const isSideSort = sort === 'pro' || sort === 'con' || sort === 'commentary';

  return (
    <ThreadContext value={context}>
      <section className={styles.thread} id="comments" aria-labelledby={`${sortId}-heading`}>
        <div className={styles.header}>
          <h2 className={styles.heading} id={`${sortId}-heading`}>
            {heading}
            {commentCount !== undefined && commentCount > 0 ? (
              <span className={styles.count}> · {formatCount(commentCount)}</span>
            ) : null}
          </h2>
          <label className={styles.sort} htmlFor={sortId}>
            Sort by
            <select
              id={sortId}
              value={sort}
              onChange={(event) => setSort(event.target.value as CommentSortValue)}
            >
              {sorts.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
        </div>

        <NewCommentBox />

        {thread.isPending ? (
          <div className={styles.list} aria-busy="true">
            <Spinner label="Loading comments" />
            {[0, 1, 2].map((index) => (
              <Card key={index} padding="compact" className={styles.placeholder}>
                <Skeleton width="40%" height={14} />
                <Skeleton height={14} />
                <Skeleton width="85%" height={14} />
              </Card>
            ))}
          </div>
        ) : thread.error ? (
          <Card>
            <ErrorState error={thread.error} hasHomeLink={false} />
          </Card>
        ) : thread.data.Comments.length === 0 ? (
          <Card className={styles.empty}>
            <p className={styles.emptyTitle}>{isSideSort ? noArgumentsText : noCommentsText}</p>
          </Card>
        ) : (
          <ol className={styles.list} aria-label={heading}>
            {thread.data.Comments.map((comment) => (
              <li key={comment.CommentID}>
                <HydrateInTurn>
                  <CommentItem comment={comment} depth={0} parentId={0} />
                </HydrateInTurn>
              </li>
            ))}
          </ol>
        )}
      </section>
    </ThreadContext>
  );
}

/** The form for a new top-level comment; visitors get a prompt to sign up instead. */
function NewCommentBox() {
  const { threadID, kind, session, promptSignup, showComment } = useThreadContext();
  const action = kind === 'suggestions' ? 'suggest an opinion' : 'write an argument';
  if (session.loading) return <Skeleton height={132} radius="var(--radius-lg)" />;
  if (!session.loggedIn) {
    return (
      // The sign-up prompt with JavaScript, the sign-up page without it.
      <a
        href="/signup"
        role="button"
        className={styles.prompt}
        onClick={(event) => {
          event.preventDefault();
          promptSignup(`Sign up or log in to ${action}.`);
        }}
        onKeyDown={(event) => {
          if (event.key !== ' ') return;
          event.preventDefault();
          promptSignup(`Sign up or log in to ${action}.`);
        }}
      >
        {kind === 'suggestions' ? 'Suggest an opinion…' : 'Write an argument…'}
        <span className={styles.promptHint}>Members argue, reply and give good points.</span>
      </a>
    );
  }
  return (
    <Card padding="compact">
      <CommentForm
        threadID={threadID}
        mode={kind === 'suggestions' ? { kind: 'suggestion' } : { kind: 'argument' }}
        onDone={(comment) => showComment(comment.CommentID)}
      />
    </Card>
  );
}
