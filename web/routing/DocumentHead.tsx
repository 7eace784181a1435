import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useLocation, useMatches } from 'react-router';
import { pageTitle, type AppRouteName } from '../../contract/routes.ts';
import type { RouteHandle } from './route-handle.ts';

type MatchHandle = (RouteHandle & { name?: AppRouteName }) | undefined;

/**
 * Keeps document.title in step with the route as the app moves between pages, from the same
 * definition the server's head comes from (each page's `handle.head`, docs/decisions/085): read
 * from the query cache, so a page's title follows its data as it arrives.
 */
export function DocumentHead() {
  const queryClient = useQueryClient();
  const { search } = useLocation();
  const match = useMatches().at(-1);
  const handle = match?.handle as MatchHandle;
  const params = match?.params as Record<string, string> | undefined;
  const title = useCallback(() => {
    const args = {
      name: handle?.name ?? 'notFound',
      params: params ?? {},
      search: new URLSearchParams(search),
    };
    // A page without a head of its own has its route's title, as the server gives it.
    return handle?.head?.({ ...args, queryClient }).title ?? pageTitle(args.name, args.params);
  }, [handle, params, search, queryClient]);
  const current = useSyncExternalStore(
    (onChange) => queryClient.getQueryCache().subscribe(onChange),
    title,
    title,
  );
  useEffect(() => {
    document.title = current;
  }, [current]);
  return null;
}
