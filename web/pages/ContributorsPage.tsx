import { Link } from 'react-router';
import { levelForKarma } from '../../contract/milestones.ts';
import { useContributors } from '../features/people/api.ts';
import { Avatar } from '../features/people/components/Avatar.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { Card } from '../ui/Card.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { formatCount } from '../ui/format.ts';
import { Page } from '../ui/Page.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import styles from './PeopleLists.module.css';

/** topContributors, `/contributors`: the members with the most karma, each linked to a profile. */
export default function ContributorsPage() {
  usePageTitle('topContributors');
  const query = useContributors();
  return (
    <Page
      width="narrow"
      title="Top contributors"
      intro="The members whose comments others found most worth reading."
    >
      {query.isPending ? (
        <>
          <Spinner />
          <Skeleton height={400} radius="16px" />
        </>
      ) : query.isError ? (
        <ErrorState error={query.error} />
      ) : query.data.length > 0 ? (
        <Card padding="compact">
          <ol className={styles.list}>
            {query.data.map((contributor, index) => {
              const level = levelForKarma(contributor.Karma);
              return (
                <li key={contributor.UsernameCased} className={styles.row}>
                  <span className={styles.rank} aria-hidden="true">
                    {formatCount(index + 1)}
                  </span>
                  <Avatar username={contributor.UsernameCased} size={40} />
                  <span className={styles.who}>
                    <Link
                      className={styles.name}
                      to={`/u/${encodeURIComponent(contributor.UsernameCased)}`}
                    >
                      {contributor.UsernameCased}
                    </Link>
                    <span className={styles.muted}>
                      Level {level.number} · {level.name}
                      <span className={styles.narrowOnly}>
                        {' · '}
                        {formatCount(contributor.Karma)} karma
                      </span>
                    </span>
                  </span>
                  <span className={`${styles.karma} ${styles.wideOnly}`}>
                    <strong>{formatCount(contributor.Karma)}</strong> karma
                  </span>
                </li>
              );
            })}
          </ol>
        </Card>
      ) : (
        <EmptyState title="No contributors yet">Comment on an opinion to be the first.</EmptyState>
      )}
    </Page>
  );
}
