import { useSearchParams } from 'react-router';
import { defaultDescription, pageTitle } from '../../contract/routes.ts';
import { userFeedQuery, useUserFeed } from '../features/feed/api.ts';
import { nextPageHref, pageCursor } from '../routing/paging.ts';
import { FeedView } from '../features/feed/components/FeedView.tsx';
import { collectFeedOpinions } from '../features/feed/feed-items.ts';
import { routeInfiniteQuery, type RouteHandle } from '../routing/route-handle.ts';

export const handle: RouteHandle = {
  queries: ({ search }) => [routeInfiniteQuery(userFeedQuery(pageCursor(search)))],
  head: ({ name, params, search, queryClient }) => {
    const feed = queryClient.getQueryData(userFeedQuery(pageCursor(search)).queryKey);
    const titles = (feed?.pages[0]?.Opinions ?? []).slice(0, 2).map((opinion) => opinion.Title);
    return {
      title: pageTitle(name, params),
      description:
        titles.length > 0
          ? `${defaultDescription} Now voting: “${titles.join('”, “')}” and more.`
          : defaultDescription,
      type: 'website',
    };
  },
};

/** opinionFeed, `/`: the For You feed (from `?after=`'s cursor, when a reader pages without JS). */
export default function FeedPage() {
  const [search] = useSearchParams();
  const feed = useUserFeed(pageCursor(search));
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
      nextPageHref={nextPageHref(pages)}
    />
  );
}
