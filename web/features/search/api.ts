import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  minimumSearchLength,
  searchAll,
  searchResultsPage,
} from '../../../contract/search.base.ts';
import { callApi } from '../../api/client.ts';
import { nextCursor } from '../../routing/paging.ts';

export function useSearchResults(query: string) {
  return useQuery({
    queryKey: ['search', query],
    queryFn: ({ signal }) => callApi(searchAll, { q: query }, { signal }),
    enabled: query.length >= minimumSearchLength,
    staleTime: 60_000,
  });
}

/**
 * The results page's results for `query`, page by page, starting after `startAfter` (the
 * address's `after`, '' for the first page).
 */
export const searchResultsPagesQuery = (query: string, startAfter: string) =>
  infiniteQueryOptions({
    queryKey: ['search', 'page', query, startAfter],
    queryFn: ({ pageParam, signal }) =>
      callApi(searchResultsPage, pageParam ? { q: query, after: pageParam } : { q: query }, {
        signal,
      }),
    initialPageParam: startAfter,
    getNextPageParam: nextCursor,
    staleTime: 60_000,
  });

export function useSearchResultsPages(query: string, startAfter: string) {
  return useInfiniteQuery({
    ...searchResultsPagesQuery(query, startAfter),
    enabled: query.length >= minimumSearchLength,
  });
}
