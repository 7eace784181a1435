import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchAppRoute, pageTitle, productName } from '../../contract/routes.ts';
import type { Db } from '../db/database.ts';
import { describeOpinionForSharing } from '../features/opinions/opinions.service.ts';
import { findUsernameCased } from '../features/people/people.service.ts';
import { findTopicTitle } from '../features/topics/topics.service.ts';
import { escapeHtml } from '../html.ts';
import { sendFailure } from './errors.ts';

/** SPEC.md §8: what a removed opinion's page says (status 410). */
const removedTitle = 'This content has been removed';

const fallbackIndexHtml = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${productName}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main style="font-family: system-ui; max-width: 40rem; margin: 4rem auto">
<h1>${productName}</h1><p>The web app has not been built yet. Run <code>npm run build</code>, then reload.</p>
</main></body></html>`;

/** The description of every page without one of its own (also index.html's). */
export const defaultDescription =
  'Stance is a public encyclopedia of opinion: vote on opinions, argue for and against, and see where people stand.';

type PageHead = {
  title: string;
  status: number;
  description: string;
  /** Open Graph type: an opinion is an article, everything else the website. */
  type: 'website' | 'article';
};

/**
 * The page's <title>, meta description and Open Graph / Twitter card tags, so that a shared link
 * previews with the opinion's own title and standing before any script runs.
 */
export function renderHead(html: string, head: PageHead, url: string): string {
  const tags = [
    ['og:site_name', productName],
    ['og:type', head.type],
    ['og:title', head.title],
    ['og:description', head.description],
    ['og:url', url],
  ]
    .map(
      ([property, content]) => `<meta property="${property}" content="${escapeHtml(content!)}" />`,
    )
    .concat(
      '<meta name="twitter:card" content="summary" />',
      `<meta name="twitter:title" content="${escapeHtml(head.title)}" />`,
      `<meta name="twitter:description" content="${escapeHtml(head.description)}" />`,
      `<link rel="canonical" href="${escapeHtml(url)}" />`,
    )
    .join('\n    ');
  const description = `<meta name="description" content="${escapeHtml(head.description)}" />`;
  // Replacer functions, not strings: a title may contain `$&`, which a string would expand.
  const withTitle = html.replace(
    /<title>[^<]*<\/title>/,
    () => `<title>${escapeHtml(head.title)}</title>`,
  );
  const descriptionPattern = /<meta\s+name="description"[^>]*>/;
  const withDescription = descriptionPattern.test(withTitle)
    ? withTitle.replace(descriptionPattern, () => description)
    : withTitle.replace('</head>', () => `${description}\n  </head>`);
  return withDescription.replace('</head>', () => `  ${tags}\n  </head>`);
}

/**
 * Serves the built web app: hashed assets with long-lived caching, and index.html for every route
 * of the app with its <title> filled in on the server (so tabs, history and shared links read
 * right before any script runs). Unknown paths get the app's Not found page with status 404;
 * unknown /api paths get JSON.
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

  async function headFor(pathname: string): Promise<PageHead> {
    const page = (title: string, status = 200): PageHead => ({
      title,
      status,
      description: defaultDescription,
      type: 'website',
    });
    const match = matchAppRoute(pathname);
    if (!match || match.name === 'notFound') return page(pageTitle('notFound', {}), 404);
    if (match.name === 'opinion') {
      const opinion = await describeOpinionForSharing(options.db, match.params.slug!);
      if (!opinion) return page(pageTitle('notFound', {}), 404);
      if (opinion.isRemoved) return page(pageTitle('opinion', match.params, removedTitle), 410);
      return {
        title: pageTitle('opinion', match.params, opinion.title),
        status: 200,
        description: opinion.description,
        type: 'article',
      };
    }
    if (match.name === 'topic') {
      const title = await findTopicTitle(options.db, match.params.slug!);
      return title
        ? page(pageTitle('topic', match.params, title))
        : page(pageTitle('notFound', {}), 404);
    }
    if (match.name === 'userProfile' || match.name === 'userComments') {
      const username = await findUsernameCased(options.db, match.params.username!);
      return username
        ? page(pageTitle(match.name, { username }))
        : page(pageTitle('notFound', {}), 404);
    }
    return page(pageTitle(match.name, match.params));
  }

  async function sendApp(request: FastifyRequest, reply: FastifyReply) {
    const pathname = request.url.split('?')[0] ?? '/';
    const head = await headFor(pathname);
    const status = head.status;
    const origin = options.publicUrl ?? `${request.protocol}://${request.host}`;
    const html = renderHead(cachedIndexHtml ?? readIndexHtml(), head, `${origin}${pathname}`);
    return reply
      .code(status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
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
