import { Link } from 'react-router';
import { levelForKarma } from '../../contract/milestones.ts';
import { pageTitle, productName } from '../../contract/routes.ts';
import { contributorsQuery, useContributors } from '../features/people/api.ts';
import { Avatar } from '../features/people/components/Avatar.tsx';
import { Card } from '../ui/Card.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { formatCount } from '../ui/format.ts';
import { Page } from '../ui/Page.tsx';
import { LoadingBlocks, QueryState } from '../ui/QueryState.tsx';
import { routeQuery, type RouteHandle } from '../routing/route-handle.ts';
import styles from './PeopleLists.module.css';

export const handle: RouteHandle = {
  queries: () => [routeQuery(contributorsQuery())],
  head: ({ params, queryClient }) => {
    const top = queryClient.getQueryData(contributorsQuery().queryKey)?.Contributors[0];
    return {
      title: pageTitle('topContributors', params),
      description: `The members of ${productName} whose comments others found most worth reading${top ? `, led by ${top.UsernameCased} with ${formatCount(top.Karma)} karma` : ''}.`,
      type: 'website',
    };
  },
};

/** topContributors, `/contributors`: the members with the most karma, each linked to a profile. */
export default function ContributorsPage() {
  const query = useContributors();
  return (
    <Page
      width="narrow"
      title="Top contributors"
      intro="The members whose comments others found most worth reading."
    >
      <QueryState
        query={query}
        loading={<LoadingBlocks heights={[400]} />}
        isEmpty={(contributors) => contributors.length === 0}
        empty={
          <EmptyState title="No contributors yet">
            Comment on an opinion to be the first.
          </EmptyState>
        }
      >
        {(contributors) => (
          <Card padding="compact">
            <ol className={styles.list}>
              {contributors.map((contributor, index) => {
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
        )}
      </QueryState>
    </Page>
  );
}
