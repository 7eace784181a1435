import type {
  FetchInfiniteQueryOptions,
  FetchQueryOptions,
  QueryClient,
  QueryKey,
} from '@tanstack/react-query';
import type { AppRouteName, Head } from '../../contract/routes.ts';

/** What a route's queries and head are computed from: its path parameters and query string. */
export type RouteArgs = {
  name: AppRouteName;
  params: Record<string, string>;
  search: URLSearchParams;
};

/** A query a page's first screen shows, fetched into the cache before the server renders. */
export type RouteQuery = (queryClient: QueryClient) => Promise<unknown>;

export function routeQuery<Data, Error, Key extends QueryKey>(
  options: FetchQueryOptions<Data, Error, Data, Key>,
): RouteQuery {
  return (queryClient) => queryClient.fetchQuery(options);
}

export function routeInfiniteQuery<Data, Error, Key extends QueryKey, PageParam>(
  options: FetchInfiniteQueryOptions<Data, Error, Data, Key, PageParam>,
): RouteQuery {
  return (queryClient) => queryClient.fetchInfiniteQuery(options);
}

/**
 * What a page module tells the router besides its component (`export const handle`): the queries
 * its first screen needs, so the server fetches them before it renders (one render per request,
 * docs/decisions/085), and its head, read from those queries' data: the server's <head> and the
 * browser's document.title both come from it.
 */
export type RouteHandle = {
  queries?: (args: RouteArgs) => RouteQuery[];
  head?: (args: RouteArgs & { queryClient: QueryClient }) => Head;
  /** Where the server sends the reader instead, once the queries are in (as the page would). */
  redirect?: (args: RouteArgs & { queryClient: QueryClient }) => string | null;
  /**
   * The opinion the page is about, once the queries are in: the server keeps a visitor's copy
   * of the page until that opinion, its insights or its topics' groups change.
   */
  opinion?: (args: RouteArgs & { queryClient: QueryClient }) => PageOpinion | undefined;
};

/** An opinion a page is about: its id and its topics' ids. */
export type PageOpinion = { id: number; topicIds: number[] };
