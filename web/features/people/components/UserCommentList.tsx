import { Link } from 'react-router';
import type { ProfileComment } from '../../../../contract/people.ts';
import { formatDate, pluralize } from '../../../ui/format.ts';
import styles from './UserCommentList.module.css';

/** The argument form's names for each response type (docs/product/entities.md#response-types). */
const responseTypeNames: Record<ProfileComment['ResponseType'], string> = {
  pro: 'For',
  con: 'Against',
  neutral: 'Mixed',
  commentary: 'Commentary',
  '': '',
};

export function UserCommentItem({ comment }: { comment: ProfileComment }) {
  const typeName = responseTypeNames[comment.ResponseType];
  return (
    <article className={styles.comment} aria-labelledby={`history-${comment.CommentID}`}>
      <header className={styles.meta}>
        <Link id={`history-${comment.CommentID}`} className={styles.opinion} to={comment.Link}>
          {comment.IsReply ? 'Reply on ' : ''}
          {comment.OpinionTitle}
        </Link>
        <span className={styles.details}>
          {typeName ? (
            <span className={`${styles.type} ${styles[comment.ResponseType] ?? ''}`}>
              {typeName}
            </span>
          ) : null}
          {/* One time zone on the server and in the browser: the page hydrates as it was sent. */}
          <time dateTime={comment.Created}>{formatDate(new Date(comment.Created), 'UTC')}</time>
          <span>{pluralize(comment.LikeNum, 'good point')}</span>
        </span>
      </header>
      {/* The server renders comment Markdown through an allow-list sanitizer. */}
      <div className={styles.body} dangerouslySetInnerHTML={{ __html: comment.Body }} />
    </article>
  );
}
