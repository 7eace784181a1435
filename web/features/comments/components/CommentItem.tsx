import { changedMindsText } from '../../../../contract/minds.base.ts';
import { useEffect, useId, useState } from 'react';
import type { Comment } from '../../../../contract/comments.ts';
import { useHydrated } from '../../../routing/hydration.tsx';
import { useModals } from '../../modals/modal-store.tsx';
import { MemberLink } from '../../people/components/MemberLink.tsx';
import { formatCount } from '../../../ui/format.ts';
import { useDeleteComment, useLikeComment } from '../api.ts';
import {
  collapseAboveLength,
  containsComment,
  countReplies,
  deleteConfirmText,
  deletedPlaceholder,
  fullDate,
  responseTypeLabel,
  timeAgo,
  visibleTextLength,
} from '../comment-text.ts';
import { CommentForm } from './CommentForm.tsx';
import styles from './CommentItem.module.css';
import { useThreadContext } from './thread-context.ts';

function GoodPointIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 20 20" aria-hidden="true" fill="none">
      <path
        d="M7 9V17H4.5A1.5 1.5 0 0 1 3 15.5v-5A1.5 1.5 0 0 1 4.5 9zm0 0 3.2-5.6a1.6 1.6 0 0 1 2.9 1.2L12.4 8h3.3a1.6 1.6 0 0 1 1.6 1.9l-1.1 5.8A1.6 1.6 0 0 1 14.6 17H7"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * One comment with its actions and replies. A removed comment shows its placeholder and keeps
 * its replies. Long comments collapse to 200 px until 'See more', unless the URL links to them.
 */
export function CommentItem({
  comment,
  depth,
  parentId,
}: {
  comment: Comment;
  depth: number;
  /** The comment this one is listed under (0 at the top level). */
  parentId: number;
}) {
  const thread = useThreadContext();
  const { session } = thread;
  const { openModal } = useModals();
  const likeComment = useLikeComment(thread.threadID);
  const deleteComment = useDeleteComment(thread.threadID);
  const repliesId = useId();
  const [mode, setMode] = useState<'view' | 'reply' | 'edit'>('view');
  const [isRepliesOpen, setIsRepliesOpen] = useState(thread.hasCommentHash);
  const [isExpanded, setIsExpanded] = useState(false);

  const isHydrated = useHydrated();
  const linkedId = thread.linkedId;
  const { hasCommentHash } = thread;
  // The hash is known only after hydration (the server never sees it).
  useEffect(() => {
    if (hasCommentHash) setIsRepliesOpen(true);
  }, [hasCommentHash]);
  const isLinked = linkedId === comment.CommentID;
  // A link to one of the replies opens them, also when the hash changes on this page.
  useEffect(() => {
    if (linkedId !== null && linkedId !== comment.CommentID && containsComment(comment, linkedId)) {
      setIsRepliesOpen(true);
    }
  }, [linkedId, comment]);

  const isOwn = session.loggedIn && comment.UID === session.userID && !comment.Deleted;
  const canDelete = !comment.Deleted && (isOwn || session.canDeleteContent);
  const isLong = !comment.Deleted && visibleTextLength(comment.Body) > collapseAboveLength;
  const isCollapsed = isLong && !isExpanded && !isLinked;
  const replyCount = countReplies(comment);
  const typeLabel = responseTypeLabel(comment.ResponseType);
  const isReplyToOther = comment.ParentID !== 0 && comment.ParentID !== parentId;

  function handleLike() {
    if (!session.loggedIn) {
      thread.promptSignup('Sign up or log in to give good points.');
      return;
    }
    likeComment.mutate(
      { commentID: comment.CommentID, liked: !comment.LikedByMe },
      { onError: (error) => window.alert(error.message) },
    );
  }

  function handleReply() {
    if (!session.loggedIn) {
      thread.promptSignup('Sign up or log in to reply.');
      return;
    }
    setMode('reply');
  }

  function handleReport() {
    if (!session.loggedIn) {
      thread.promptSignup('Sign up or log in to report a comment.');
      return;
    }
    openModal({ kind: 'flag', commentID: comment.CommentID });
  }

  function handleDelete() {
    if (!window.confirm(deleteConfirmText)) return;
    deleteComment.mutate(comment.CommentID, {
      onError: (error) => window.alert(error.message),
    });
  }

  return (
    <article
      id={`comment-${comment.CommentID}`}
      className={[styles.comment, isLinked ? styles.linked : ''].join(' ')}
      tabIndex={-1}
      aria-label={
        comment.Deleted
          ? deletedPlaceholder(comment.DeletedReason)
          : `${comment.UsernameCased}'s comment`
      }
    >
      {comment.Deleted ? (
        <p className={styles.placeholder}>{deletedPlaceholder(comment.DeletedReason)}</p>
      ) : (
        <>
          <header className={styles.header}>
            <span className={styles.avatar} aria-hidden="true">
              {comment.UsernameCased.charAt(0)}
            </span>
            <span className={styles.byline}>
              <MemberLink className={styles.author} username={comment.UsernameCased} />
              <a
                className={styles.time}
                href={`#comment-${comment.CommentID}`}
                // The reader's time zone: known in the browser only.
                title={isHydrated ? fullDate(comment.Created) : undefined}
              >
                <time dateTime={comment.Created}>{timeAgo(comment.Created, thread.now)}</time>
              </a>
              {comment.Edited ? (
                <span
                  className={styles.edited}
                  title={isHydrated ? `Edited ${fullDate(comment.Edited)}` : undefined}
                >
                  edited
                </span>
              ) : null}
            </span>
            {typeLabel ? (
              <span className={[styles.type, styles[comment.ResponseType]].join(' ')}>
                {typeLabel}
              </span>
            ) : null}
          </header>
          {isReplyToOther && comment.ReplyToName ? (
            <p className={styles.replyTo}>Replying to @{comment.ReplyToName}</p>
          ) : null}

          {mode === 'edit' ? (
            <CommentForm
              threadID={thread.threadID}
              mode={{
                kind: 'edit',
                comment,
                isTopLevelArgument: depth === 0 && thread.kind === 'arguments',
              }}
              onDone={() => setMode('view')}
              onCancel={() => setMode('view')}
            />
          ) : (
            <>
              <div
                className={[styles.body, isCollapsed ? styles.collapsed : ''].join(' ')}
                // The server renders Markdown through an allow-list sanitizer (no scripts, no
                // event handlers, no javascript: links); this HTML is safe to insert as it is.
                dangerouslySetInnerHTML={{ __html: comment.Body }}
              />
              {isCollapsed ? (
                <button type="button" className={styles.more} onClick={() => setIsExpanded(true)}>
                  See more
                </button>
              ) : null}
            </>
          )}

          <footer className={styles.actions}>
            {comment.Persuaded > 0 ? (
              <span className={styles.persuaded}>{changedMindsText(comment.Persuaded)}</span>
            ) : null}
            {isOwn ? (
              <span className={styles.likes}>
                <GoodPointIcon />
                {formatCount(comment.LikeNum)}{' '}
                {comment.LikeNum === 1 ? 'good point' : 'good points'}
              </span>
            ) : (
              <button
                type="button"
                className={[styles.action, styles.like].join(' ')}
                aria-pressed={comment.LikedByMe}
                // The name holds the visible text ('Good point 3') word for word, so that speech
                // input users can say what they see; the space below keeps the words apart in it.
                aria-label={`Good point, ${formatCount(comment.LikeNum)} so far`}
                onClick={handleLike}
              >
                <GoodPointIcon />
                <span>Good point</span>{' '}
                <span className={styles.likeCount}>{formatCount(comment.LikeNum)}</span>
              </button>
            )}
            {mode === 'view' ? (
              <button type="button" className={styles.action} onClick={handleReply}>
                Reply
              </button>
            ) : null}
            {isOwn && mode === 'view' ? (
              <button type="button" className={styles.action} onClick={() => setMode('edit')}>
                Edit
              </button>
            ) : null}
            {canDelete ? (
              <button
                type="button"
                className={styles.action}
                onClick={handleDelete}
                disabled={deleteComment.isPending}
              >
                Delete
              </button>
            ) : null}
            {!isOwn ? (
              <button
                type="button"
                className={[styles.action, styles.report].join(' ')}
                onClick={handleReport}
              >
                Report
              </button>
            ) : null}
          </footer>
        </>
      )}

      {mode === 'reply' ? (
        <div className={styles.replyForm}>
          <CommentForm
            threadID={thread.threadID}
            mode={{ kind: 'reply', parent: comment }}
            onDone={(reply) => {
              setMode('view');
              setIsRepliesOpen(true);
              thread.showComment(reply.CommentID);
            }}
            onCancel={() => setMode('view')}
          />
        </div>
      ) : null}

      {comment.Children.length > 0 ? (
        <div className={styles.replies}>
          <button
            type="button"
            className={styles.toggle}
            aria-expanded={isRepliesOpen}
            aria-controls={repliesId}
            onClick={() => setIsRepliesOpen(!isRepliesOpen)}
          >
            {isRepliesOpen
              ? '[-] Hide'
              : `[+] Show ${formatCount(replyCount)} ${replyCount === 1 ? 'comment' : 'comments'}`}
          </button>
          {isRepliesOpen ? (
            <ol id={repliesId} className={styles.children}>
              {comment.Children.map((child) => (
                <li key={child.CommentID}>
                  <CommentItem comment={child} depth={depth + 1} parentId={comment.CommentID} />
                </li>
              ))}
            </ol>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
