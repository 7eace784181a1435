import type { FastifyInstance } from 'fastify';
import { userFeed } from '../../../contract/opinions.ts';
import type { AppDeps } from '../../app.ts';
import { registerCall } from '../../http.ts';
import { listFeed } from './feed.service.ts';

export function registerFeedRoutes(app: FastifyInstance, { db }: AppDeps) {
  registerCall(app, userFeed, async ({ after }, request) =>
    listFeed(db, { viewer: request.member, after }),
  );
}
