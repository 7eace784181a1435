import { useLatestActivity } from '../features/people/api.ts';
import { ActivityRow } from '../features/feed/components/SidebarCards.tsx';
import { Avatar } from '../features/people/components/Avatar.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { Card } from '../ui/Card.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { Page } from '../ui/Page.tsx';
import { LoadingBlocks, QueryState } from '../ui/QueryState.tsx';
import styles from './PeopleLists.module.css';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** latestActivity, `/activity`: '@username made a comment on {title}' rows, newest first. */
export default function ActivityPage() {
  usePageTitle('latestActivity');
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
                    <time className={styles.muted} dateTime={row.Created}>
                      {timeFormat.format(new Date(row.Created))}
                    </time>
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
