import type { FastifyInstance } from 'fastify';
import {
  getSharedReport,
  listShares,
  shareReport,
  unshareReport,
} from '../../../contract/reports.ts';
import type { AppDeps } from '../../app-deps.ts';
import { matchesEtag, notFound, registerCall } from '../../http.ts';
import { enforceRateLimit, type RateRule } from '../../plugins/rate-limit.ts';
import { getResultImage } from './shares.image.ts';
import * as sharesService from './shares.service.ts';

/** Per member: plenty for sharing a few cards, too few to mint links in bulk. */
export const shareRateRules = {
  create: { name: 'report-share', limit: 30, windowMs: 60 * 60_000 },
} satisfies Record<string, RateRule>;

/**
 * A shared result's picture may be reused for ten minutes, then is checked by its ETag. No
 * stale-while-revalidate, unlike an opinion's (docs/decisions/038): once its member stops
 * sharing it, a cache must not go on showing it for a day.
 */
const resultImageCacheControl = 'public, max-age=600';

export function registerShareRoutes(app: FastifyInstance, { db }: AppDeps) {
  registerCall(app, shareReport, async (input, request) => {
    if (request.user) {
      await enforceRateLimit(app.rateLimiter, shareRateRules.create, String(request.user.id));
    }
    return { Share: await sharesService.createShare(db, request.user, input) };
  });

  registerCall(app, listShares, async (_input, request) => ({
    Shares: await sharesService.listMemberShares(db, request.user),
  }));

  registerCall(app, unshareReport, async ({ token }, request) => {
    await sharesService.revokeShare(db, request.user, token);
    return {};
  });

  registerCall(app, getSharedReport, async ({ token }) => ({
    Shared: await sharesService.getSharedResult(db, token),
  }));

  app.get<{ Params: { image: string } }>('/og/report/:image', async (request, reply) => {
    const token = /^(.+)\.png$/.exec(request.params.image)?.[1];
    if (!token) throw notFound();
    const { input, version } = await sharesService.findResultImage(db, token);
    const etag = `"${version}"`;
    reply
      .header('etag', etag)
      .header('cache-control', resultImageCacheControl)
      // Made to be shown on other sites: a chat or a feed may load it straight from here.
      .header('cross-origin-resource-policy', 'cross-origin');
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type('image/png').send(await getResultImage(input, version));
  });
}
