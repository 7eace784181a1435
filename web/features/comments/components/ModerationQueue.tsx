import type { ReportedComment } from '../../../../contract/comments.ts';
import { Link } from 'react-router';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { ErrorState } from '../../../ui/ErrorState.tsx';
import { pluralize } from '../../../ui/format.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useModerateComment, useModerationQueue } from '../api.ts';
import { deleteConfirmText, fullDate, timeAgo } from '../comment-text.ts';
import styles from './ModerationQueue.module.css';

const reasonLabels: Record<ReportedComment['Reports'][number]['Reason'], string> = {
  spam: 'Spam or advertising',
  harassment: 'Personal attack or harassment',
  hate: 'Hateful content',
  'off-topic': 'Off-topic',
  other: 'Something else',
};

/**
 * Reported comments for moderators: what was written, who reported it and why. Dismiss closes
 * the reports (and shows a hidden comment again); Delete removes the comment as flagged.
 */
export function ModerationQueue() {
  const queue = useModerationQueue({ enabled: true });
  return (
    <section className={styles.queue} aria-labelledby="moderation-heading">
      <h2 id="moderation-heading" className={styles.heading}>
        Moderation queue
        {queue.data && queue.data.Comments.length > 0 ? (
          <span className={styles.count}>
            {' '}
            · {pluralize(queue.data.Comments.length, 'comment')}
          </span>
        ) : null}
      </h2>
      {queue.isPending ? (
        <Spinner isCentered />
      ) : queue.error ? (
        <ErrorState error={queue.error} hasHomeLink={false} />
      ) : queue.data.Comments.length === 0 ? (
        <Card className={styles.empty}>
          <p>No reported comments. The queue is clear.</p>
        </Card>
      ) : (
        <ol className={styles.list}>
          {queue.data.Comments.map((comment) => (
            <li key={comment.CommentID}>
              <QueueItem comment={comment} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function QueueItem({ comment }: { comment: ReportedComment }) {
  const moderate = useModerateComment();
  const act = (action: 'dismiss' | 'delete') => {
    if (action === 'delete' && !window.confirm(deleteConfirmText)) return;
    moderate.mutate(
      { commentID: comment.CommentID, action },
      { onError: (error) => window.alert(error.message) },
    );
  };
  return (
    <Card
      as="article"
      padding="compact"
      className={styles.item}
      aria-label={`Comment by ${comment.UsernameCased}`}
    >
      <header className={styles.meta}>
        <strong>{comment.UsernameCased}</strong>
        <span>
          on <Link to={comment.Link}>{comment.ThreadTitle}</Link>
        </span>
        <time dateTime={comment.Created} title={fullDate(comment.Created)}>
          {timeAgo(comment.Created)}
        </time>
        {comment.Hidden ? <span className={styles.hidden}>Hidden pending review</span> : null}
      </header>
      <div
        className={styles.body}
        // Sanitized by the server's allow-list renderer, like every comment body.
        dangerouslySetInnerHTML={{ __html: comment.Body }}
      />
      <div className={styles.reports}>
        <p className={styles.reportsHeading}>{pluralize(comment.Reports.length, 'report')}</p>
        <ul>
          {comment.Reports.map((report, index) => (
            <li key={index}>
              <strong>{reasonLabels[report.Reason]}</strong> · {report.ReporterName} ·{' '}
              <time dateTime={report.Created}>{timeAgo(report.Created)}</time>
              {report.Note ? <q className={styles.note}>{report.Note}</q> : null}
            </li>
          ))}
        </ul>
      </div>
      <div className={styles.actions}>
        <Button size="small" onClick={() => act('dismiss')} disabled={moderate.isPending}>
          Dismiss reports
        </Button>
        <Button
          size="small"
          variant="danger"
          onClick={() => act('delete')}
          disabled={moderate.isPending}
        >
          Delete comment
        </Button>
      </div>
    </Card>
  );
}
