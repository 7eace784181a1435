import { pageTitle, productName } from '../../contract/routes.ts';
import { latestActivityQuery, useLatestActivity } from '../features/people/api.ts';
import { ActivityRow } from '../features/feed/components/SidebarCards.tsx';
import { Avatar } from '../features/people/components/Avatar.tsx';
import { Card } from '../ui/Card.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { Page } from '../ui/Page.tsx';
import { LoadingBlocks, QueryState } from '../ui/QueryState.tsx';
import { LocalTime } from '../ui/LocalTime.tsx';
import { routeQuery, type RouteHandle } from '../routing/route-handle.ts';
import styles from './PeopleLists.module.css';

export const handle: RouteHandle = {
  queries: () => [routeQuery(latestActivityQuery())],
  head: ({ params, queryClient }) => {
    const latest = queryClient.getQueryData(latestActivityQuery().queryKey)?.Activity[0];
    return {
      title: pageTitle('latestActivity', params),
      description: `What people are discussing on ${productName} right now, newest first${latest ? `: the latest comment is on “${latest.OpinionTitle}”` : ''}.`,
      type: 'website',
    };
  },
};

/** latestActivity, `/activity`: '@username made a comment on {title}' rows, newest first. */
export default function ActivityPage() {
  const query = useLatestActivity();
  return (
    <Page width="narrow" title="Latest activity" intro="What people are discussing right now.">
      <QueryState
        query={query}
        loading={<LoadingBlocks heights={[400]} />}
        isEmpty={(rows) => rows.length === 0}
        empty={<EmptyState title="No activity yet">New comments will show up here.</EmptyState>}
      >
        {(rows) => (
          <Card padding="compact">
            <ul className={styles.list}>
              {rows.map((row) => (
                <li key={row.CommentID} className={styles.row}>
                  <Avatar username={row.Username} size={32} />
                  <span className={styles.who}>
                    <ActivityRow activity={row} />
                    <LocalTime className={styles.muted} iso={row.Created} />
                  </span>
                </li>
              ))}
            </ul>
          </Card>
        )}
      </QueryState>
    </Page>
  );
}
