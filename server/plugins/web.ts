import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchAppRoute, pageTitle, productName } from '../../contract/routes.ts';
import type { Db } from '../db/database.ts';
import { findOpinionTitle } from '../features/opinions/opinions.service.ts';
import { findTopicTitle } from '../features/topics/topics.service.ts';
import { escapeHtml } from '../html.ts';
import { sendFailure } from './errors.ts';

const fallbackIndexHtml = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${productName}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main style="font-family: system-ui; max-width: 40rem; margin: 4rem auto">
<h1>${productName}</h1><p>The web app has not been built yet. Run <code>npm run build</code>, then reload.</p>
</main></body></html>`;

/**
 * Serves the built web app: hashed assets with long-lived caching, and index.html for every route
 * of the app with its <title> filled in on the server (so tabs, history and shared links read
 * right before any script runs). Unknown paths get the app's Not found page with status 404;
 * unknown /api paths get JSON.
 */
export async function registerWeb(
  app: FastifyInstance,
  options: { db: Db; webDir: string; isProduction: boolean },
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

  async function titleFor(pathname: string): Promise<{ title: string; status: number }> {
    const match = matchAppRoute(pathname);
    if (!match) return { title: pageTitle('notFound', {}), status: 404 };
    if (match.name === 'notFound') return { title: pageTitle('notFound', {}), status: 404 };
    if (match.name === 'opinion') {
      const title = await findOpinionTitle(options.db, match.params.slug!);
      return title
        ? { title: pageTitle('opinion', match.params, title), status: 200 }
        : { title: pageTitle('notFound', {}), status: 404 };
    }
    if (match.name === 'topic') {
      const title = await findTopicTitle(options.db, match.params.slug!);
      return title
        ? { title: pageTitle('topic', match.params, title), status: 200 }
        : { title: pageTitle('notFound', {}), status: 404 };
    }
    return { title: pageTitle(match.name, match.params), status: 200 };
  }

  async function sendApp(request: FastifyRequest, reply: FastifyReply) {
    const pathname = request.url.split('?')[0] ?? '/';
    const { title, status } = await titleFor(pathname);
    const html = (cachedIndexHtml ?? readIndexHtml()).replace(
      /<title>[^<]*<\/title>/,
      `<title>${escapeHtml(title)}</title>`,
    );
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
    return sendApp(request, reply);
  });
}
