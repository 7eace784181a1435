import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { getTopic, userFeed } from '../../../contract/opinions.base.ts';
import { callApi } from '../../api/client.ts';

/** The next page's cursor, or undefined once the server says the feed has ended. */
function nextCursor(page: { After: string; EndReached: boolean }): string | undefined {
  return page.EndReached || page.After === '' ? undefined : page.After;
}

/** The query string's cursor: a feed read from `?after=` starts there (paging without JS). */
export function feedCursor(search: URLSearchParams): string {
  return search.get('after') ?? '';
}

/** The address of a feed's next page, for 'Load more' as a link; undefined at the feed's end. */
export function nextPageHref(pages: readonly { After: string; EndReached: boolean }[]) {
  const last = pages.at(-1);
  const cursor = last ? nextCursor(last) : undefined;
  return cursor === undefined ? undefined : `?after=${encodeURIComponent(cursor)}`;
}

/** The For You feed's query; its first page comes with the page from the server. */
export const forYouFeedKey = ['feed', 'forYou'];

/** The For You feed from its start, or from a cursor (`?after=`). */
export const userFeedQuery = (after = '') =>
  infiniteQueryOptions({
    queryKey: after ? [...forYouFeedKey, after] : forYouFeedKey,
    queryFn: ({ pageParam, signal }) =>
      callApi(userFeed, pageParam ? { after: pageParam } : {}, { signal }),
    initialPageParam: after,
    getNextPageParam: nextCursor,
  });

export function useUserFeed(after = '') {
  return useInfiniteQuery(userFeedQuery(after));
}

export const topicFeedQuery = (slug: string, after = '') =>
  infiniteQueryOptions({
    queryKey: after ? ['feed', 'topic', slug, after] : ['feed', 'topic', slug],
    queryFn: ({ pageParam, signal }) =>
      callApi(getTopic, pageParam ? { slug, after: pageParam } : { slug }, { signal }),
    initialPageParam: after,
    getNextPageParam: nextCursor,
  });

export function useTopicFeed(slug: string, after = '') {
  return useInfiniteQuery(topicFeedQuery(slug, after));
}
