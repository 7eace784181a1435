import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { getTopic, userFeed } from '../../../contract/opinions.base.ts';
import { callApi } from '../../api/client.ts';
import { nextCursor } from '../../routing/paging.ts';

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
