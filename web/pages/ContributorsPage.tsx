import { useUserFeed } from '../features/feed/api.ts';
import { ContributorRow } from '../features/feed/components/SidebarCards.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { Card } from '../ui/Card.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { Page } from '../ui/Page.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { Spinner } from '../ui/Spinner.tsx';

/**
 * topContributors, `/contributors`. Until the contributors call exists, the list comes from the
 * feed's Top contributors card.
 */
export default function ContributorsPage() {
  usePageTitle('topContributors');
  const feed = useUserFeed();
  const contributors = feed.data?.pages[0]?.Cards?.TopCommenters;
  return (
    <Page
      width="narrow"
      title="Top contributors"
      intro="The members whose comments others found most worth reading."
    >
      {feed.isPending ? (
        <>
          <Spinner />
          <Skeleton height={400} radius="16px" />
        </>
      ) : feed.error ? (
        <ErrorState error={feed.error} />
      ) : contributors && contributors.length > 0 ? (
        <Card padding="compact">
          <ol style={{ margin: 0, paddingLeft: 'var(--space-5)' }}>
            {contributors.map((contributor) => (
              <li key={contributor.UsernameCased}>
                <ContributorRow contributor={contributor} />
              </li>
            ))}
          </ol>
        </Card>
      ) : (
        <EmptyState title="No contributors yet">Comment on an opinion to be the first.</EmptyState>
      )}
    </Page>
  );
}
