import type { FastifyInstance } from 'fastify';
import { getAllTopics, getTopic } from '../../../contract/opinions.ts';
import type { AppDeps } from '../../app.ts';
import { registerCall } from '../../http.ts';
import { getTopicFeed, listAllTopics } from './topics.service.ts';

export function registerTopicRoutes(app: FastifyInstance, { db }: AppDeps) {
  registerCall(app, getAllTopics, async () => listAllTopics(db));
  registerCall(app, getTopic, async ({ slug, after }, request) =>
    getTopicFeed(db, slug, after, request.user),
  );
}
