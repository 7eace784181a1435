import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  appCodeTemplateId,
  appRoutes,
  defaultDescription,
  matchAppRoute,
  pageStateElementId,
  pageTitle,
  productName,
  type Head,
} from '../../contract/routes.ts';
import type { Db } from '../db/database.ts';
import { registerSeoRoutes } from '../features/seo/seo.routes.ts';
import { escapeHtml } from '../html.ts';
import { sendFailure } from './errors.ts';
import { loadPageRenderer, type PageAssets } from './web.render.ts';

export { defaultDescription };

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A page compressed for the client, as the compression plugin does API bodies (brotli quality 5,
 * else gzip; docs/decisions/023-performance-machinery.md#compressed-bodies), on libuv's thread pool: the app's routes are served by the
 * not-found handler, which @fastify/compress leaves alone (docs/decisions/044).
 */
function negotiateEncoding(
  byteLength: number,
  acceptEncoding: string | undefined,
): 'br' | 'gzip' | null {
  // Below 1 KB (a page without server-rendered content) compression saves next to nothing.
  const isWorthIt = byteLength >= 1024 && acceptEncoding !== undefined;
  return isWorthIt ? (negotiate(acceptEncoding, ['br', 'gzip']) as 'br' | 'gzip' | null) : null;
}

async function compressPage(
  html: string,
  acceptEncoding: string | undefined,
): Promise<{ body: Buffer; encoding: 'br' | 'gzip' | null }> {
  const bytes = Buffer.from(html, 'utf8');
  const encoding = negotiateEncoding(bytes.length, acceptEncoding);
  if (encoding === 'br') {
    const params = {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    };
    return { body: await brotliCompress(bytes, { params }), encoding };
  }
  if (encoding === 'gzip') return { body: await gzip(bytes), encoding };
  return { body: bytes, encoding: null };
}

type SentPage = { body: Buffer; encoding: 'br' | 'gzip' | null };

/**
 * What a rendered page was sent as, per address and encoding, kept as long as the page is: a
 * visitors' page comes from the page cache as the same object, so the HTML is assembled (its state
 * turned into JSON) and compressed once per encoding for every visitor of its cache time, not for
 * each request. A member's render is a new object each time and keeps nothing past its request.
 */
const sentPages = new WeakMap<object, Map<string, Promise<SentPage>>>();

function sendOnce(page: object, key: string, send: () => Promise<SentPage>): Promise<SentPage> {
  let byKey = sentPages.get(page);
  if (!byKey) {
    byKey = new Map();
    sentPages.set(page, byKey);
  }
  let sent = byKey.get(key);
  if (!sent) {
    sent = send();
    // A failed compression is not kept: the next request tries again.
    sent.catch(() => byKey.delete(key));
    byKey.set(key, sent);
  }
  return sent;
}

const fallbackIndexHtml = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${productName}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main style="font-family: system-ui; max-width: 40rem; margin: 4rem auto">
<h1>${productName}</h1><p>The web app has not been built yet. Run <code>npm run build</code>, then reload.</p>
</main></body></html>`;

/** What goes into index.html for one page: its head, its files, #root's content and its data. */
export type PageParts = {
  head: Head;
  assets?: PageAssets;
  html?: string;
  state?: unknown;
};

/**
 * The page's <title>, meta description, canonical and Open Graph / Twitter card tags (so a
 * shared link previews with the page's own title, description and share image before any script
 * runs), its stylesheets and scripts, the app rendered into #root, and the query cache it was
 * rendered from as a JSON data block for the browser to hydrate from (docs/decisions/085).
 */
export function renderPage(html: string, page: PageParts, url: string, origin: string): string {
  const { head } = page;
  const image = head.image;
  const description = head.description ?? defaultDescription;
  const metaProperty = (property: string, content: string) =>
    `<meta property="${property}" content="${escapeHtml(content)}" />`;
  const metaName = (name: string, content: string) =>
    `<meta name="${name}" content="${escapeHtml(content)}" />`;
  const tags = [
    metaProperty('og:site_name', productName),
    metaProperty('og:type', head.type ?? 'website'),
    metaProperty('og:title', head.title),
    metaProperty('og:description', description),
    metaProperty('og:url', url),
    ...(image
      ? [
          metaProperty('og:image', `${origin}${image.path}`),
          metaProperty('og:image:type', 'image/png'),
          metaProperty('og:image:width', String(image.width)),
          metaProperty('og:image:height', String(image.height)),
          metaProperty('og:image:alt', image.alt),
        ]
      : []),
    metaName('twitter:card', image ? 'summary_large_image' : 'summary'),
    metaName('twitter:title', head.title),
    metaName('twitter:description', description),
    ...(image
      ? [
          metaName('twitter:image', `${origin}${image.path}`),
          metaName('twitter:image:alt', image.alt),
        ]
      : []),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...(head.noindex ? [metaName('robots', 'noindex')] : []),
    ...(page.assets?.stylesheets ?? []).map(
      (href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}" />`,
    ),
  ].join('\n    ');
  // The page's own code, preloaded with the app's once the app starts: after the first paint
  // (web/boot.ts, docs/decisions/087).
  const preloads = (page.assets?.scripts ?? [])
    .map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`)
    .join('');
  const descriptionTag = metaName('description', description);
  // Replacer functions, not strings: a title may contain `$&`, which a string would expand.
  const withTitle = html.replace(
    /<title>[^<]*<\/title>/,
    () => `<title>${escapeHtml(head.title)}</title>`,
  );
  const descriptionPattern = /<meta\s+name="description"[^>]*>/;
  const withDescription = descriptionPattern.test(withTitle)
    ? withTitle.replace(descriptionPattern, () => descriptionTag)
    : withTitle.replace('</head>', () => `${descriptionTag}\n  </head>`);
  // The built index.html holds the app's code there until the first paint (web/boot.ts).
  const appCode = `<template id="${appCodeTemplateId}">`;
  const withHead = withDescription
    .replace('</head>', () => `  ${tags}\n  </head>`)
    .replace(appCode, () => `${appCode}${preloads}`);
  // JSON in a data block: `<` escaped, so no value can close the element.
  const data =
    page.state === undefined
      ? ''
      : `\n<script type="application/json" id="${pageStateElementId}">` +
        `${JSON.stringify(page.state).replaceAll('<', '\\u003c')}</script>`;
  return page.html === undefined
    ? withHead
    : withHead.replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>${data}`);
}

/**
 * Serves the built web app: hashed assets with long-lived caching, and index.html for every route
 * of the app with its <title> filled in on the server (so tabs, history and shared links read
 * right before any script runs). Opinion, topic and profile pages also carry their content,
 * rendered on the server for crawlers and readers without JavaScript, and the site answers
 * robots.txt, the sitemap, favicon.ico and share images (docs/decisions/038). Unknown paths get
 * the app's Not found page with status 404; unknown /api paths get JSON.
 */
export async function registerWeb(
  app: FastifyInstance,
  options: {
    db: Db;
    webDir: string;
    isProduction: boolean;
    /** Where the site is public; shared links and og:url use it. */
    publicUrl?: string;
  },
) {
  const indexPath = path.join(options.webDir, 'index.html');
  const readIndexHtml = () =>
    fs.existsSync(indexPath) ? fs.readFileSync(indexPath, 'utf8') : fallbackIndexHtml;
  // In production the build never changes under a running server; in development a rebuild
  // renames the assets, so the page is read afresh.
  const cachedIndexHtml = options.isProduction ? readIndexHtml() : null;

  if (fs.existsSync(options.webDir)) {
    await app.register(fastifyStatic, {
      root: options.webDir,
      wildcard: false,
      index: false,
      serve: true,
      setHeaders(response, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        response.header(
          'cache-control',
          isHashedAsset ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  registerSeoRoutes(app, { db: options.db, publicUrl: options.publicUrl });

  // `/home` is the front door under another name: one landing, one address for links and search
  // engines (docs/decisions/073). The query string goes along.
  app.get(appRoutes.home, async (request, reply) => {
    const query = request.url.indexOf('?');
    return reply.redirect(
      `${appRoutes.opinionFeed}${query === -1 ? '' : request.url.slice(query)}`,
      301,
    );
  });

  const renderer = await loadPageRenderer(app, { db: options.db, webDir: options.webDir });

  /** A page without the server build: its title and status only, the app renders the rest. */
  function titleOnlyPage(pathname: string): { status: number; parts: PageParts } {
    const match = matchAppRoute(pathname);
    const name = !match || match.name === 'notFound' ? 'notFound' : match.name;
    return {
      status: name === 'notFound' ? 404 : 200,
      parts: { head: { title: pageTitle(name, match?.params ?? {}) } },
    };
  }

  async function sendApp(request: FastifyRequest, reply: FastifyReply) {
    const pathname = request.url.split('?')[0] ?? '/';
    const origin = options.publicUrl ?? `${request.protocol}://${request.host}`;
    const acceptEncoding = request.headers['accept-encoding'];
    let status: number;
    let sent: SentPage;
    // PostgreSQL text cannot hold U+0000, so no slug or name has one, and a look-up with it fails:
    // such an address, or one that does not decode, is the Not found page.
    const decoded = safeDecode(pathname);
    const isReadable = decoded !== null && !decoded.includes('\u0000');
    if (!renderer) {
      const page = titleOnlyPage(isReadable ? pathname : appRoutes.notFound);
      status = page.status;
      const html = renderPage(
        cachedIndexHtml ?? readIndexHtml(),
        page.parts,
        `${origin}${pathname}`,
        origin,
      );
      sent = await compressPage(html, acceptEncoding);
    } else {
      const page = await renderer.render(request, isReadable ? request.url : appRoutes.notFound);
      if (page.kind === 'redirect') return reply.redirect(page.location, page.status);
      status = page.status;
      const assemble = () =>
        renderPage(
          cachedIndexHtml ?? readIndexHtml(),
          {
            head: page.head,
            assets: renderer.assetsOf(page.pageFile),
            html: page.html,
            state: page.state,
          },
          `${origin}${pathname}`,
          origin,
        );
      // Requests taking the same encoding get the same bytes: compressPage decides by it alone
      // for a given page.
      const taken = acceptEncoding === undefined ? null : negotiate(acceptEncoding, ['br', 'gzip']);
      const guess = taken ?? 'identity';
      sent = await sendOnce(page, `${origin}${pathname}|${guess}`, () =>
        compressPage(assemble(), acceptEncoding),
      );
    }
    const { body, encoding } = sent;
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .code(status)
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8')
      .send(body);
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      request.url !== '/api';
    if (!isPageRequest) {
      return sendFailure(
        reply,
        404,
        `Not found: there is no ${request.method} ${request.url.split('?')[0]}`,
      );
    }
    if (!options.isProduction && request.url.startsWith('/assets/')) {
      // The static routes list the files found at start; a rebuild under a running development
      // server renames the assets, so look the new ones up on disk.
      const relative = safeDecode(request.url.split('?')[0]!.slice(1));
      const isInside = relative !== null && !relative.split('/').includes('..');
      if (isInside && fs.existsSync(path.join(options.webDir, relative))) {
        return reply.sendFile(relative);
      }
    }
    return sendApp(request, reply);
  });
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}
