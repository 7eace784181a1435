import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { getTopic, userFeed } from '../../../contract/opinions.base.ts';
import { callApi } from '../../api/client.ts';

/** The next page's cursor, or undefined once the server says the feed has ended. */
function nextCursor(page: { After: string; EndReached: boolean }): string | undefined {
  return page.EndReached || page.After === '' ? undefined : page.After;
}

/** The For You feed's query; its first page comes with the page from the server. */
export const forYouFeedKey = ['feed', 'forYou'];

export const userFeedQuery = () =>
  infiniteQueryOptions({
    queryKey: forYouFeedKey,
    queryFn: ({ pageParam, signal }) =>
      callApi(userFeed, pageParam ? { after: pageParam } : {}, { signal }),
    initialPageParam: '',
    getNextPageParam: nextCursor,
  });

export function useUserFeed() {
  return useInfiniteQuery(userFeedQuery());
}

export const topicFeedQuery = (slug: string) =>
  infiniteQueryOptions({
    queryKey: ['feed', 'topic', slug],
    queryFn: ({ pageParam, signal }) =>
      callApi(getTopic, pageParam ? { slug, after: pageParam } : { slug }, { signal }),
    initialPageParam: '',
    getNextPageParam: nextCursor,
  });

export function useTopicFeed(slug: string) {
  return useInfiniteQuery(topicFeedQuery(slug));
}
