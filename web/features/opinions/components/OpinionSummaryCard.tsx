import { Link } from 'react-router';
import type { Opinion } from '../../../../contract/entities.ts';
import { ButtonLink } from '../../../ui/Button.tsx';
import { pluralize } from '../../../ui/format.ts';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { CommentsIcon, VotesIcon } from '../../../ui/icons.tsx';
import { TopicChips } from '../../topics/components/TopicChips.tsx';
import { voteLabel } from '../vote-scale.ts';
import styles from './OpinionSummaryCard.module.css';

/** An opinion in a feed: its topics, title, counts and the way in to vote. */
export function OpinionSummaryCard({ opinion }: { opinion: Opinion }) {
  return (
    <article className={[styles.card, opinion.Deleted ? styles.deleted : ''].join(' ')}>
      <TopicChips topics={opinion.Topics} />
      <h2 className={styles.title}>
        <Link to={`/o/${opinion.Slug}`}>{opinion.Title}</Link>
      </h2>
      {opinion.Deleted ? <span className={styles.deletedBadge}>Deleted</span> : null}
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
        {opinion.Rating > 0 ? (
          <p className={styles.voted}>
            You voted <strong>{voteLabel(opinion.Rating)}</strong>
          </p>
        ) : opinion.Deleted ? null : (
          <ButtonLink
            to={`/o/${opinion.Slug}`}
            size="small"
            aria-label={`Vote on “${opinion.Title}”`}
          >
            Vote
          </ButtonLink>
        )}
      </div>
    </article>
  );
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
      <div className={styles.footer}>
        <Skeleton width={160} height={20} />
        <Skeleton width={56} height={32} radius="999px" />
      </div>
    </div>
  );
}
