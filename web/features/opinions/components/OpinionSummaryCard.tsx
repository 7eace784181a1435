import { useState } from 'react';
import { Link } from 'react-router';
import type { Opinion } from '../../../../contract/entities.ts';
import { pluralize } from '../../../ui/format.ts';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { CommentsIcon, VotesIcon } from '../../../ui/icons.tsx';
import { TidbitLine } from '../../insights/components/TidbitLine.tsx';
import { TopicChips } from '../../topics/components/TopicChips.tsx';
import { useOpinion } from '../api.ts';
import styles from './OpinionSummaryCard.module.css';
import { OpinionVote } from './OpinionVote.tsx';

/** An opinion in a feed: its topics, title, insight tidbit, the vote widget, and its counts. */
export function OpinionSummaryCard({ opinion }: { opinion: Opinion }) {
  return (
    <article className={[styles.card, opinion.Deleted ? styles.deleted : ''].join(' ')}>
      <TopicChips topics={opinion.Topics} />
      <h2 className={styles.title}>
        <Link to={`/o/${opinion.Slug}`}>{opinion.Title}</Link>
      </h2>
      {opinion.Deleted ? <span className={styles.deletedBadge}>Deleted</span> : null}
      {opinion.Tidbit && !opinion.Deleted ? <TidbitLine tidbit={opinion.Tidbit} /> : null}
      {opinion.Deleted ? null : <FeedCardVote opinion={opinion} />}
      <div className={styles.footer}>
        <ul className={styles.stats}>
          <li className={styles.stat}>
            <VotesIcon />
            {pluralize(opinion.NumVotes, 'vote')}
          </li>
          <li className={styles.stat}>
            <CommentsIcon />
            <Link to={`/o/${opinion.Slug}#comments`}>
              {pluralize(opinion.NumComments, 'comment')}
            </Link>
          </li>
        </ul>
      </div>
    </article>
  );
}

/**
 * The feed card's vote widget. The feed call carries the member's own rating of each opinion
 * (`Rating`) but not the results, which a member sees only once they have voted. The feeds leave
 * out what the member voted on, so a card arrives voted only for the member's own recent
 * opinions (at most five, first page only): those read their results from the opinion call, the
 * same cached read the opinion page makes. Every other card shows the answer of the vote cast on
 * it.
 */
function FeedCardVote({ opinion }: { opinion: Opinion }) {
  const [arrivedVoted] = useState(opinion.Rating > 0);
  if (arrivedVoted) return <VotedFeedCardVote opinion={opinion} />;
  return <OpinionVote opinion={opinion} results={null} size="compact" />;
}

function VotedFeedCardVote({ opinion }: { opinion: Opinion }) {
  const stored = useOpinion(opinion.Slug);
  // The results' shape while they load, rather than the buttons flashing first.
  if (stored.isPending) return <Skeleton height={164} radius="10px" />;
  return <OpinionVote opinion={opinion} results={stored.data?.Results ?? null} size="compact" />;
}

/** The card's shape while loading: same height, no shift when the text arrives. */
export function OpinionSummaryCardSkeleton() {
  return (
    <div className={[styles.card, styles.skeleton].join(' ')} aria-hidden="true">
      <span className={styles.skeletonChips}>
        <Skeleton width={72} height={26} radius="999px" />
        <Skeleton width={96} height={26} radius="999px" />
      </span>
      <Skeleton width="85%" height={26} />
      <Skeleton width={140} height={18} />
      <Skeleton height={64} radius="10px" />
      <div className={styles.footer}>
        <Skeleton width={160} height={20} />
      </div>
    </div>
  );
}
