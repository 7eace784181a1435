import { Link } from 'react-router';
import { MemberLink } from '../../people/components/MemberLink.tsx';
import type { Activity, Contributor, FeedCards } from '../../../../contract/entities.ts';
import { Card } from '../../../ui/Card.tsx';
import { formatCount, truncate } from '../../../ui/format.ts';
import styles from './SidebarCards.module.css';

/** Activity titles are cut to 70 characters (docs/product/constants.md#lengths). */
export const activityTitleLimit = 70;

export function StatsCard({ stats }: { stats: FeedCards['Stats'] }) {
  const figures = [
    { label: 'Opinions', value: stats.Opinions },
    { label: 'Comments', value: stats.Comments },
    { label: 'Votes', value: stats.Votes },
  ];
  return (
    <Card heading="Stats" padding="compact">
      <dl className={styles.stats}>
        {figures.map((figure) => (
          <div key={figure.label} className={styles.stat}>
            <dt className={styles.statLabel}>{figure.label}</dt>
            <dd className={styles.statValue}>{formatCount(figure.value)}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

export function TrendingCard({ trending }: { trending: FeedCards['TrendingOpinions'] }) {
  return (
    <Card heading="Trending" padding="compact">
      <ol className={styles.list}>
        {trending.map((opinion, index) => (
          <li key={opinion.Slug}>
            <Link className={styles.trendingLink} to={`/o/${opinion.Slug}`}>
              <span className={styles.rank} aria-hidden="true">
                {index + 1}
              </span>
              <span>{opinion.Title}</span>
            </Link>
          </li>
        ))}
      </ol>
    </Card>
  );
}

export function ActivityRow({ activity }: { activity: Activity }) {
  return (
    <p className={styles.activity}>
      <MemberLink username={activity.Username}>@{activity.Username}</MemberLink> made a comment on{' '}
      <Link className={styles.opinionLink} to={activity.Link}>
        {truncate(activity.OpinionTitle, activityTitleLimit)}
      </Link>
    </p>
  );
}

export function LatestActivityCard({ activity }: { activity: readonly Activity[] }) {
  return (
    <Card heading="Latest activity" padding="compact">
      <ul className={styles.list}>
        {activity.map((row) => (
          <li key={row.CommentID}>
            <ActivityRow activity={row} />
          </li>
        ))}
      </ul>
      <Link className={styles.more} to="/activity">
        See all activity
      </Link>
    </Card>
  );
}

export function ContributorRow({ contributor }: { contributor: Contributor }) {
  return (
    <div className={styles.contributor}>
      <Link to={`/u/${encodeURIComponent(contributor.UsernameCased)}`}>
        <span className={styles.avatar} aria-hidden="true">
          {contributor.UsernameCased.charAt(0)}
        </span>
        <span className={styles.contributorText}>
          <span className={styles.contributorName}>{contributor.UsernameCased}</span>
          <span className={styles.karma}>{formatCount(contributor.Karma)} karma</span>
        </span>
      </Link>
    </div>
  );
}

export function TopContributorsCard({ contributors }: { contributors: readonly Contributor[] }) {
  return (
    <Card heading="Top contributors" padding="compact">
      <ol className={styles.list}>
        {contributors.map((contributor) => (
          <li key={contributor.UsernameCased}>
            <ContributorRow contributor={contributor} />
          </li>
        ))}
      </ol>
      <Link className={styles.more} to="/contributors">
        See all contributors
      </Link>
    </Card>
  );
}
