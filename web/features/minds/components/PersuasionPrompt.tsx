import { useId } from 'react';
import { Link } from 'react-router';
import { sideMovedToward } from '../../../../contract/minds.base.ts';
import { appRoutes } from '../../../../contract/routes.ts';
import { useCommentThread } from '../../comments/api.ts';
import { voteLabel } from '../../opinions/vote-scale.ts';
import { useSession } from '../../session/session.ts';
import { Button } from '../../../ui/Button.tsx';
import { errorTextFor } from '../../../ui/error-texts.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useCreditPersuasion } from '../api.ts';
import { dismissVoteChange, useSeenChange } from '../change-store.ts';
import styles from './PersuasionPrompt.module.css';

/** How many arguments of the side the prompt offers. */
const offered = 3;

/**
 * Right after a member changes their vote on an opinion: what moved them? The strongest
 * arguments on the side they moved toward, each with "This changed my mind"; "Something else"
 * closes it (docs/decisions/077-minds-changed.md).
 */
export function PersuasionPrompt({ opinionId }: { opinionId: number }) {
  const change = useSeenChange(opinionId);
  if (!change) return null;
  const side = sideMovedToward(change.from, change.to);
  if (!side) return null;
  return <Prompt opinionId={opinionId} from={change.from} to={change.to} side={side} />;
}

function Prompt({
  opinionId,
  from,
  to,
  side,
}: {
  opinionId: number;
  from: number;
  to: number;
  side: 'pro' | 'con';
}) {
  const threadID = String(opinionId);
  const headingId = useId();
  const session = useSession();
  const thread = useCommentThread(threadID, side);
  const credit = useCreditPersuasion(threadID);
  const sideName = side === 'pro' ? 'For' : 'Against';
  const candidates = (thread.data?.Comments ?? [])
    .filter((comment) => !comment.Deleted && comment.UID !== session.userID)
    .slice(0, offered);

  if (credit.isSuccess) {
    return (
      <section className={styles.prompt} aria-labelledby={headingId}>
        <h2 id={headingId} className={styles.heading}>
          Thank you
        </h2>
        <p className={styles.text} role="status">
          The argument is credited with changing your mind; its author hears that it changed a mind,
          never whose. Your changes of mind are in{' '}
          <Link to={appRoutes.opinionHistory}>your history</Link>, which only you can see.
        </p>
        <Button variant="ghost" size="small" onClick={() => dismissVoteChange(opinionId)}>
          Close
        </Button>
      </section>
    );
  }

  return (
    <section className={styles.prompt} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        What changed your mind?
      </h2>
      <p className={styles.text}>
        You moved from {voteLabel(from)} to {voteLabel(to)}. If an argument {sideName} did it,
        credit it: its author hears that it changed a mind, never whose.
      </p>
      {thread.isPending ? (
        <Spinner />
      ) : thread.isError ? (
        <p className={styles.error} role="alert">
          {errorTextFor(thread.error)}
        </p>
      ) : candidates.length === 0 ? (
        <p className={styles.text}>There is no argument {sideName} by someone else yet.</p>
      ) : (
        <ol className={styles.list}>
          {candidates.map((comment) => (
            <li key={comment.CommentID} className={styles.item}>
              <div
                className={styles.body}
                // Sanitized on the server (an allow-list of tags and attributes), as in the thread.
                dangerouslySetInnerHTML={{ __html: comment.Body }}
              />
              <div className={styles.itemFooter}>
                <span className={styles.author}>by {comment.UsernameCased}</span>
                <Button
                  size="small"
                  variant="primary"
                  disabled={credit.isPending}
                  onClick={() => credit.mutate(comment.CommentID)}
                  aria-label={`This changed my mind: the argument by ${comment.UsernameCased}`}
                >
                  This changed my mind
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {credit.isError ? (
        <p className={styles.error} role="alert">
          {errorTextFor(credit.error)}
        </p>
      ) : null}
      <Button variant="ghost" size="small" onClick={() => dismissVoteChange(opinionId)}>
        Something else
      </Button>
    </section>
  );
}
