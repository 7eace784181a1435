import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { matchAppRoute, type AppRouteName, type Head } from '../../contract/routes.ts';
import type { Change } from '../cache-changes.ts';
import { cachesPerDatabase, createReadCache } from '../read-cache.ts';
import type { Db } from '../db/database.ts';
import { sessionCookieName } from './session.ts';

/**
 * Server rendering of the web app (docs/decisions/085): the build's server entry renders a route
 * with the app's own components; this module gives it the server's API in-process, finds the
 * route's stylesheets and scripts in the build manifest, and keeps visitors' pages for the read
 * cache's time.
 */

type Transport = (url: string, init: RequestInit) => Promise<Response>;

type ServerEntry = {
  render(url: URL): Promise<RenderedPage>;
  setTransport(transport: Transport): void;
};

type ManifestChunk = {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
};
type Manifest = Record<string, ManifestChunk>;

/** A page as the build's server entry renders it (web/entry-server.tsx). */
export type RenderedPage =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      /** The page module the build manifest knows the route by (web/router.tsx's pageFiles). */
      pageFile: string;
      head: Head;
      /** #root's content. */
      html: string;
      /** The query cache as JSON, for the browser's first render. */
      state: unknown;
      /** The opinion whose page it is, if it is one's (kept until that opinion changes). */
      opinion?: PageOpinion;
    };

/** The opinion an opinion's page is about: its id and its topics' ids. */
export type PageOpinion = { id: number; topicIds: number[] };

/** A page's own files, beyond the entry's: linked in the head so they load with the HTML. */
export type PageAssets = { stylesheets: string[]; scripts: string[] };

export type PageRenderer = {
  render(request: FastifyRequest, pathAndQuery: string): Promise<RenderedPage>;
  assetsOf(pageFile: string): PageAssets;
};

/** Where the server build of the web app lies beside the browser's (vite.config.ts). */
export function serverEntryPath(webDir: string): string {
  return path.join(webDir, '..', 'ssr', 'entry-server.js');
}

/**
 * How long an opinion's page is kept for visitors when nothing it shows changes
 * (docs/decisions/088): the changes it shows are announced, so this bounds only what is not (the
 * day its movement chart ends on) and a change another process could not tell.
 */
export const opinionPageMaxAgeMs = 60_000;

/**
 * Visitors' pages are the same for every visitor: kept like the reads they are made of, for
 * READ_CACHE_MS, and dropped on any change but a vote (a page's vote counts may lag like every
 * shared read's, docs/decisions/043). An opinion's page is kept until what it shows changes
 * (docs/decisions/088): dropped when that opinion, its insights or its topics' groups change, and
 * after a vote on it kept only as long as any page: at most READ_CACHE_MS from the vote (a render
 * that began in the READ_CACHE_MS after a vote may have read counts from before it).
 */
const pageCaches = cachesPerDatabase(
  (ttlMs, clock) => {
    /** When each opinion was last voted on, as far as this process heard. */
    const votedAt = new LRUCache<number, number>({ max: 20_000 });
    const pages = createReadCache<RenderedPage>({
      ttlMs,
      maxEntries: 2_000,
      // Keyed by path and query, which any client may vary: what the pages hold together is
      // bounded too, or new query strings alone made it keep 2,000 whole pages (their HTML, data
      // and compressed copies) and the soak's memory rose round after round (docs/decisions/098).
      maxSize: { max: pageCacheMaxCharacters, sizeOf: charactersOf },
      clock,
      expiresAt: (page, loadedAt) => {
        const opinion = opinionOf(page);
        if (!opinion) return loadedAt + ttlMs;
        const isVotedLately = (votedAt.get(opinion.id) ?? -Infinity) > loadedAt - ttlMs;
        return loadedAt + (isVotedLately ? ttlMs : Math.max(ttlMs, opinionPageMaxAgeMs));
      },
    });
    return { pages, votedAt, ttlMs, clock };
  },
  {
    onChange: (caches, change) => {
      if (change.on === 'opinion' && change.what === 'votes') {
        const now = caches.clock();
        caches.votedAt.set(change.id, now);
        caches.pages.expireWhere((page) => opinionOf(page)?.id === change.id, now + caches.ttlMs);
        return;
      }
      caches.pages.deleteWhere((page) => {
        const opinion = opinionOf(page);
        return opinion === undefined || opinionPageShows(opinion, change);
      });
    },
  },
);

/** What the visitors' pages kept hold at most together: their HTML and data, in characters. */
const pageCacheMaxCharacters = 8_000_000;

/** A kept page's size: its HTML and its data as the page carries them (JSON), in characters. */
function charactersOf(page: RenderedPage): number {
  if (page.kind === 'redirect') return page.location.length;
  return page.html.length + (page.state === undefined ? 0 : JSON.stringify(page.state).length);
}

function opinionOf(page: RenderedPage): PageOpinion | undefined {
  return page.kind === 'page' ? page.opinion : undefined;
}

/** Whether an opinion's page shows what changed (other pages are dropped on every change). */
function opinionPageShows(opinion: PageOpinion, change: Change): boolean {
  switch (change.on) {
    case 'opinion':
      return change.id === opinion.id;
    case 'insights':
      return change.opinionId === opinion.id;
    case 'topicGroups':
      // The insights' groups of each of its topics.
      return opinion.topicIds.includes(change.topicId);
    case 'memberDetails':
    case 'norms':
      // A member's own insights and the reports' norms: not on a visitor's opinion page.
      return false;
    default:
      // The quiz it belongs to, an erased member's arguments and good points, and anything new.
      return true;
  }
}

/**
 * The pages kept for visitors: public content, made of shared reads that changes drop
 * (docs/decisions/085). Other pages are rendered for each request.
 */
const visitorsCachedRoutes: ReadonlySet<AppRouteName> = new Set<AppRouteName>([
  'opinionFeed',
  'opinion',
  'topic',
  'allTopics',
  'userProfile',
  'userComments',
  'questionFeed',
  'question',
  'argFeed',
  'encyclopedia',
  'categories',
  'topContributors',
  'latestActivity',
  'article',
  'privacy',
  'cookies',
  'termsOfService',
]);

/** Request headers an API call made for the reader carries: who they are, what they read. */
const forwardedHeaders = ['cookie', 'accept-language', 'user-agent', 'x-forwarded-for'] as const;

/** The web app's server renderer, or null when the server build is absent (tests' fixture app). */
export async function loadPageRenderer(
  app: FastifyInstance,
  options: { db: Db; webDir: string },
): Promise<PageRenderer | null> {
  const entryPath = serverEntryPath(options.webDir);
  const manifestPath = path.join(options.webDir, '.vite', 'manifest.json');
  if (!fs.existsSync(entryPath) || !fs.existsSync(manifestPath)) return null;
  const entry = (await import(pathToFileURL(entryPath).href)) as ServerEntry;
  // The app's calls during a render go to this server's API with the reader's headers; pages
  // render side by side, each with its own.
  const requestTransport = new AsyncLocalStorage<Transport>();
  entry.setTransport((url, init) => {
    const transport = requestTransport.getStore();
    if (!transport) throw new Error('An API call outside a page render');
    return transport(url, init);
  });
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
  const assetsByPage = new Map<string, PageAssets>();

  /** The entry chunk and every chunk it imports statically: the HTML loads them already. */
  const entryClosure = new Set<string>();
  const collectEntry = (key: string) => {
    if (entryClosure.has(key) || !manifest[key]) return;
    entryClosure.add(key);
    for (const imported of manifest[key].imports ?? []) collectEntry(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) collectEntry(key);

  function assetsOf(pageFile: string): PageAssets {
    const held = assetsByPage.get(pageFile);
    if (held) return held;
    const stylesheets = new Set<string>();
    const scripts = new Set<string>();
    // What the entry loads already (index.html names it and its imports) is not named again.
    const seen = new Set(entryClosure);
    const lazyParts = new Set<string>();
    const visit = (key: string, isLazyPart = false) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(key) || chunk.isEntry) return;
      seen.add(key);
      if (!isLazyPart) scripts.add(`/${chunk.file}`);
      for (const css of chunk.css ?? []) stylesheets.add(`/${css}`);
      for (const imported of chunk.imports ?? []) visit(imported, isLazyPart);
      if (!isLazyPart) for (const lazyPart of chunk.dynamicImports ?? []) lazyParts.add(lazyPart);
    };
    visit(`pages/${pageFile}.tsx`);
    // A part the page's own code loads lazily (the insights of docs/decisions/053) is rendered by
    // the server with the page, so its stylesheets go in the head: without them the part showed
    // unstyled until its code came, then moved (docs/decisions/087). Its code still loads when
    // the app reaches it.
    for (const lazyPart of lazyParts) visit(lazyPart, true);
    const assets = { stylesheets: [...stylesheets], scripts: [...scripts] };
    assetsByPage.set(pageFile, assets);
    return assets;
  }

  function renderFresh(request: FastifyRequest, pathAndQuery: string): Promise<RenderedPage> {
    const headers: Record<string, string> = {};
    for (const name of forwardedHeaders) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const url = new URL(pathAndQuery, 'http://stance.local');
    return requestTransport.run(
      async (callUrl, init) => {
        const answer = await app.inject({
          method: (init.method ?? 'GET') as 'GET' | 'POST',
          url: callUrl,
          headers: { ...headers, ...(init.headers as Record<string, string>) },
          payload: typeof init.body === 'string' ? init.body : undefined,
          remoteAddress: request.ip,
        });
        const responseHeaders = new Headers();
        const contentType = answer.headers['content-type'];
        if (typeof contentType === 'string') responseHeaders.set('content-type', contentType);
        return new Response(answer.rawPayload.length > 0 ? answer.rawPayload : null, {
          status: answer.statusCode,
          headers: responseHeaders,
        });
      },
      () => entry.render(url),
    );
  }

  return {
    assetsOf,
    render(request, pathAndQuery) {
      // A member's page is their own; a visitor's public page is every visitor's. Anything else
      // (a shared result, gone at once when its member stops sharing it; e-mail preferences by
      // their link's token; the sign-in pages) is read afresh.
      const isOwn = request.cookies[sessionCookieName] !== undefined;
      const route = matchAppRoute(pathAndQuery.split('?')[0]!)?.name;
      if (isOwn || route === undefined || !visitorsCachedRoutes.has(route)) {
        return renderFresh(request, pathAndQuery);
      }
      return pageCaches(options.db).pages.get(pathAndQuery, () =>
        renderFresh(request, pathAndQuery).then(flattened),
      );
    },
  };
}

/**
 * The page with its HTML in one piece. The renderer builds #root's content by joining strings,
 * and V8 keeps such a string as the tree of its pieces (about 12,000 for a page, 0.4 MB of tree
 * for 50 kB of text) until something reads it whole; a kept page would hold that tree for as long
 * as it is kept. Converting it to a number reads it whole (the trick of the flatstr package):
 * the string then holds its text in one block and the tree is garbage.
 */
function flattened(page: RenderedPage): RenderedPage {
  if (page.kind === 'page') void Number(page.html);
  return page;
}
