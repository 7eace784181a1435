import type {
  FetchInfiniteQueryOptions,
  FetchQueryOptions,
  QueryClient,
} from '@tanstack/react-query';
import type { AppRouteName, Head } from '../../contract/routes.ts';

/** What a route's queries and head are computed from: its path parameters and query string. */
export type RouteArgs = {
  name: AppRouteName;
  params: Record<string, string>;
  search: URLSearchParams;
};

/** A query a page's first screen shows, fetched before the server renders the page. */
export type RouteQuery =
  | FetchQueryOptions<any, any, any, any>
  | FetchInfiniteQueryOptions<any, any, any, any, any>;

/**
 * What a page module tells the router besides its component (`export const handle`): the queries
 * its first screen needs, so the server fetches them before it renders (one render per request),
 * and its head, read from those queries' data.
 */
export type RouteHandle = {
  queries?: (args: RouteArgs) => RouteQuery[];
  head?: (args: RouteArgs & { queryClient: QueryClient }) => Head;
};

export function isInfiniteQuery(
  query: RouteQuery,
): query is FetchInfiniteQueryOptions<any, any, any, any, any> {
  return 'initialPageParam' in query;
}
