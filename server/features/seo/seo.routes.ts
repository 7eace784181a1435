import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { matchesEtag, notFound } from '../../http.ts';
import {
  getFavicon,
  getManifest,
  getPngIcon,
  manifestContentType,
  pngIcons,
  type PngIconPath,
} from './seo.icons.ts';
import { getProfileImage, getQuestionImage } from './seo.page-images.ts';
import {
  findOpinionShareImage,
  findProfileShareImage,
  findQuestionShareImage,
} from './seo.service.ts';
import { getShareImage } from './seo.share-image.ts';
import {
  composeRobotsTxt,
  composeSitemapIndexXml,
  composeSitemapXml,
  getSitemap,
  getSitemapPart,
} from './seo.sitemap.ts';

/**
 * A share image may be reused for ten minutes, then is checked by its ETag; its address in a
 * page carries the version, so a new vote reaches new previews at once (docs/decisions/038).
 */
/** Icons and the manifest change only with a release: a day, then asked again. */
const iconCacheControl = 'public, max-age=86400';

const shareImageCacheControl = 'public, max-age=600, stale-while-revalidate=86400';

/**
 * What crawlers, link previews and home screens fetch besides pages: robots.txt, the sitemap,
 * favicon.ico, the PNG icons and the web app manifest, and the share images of opinions,
 * questions and members. Plain routes, not JSON calls; registered by the web plugin.
 */
export function registerSeoRoutes(
  app: FastifyInstance,
  options: {
    db: Db;
    publicUrl?: string;
    /** Addresses per sitemap file: 50,000 (sitemaps.org's limit) unless a test lowers it. */
    sitemapUrlsPerFile?: number;
  },
) {
  const originOf = (request: FastifyRequest) =>
    options.publicUrl ?? `${request.protocol}://${request.host}`;

  app.get('/robots.txt', async (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(composeRobotsTxt(originOf(request))),
  );

  app.get('/sitemap.xml', async (request, reply) => {
    const sitemap = await getSitemap(options.db, options.sitemapUrlsPerFile);
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        sitemap.kind === 'urlset'
          ? composeSitemapXml(originOf(request), sitemap.entries)
          : composeSitemapIndexXml(originOf(request), sitemap.partCount),
      );
  });

  // The parts of the sitemap index, /sitemap-1.xml onwards, once the sitemap needs one.
  app.get<{ Params: { part: string } }>('/sitemap-:part.xml', async (request, reply) => {
    const number = /^[1-9]\d{0,8}$/.test(request.params.part) ? Number(request.params.part) : 0;
    const entries =
      number === 0 ? null : await getSitemapPart(options.db, number, options.sitemapUrlsPerFile);
    if (!entries) throw notFound();
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(composeSitemapXml(originOf(request), entries));
  });

  app.get('/favicon.ico', async (_request, reply) =>
    reply
      .type('image/x-icon')
      .header('cache-control', iconCacheControl)
      .send(await getFavicon()),
  );

  // The home-screen and install icons, and the manifest that names them (docs/decisions/069).
  for (const iconPath of Object.keys(pngIcons) as PngIconPath[]) {
    app.get(iconPath, async (_request, reply) =>
      reply
        .type('image/png')
        .header('cache-control', iconCacheControl)
        .send(await getPngIcon(iconPath)),
    );
  }
  app.get('/manifest.webmanifest', async (_request, reply) =>
    reply
      .type(manifestContentType)
      .header('cache-control', iconCacheControl)
      .send(await getManifest()),
  );

  /**
   * A page's share image at `/og/<kind>/<key>.png`: drawn from what the page shows a visitor,
   * versioned by it (the ETag), reusable for a while (docs/decisions/038).
   */
  function shareImageRoute<Input>(
    kind: string,
    find: (key: string) => Promise<{ input: Input; version: string }>,
    draw: (input: Input, version: string) => Promise<Buffer>,
  ) {
    app.get<{ Params: { image: string } }>(`/og/${kind}/:image`, async (request, reply) => {
      const key = /^(.+)\.png$/.exec(request.params.image)?.[1];
      // PostgreSQL text cannot hold U+0000, so no slug or name has one, and a look-up fails.
      if (!key || key.includes('\u0000')) throw notFound();
      const { input, version } = await find(key);
      const etag = `"${version}"`;
      reply
        .header('etag', etag)
        .header('cache-control', shareImageCacheControl)
        // Made to be shown on other sites: a chat or a feed may load it straight from here.
        .header('cross-origin-resource-policy', 'cross-origin');
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.type('image/png').send(await draw(input, version));
    });
  }

  shareImageRoute('opinion', (slug) => findOpinionShareImage(options.db, slug), getShareImage);
  shareImageRoute('question', (slug) => findQuestionShareImage(options.db, slug), getQuestionImage);
  shareImageRoute(
    'profile',
    (username) => findProfileShareImage(options.db, username),
    getProfileImage,
  );
}
