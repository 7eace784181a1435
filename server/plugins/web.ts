import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { appRoutes, matchAppRoute, pageTitle, productName } from '../../contract/routes.ts';
import type { Db } from '../db/database.ts';
import { findUsernameCased } from '../features/people/people.service.ts';
import {
  defaultDescription,
  isServerRendered,
  notFoundPage,
  renderServerPage,
  type ServerPage,
} from '../features/seo/seo.pages.ts';
import { registerSeoRoutes } from '../features/seo/seo.routes.ts';
import { escapeHtml } from '../html.ts';
import { sendFailure } from './errors.ts';
import { sessionCookieName } from './session.ts';

export { defaultDescription };

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A page compressed for the client, as the compression plugin does API bodies (brotli quality 5,
 * else gzip; docs/decisions/023-performance-machinery.md#compressed-bodies), on libuv's thread pool: the app's routes are served by the
 * not-found handler, which @fastify/compress leaves alone (docs/decisions/044).
 */
async function compressPage(
  html: string,
  acceptEncoding: string | undefined,
): Promise<{ body: Buffer; encoding: 'br' | 'gzip' | null }> {
  const bytes = Buffer.from(html, 'utf8');
  // Below 1 KB (a page without server-rendered content) compression saves next to nothing.
  const isWorthIt = bytes.length >= 1024 && acceptEncoding !== undefined;
  const encoding = isWorthIt ? negotiate(acceptEncoding, ['br', 'gzip']) : null;
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

const fallbackIndexHtml = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${productName}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main style="font-family: system-ui; max-width: 40rem; margin: 4rem auto">
<h1>${productName}</h1><p>The web app has not been built yet. Run <code>npm run build</code>, then reload.</p>
</main></body></html>`;

/**
 * The page's <title>, meta description and Open Graph / Twitter card tags, so that a shared link
 * previews with the opinion's own title, standing and share image before any script runs; and
 * the server-rendered content inside #root (docs/decisions/038), which the app replaces.
 */
export function renderPage(html: string, page: ServerPage, url: string, origin: string): string {
  const image = page.image;
  const metaProperty = (property: string, content: string) =>
    `<meta property="${property}" content="${escapeHtml(content)}" />`;
  const metaName = (name: string, content: string) =>
    `<meta name="${name}" content="${escapeHtml(content)}" />`;
  const tags = [
    metaProperty('og:site_name', productName),
    metaProperty('og:type', page.type),
    metaProperty('og:title', page.title),
    metaProperty('og:description', page.description),
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
    metaName('twitter:title', page.title),
    metaName('twitter:description', page.description),
    ...(image
      ? [
          metaName('twitter:image', `${origin}${image.path}`),
          metaName('twitter:image:alt', image.alt),
        ]
      : []),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...(page.noindex ? [metaName('robots', 'noindex')] : []),
  ].join('\n    ');
  const description = metaName('description', page.description);
  // Replacer functions, not strings: a title may contain `$&`, which a string would expand.
  const withTitle = html.replace(
    /<title>[^<]*<\/title>/,
    () => `<title>${escapeHtml(page.title)}</title>`,
  );
  const descriptionPattern = /<meta\s+name="description"[^>]*>/;
  const withDescription = descriptionPattern.test(withTitle)
    ? withTitle.replace(descriptionPattern, () => description)
    : withTitle.replace('</head>', () => `${description}\n  </head>`);
  const withHead = withDescription.replace('</head>', () => `  ${tags}\n  </head>`);
  // JSON in a data block: `<` escaped, so no value can close the element.
  const data = page.data
    ? `\n<script type="application/json" id="${page.data.id}">` +
      `${JSON.stringify(page.data.value).replaceAll('<', '\\u003c')}</script>`
    : '';
  return page.body
    ? withHead.replace('<div id="root"></div>', () => `<div id="root">${page.body}</div>${data}`)
    : withHead;
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

  /**
   * The page for a path: opinions, topics and profiles rendered on the server with their content;
   * every other route of the app with its title and an empty #root; anything else Not found.
   */
  async function pageFor(pathname: string, hasSession: boolean): Promise<ServerPage> {
    const page = (title: string): ServerPage => ({
      title,
      status: 200,
      description: defaultDescription,
      type: 'website',
      body: '',
    });
    const match = matchAppRoute(pathname);
    if (!match || match.name === 'notFound') return notFoundPage();
    // PostgreSQL text cannot hold U+0000, so no slug or name has one, and a look-up with it fails.
    if (Object.values(match.params).some((value) => value.includes('\u0000'))) {
      return notFoundPage();
    }
    // A member's feed is their own: the app asks for it (docs/decisions/046).
    if (match.name === 'opinionFeed' && hasSession) return page(pageTitle(match.name, {}));
    if (isServerRendered(match.name)) {
      return renderServerPage(options.db, match.name, match.params);
    }
    if (match.name === 'userComments') {
      const username = await findUsernameCased(options.db, match.params.username!);
      return username ? page(pageTitle(match.name, { username })) : notFoundPage();
    }
    return page(pageTitle(match.name, match.params));
  }

  async function sendApp(request: FastifyRequest, reply: FastifyReply) {
    const pathname = request.url.split('?')[0] ?? '/';
    const page = await pageFor(pathname, request.cookies[sessionCookieName] !== undefined);
    const origin = options.publicUrl ?? `${request.protocol}://${request.host}`;
    const indexHtml = cachedIndexHtml ?? readIndexHtml();
    const html = renderPage(indexHtml, page, `${origin}${pathname}`, origin);
    const { body, encoding } = await compressPage(html, request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .code(page.status)
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
