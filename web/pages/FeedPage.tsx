import { userFeedQuery, useUserFeed } from '../features/feed/api.ts';
import { FeedView } from '../features/feed/components/FeedView.tsx';
import { collectFeedOpinions } from '../features/feed/feed-items.ts';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { routeInfiniteQuery, type RouteHandle } from '../routing/route-handle.ts';

export const handle: RouteHandle = { queries: () => [routeInfiniteQuery(userFeedQuery())] };

/** opinionFeed, `/`: the For You feed. */
export default function FeedPage() {
  usePageTitle('opinionFeed');
  const feed = useUserFeed();
  const pages = feed.data?.pages ?? [];
  return (
    <FeedView
      feedTitle="For You"
      header={<h1 className="visually-hidden">For You</h1>}
      opinions={collectFeedOpinions(pages)}
      cards={pages[0]?.Cards}
      isPending={feed.isPending}
      error={feed.error}
      hasNextPage={feed.hasNextPage}
      isFetchingNextPage={feed.isFetchingNextPage}
      fetchNextPage={feed.fetchNextPage}
    />
  );
}
