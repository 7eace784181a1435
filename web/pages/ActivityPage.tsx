import { useUserFeed } from '../features/feed/api.ts';
import { ActivityRow } from '../features/feed/components/SidebarCards.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { Card } from '../ui/Card.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { Page } from '../ui/Page.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { Spinner } from '../ui/Spinner.tsx';

/**
 * latestActivity, `/activity`: '@username made a comment on {title}' rows. Until the activity
 * call exists, the rows come from the feed's Latest activity card.
 */
export default function ActivityPage() {
  usePageTitle('latestActivity');
  const feed = useUserFeed();
  const activity = feed.data?.pages[0]?.Cards?.LatestActivity;
  return (
    <Page width="narrow" title="Latest activity" intro="What people are discussing right now.">
      {feed.isPending ? (
        <>
          <Spinner />
          <Skeleton height={400} radius="16px" />
        </>
      ) : feed.error ? (
        <ErrorState error={feed.error} />
      ) : activity && activity.length > 0 ? (
        <Card padding="compact">
          <ul style={{ margin: 0, padding: 0, listStyle: 'none' }}>
            {activity.map((row) => (
              <li key={row.CommentID}>
                <ActivityRow activity={row} />
              </li>
            ))}
          </ul>
        </Card>
      ) : (
        <EmptyState title="No activity yet">New comments will show up here.</EmptyState>
      )}
    </Page>
  );
}
