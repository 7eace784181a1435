import { dehydrate, type QueryClient } from '@tanstack/react-query';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';
import { defaultDescription, pageTitle, type AppRouteName, type Head } from '../contract/routes.ts';
import { statusOf } from './api/client.ts';
import { createQueryClient } from './api/query-client.ts';
import { AppProviders } from './app-providers.tsx';
import { currentUserQuery } from './features/session/api.ts';
import { renderAppToString } from './preact/server.ts';
import { pageFiles, routes } from './router.tsx';
import { toSentState } from './routing/page-state.ts';
import {
  routeQuery,
  type PageOpinion,
  type RouteArgs,
  type RouteHandle,
} from './routing/route-handle.ts';

/**
 * The web app rendered on the server (docs/decisions/085): the route's page and its queries are
 * known from the address before anything renders, fetched through the server's own API with the
 * reader's cookies, rendered once, and sent with the query cache for the browser to hydrate from.
 */

// The server sets how the app's calls reach its API: each render's own, with its reader's
// cookies (server/plugins/web.render.ts keeps them apart while pages render side by side).
export { setTransport } from './api/client.ts';

export type RenderedPage =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      /** The route's name, and the page module the build manifest knows it by. */
      route: AppRouteName;
      pageFile: string;
      head: Head;
      /** #root's content. */
      html: string;
      /** The query cache as JSON, for the browser's first render. */
      state: unknown;
      /** The opinion whose page it is, if it is one's (the server keeps it until that changes). */
      opinion?: PageOpinion;
    };

const handler = createStaticHandler(routes);

/**
 * A page's status when one of its queries failed, as the page then shows it: missing, removed; a
 * malformed address (a share token of the wrong shape, answered 400) is a missing page.
 */
const pageStatuses = new Map([
  [400, 404],
  [404, 404],
  [410, 410],
]);

export async function render(url: URL): Promise<RenderedPage> {
  const context = await handler.query(new Request(url));
  if (context instanceof Response) {
    return {
      kind: 'redirect',
      status: context.status,
      location: context.headers.get('location') ?? '/',
    };
  }
  const match = context.matches.at(-1);
  const handle = (match?.route.handle ?? {}) as RouteHandle & { name?: AppRouteName };
  const name: AppRouteName = handle.name ?? 'notFound';
  const args: RouteArgs = {
    name,
    params: (match?.params ?? {}) as Record<string, string>,
    search: url.searchParams,
  };
  const queryClient = createQueryClient();
  const status = await fetchPageQueries(queryClient, handle, args, context);
  const location = handle.redirect?.({ ...args, queryClient });
  if (location) return { kind: 'redirect', status: 302, location };
  const html = await renderToString(queryClient, context);
  return {
    kind: 'page',
    status,
    route: name,
    pageFile: pageFiles[name],
    head: handle.head?.({ ...args, queryClient }) ?? {
      title: pageTitle(name, args.params),
      description: defaultDescription,
    },
    html,
    // What the queries answered, failures included; a query still pending (started by a render,
    // never by the server's fetches) is the browser's to ask, and its promise cannot be sent.
    state: toSentState(
      dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status !== 'pending' }),
    ),
    opinion: handle.opinion?.({ ...args, queryClient }),
  };
}

/** Fetches what the page's first screen shows; answers the page's status. */
async function fetchPageQueries(
  queryClient: QueryClient,
  handle: RouteHandle,
  args: RouteArgs,
  context: StaticHandlerContext,
): Promise<number> {
  const queries = handle.queries?.(args) ?? [];
  const statuses = await Promise.all(
    [routeQuery(currentUserQuery()), ...queries].map(async (fetchQuery) => {
      try {
        await fetchQuery(queryClient);
        return 200;
      } catch (error) {
        return statusOf(error) ?? 500;
      }
    }),
  );
  const failed = statuses.find((status) => pageStatuses.has(status));
  if (failed) return pageStatuses.get(failed)!;
  return args.name === 'notFound' ? 404 : context.statusCode;
}

/** The app's markup once everything in it is ready (lazy parts included): one string. */
async function renderToString(
  queryClient: QueryClient,
  context: StaticHandlerContext,
): Promise<string> {
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderAppToString(
    <AppProviders queryClient={queryClient}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
}
