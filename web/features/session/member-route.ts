import type { QueryClient } from '@tanstack/react-query';
import { pageTitle, type AppRouteName, type Head } from '../../../contract/routes.ts';
import type { CurrentUser } from '../../../contract/user.ts';
import type { RouteArgs, RouteQuery } from '../../routing/route-handle.ts';
import { currentUserQuery } from './api.ts';

/**
 * A query of the reader's own (their notifications, settings, reports): fetched before the server
 * renders only for a member, once who reads is known; a visitor's page shows the log-in prompt and
 * asks nothing more (docs/decisions/085).
 */
export function memberQuery(query: (user: CurrentUser) => RouteQuery | null): RouteQuery {
  return async (queryClient: QueryClient) => {
    const user = await queryClient.fetchQuery(currentUserQuery());
    if (user.Username === '') return;
    await query(user)?.(queryClient);
  };
}

/** The head of a member's own page or a staff page: its title, and no search engine lists it. */
export function privateHead(name: AppRouteName) {
  return ({ params }: Pick<RouteArgs, 'params'>): Head => ({
    title: pageTitle(name, params),
    noindex: true,
  });
}
