import type { FastifyInstance } from 'fastify';
import { getTopic, userFeed } from '../../../contract/opinions.ts';
import type { AppDeps } from '../../app-deps.ts';
import { registerCall } from '../../http.ts';
import { getTopicFeed, listFeed } from './feed.service.ts';

export function registerFeedRoutes(app: FastifyInstance, { db }: AppDeps) {
  registerCall(app, userFeed, async ({ after }, request) =>
    listFeed(db, { viewer: request.member, after }),
  );
  registerCall(app, getTopic, async ({ slug, after }, request) =>
    getTopicFeed(db, slug, after, request.member),
  );
}
