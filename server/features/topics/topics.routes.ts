import type { FastifyInstance } from 'fastify';
import { createTopic, followTopic, getAllTopics, getTopic } from '../../../contract/opinions.ts';
import type { AppDeps } from '../../app.ts';
import { registerCall } from '../../http.ts';
import * as topicsService from './topics.service.ts';

export function registerTopicRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  registerCall(app, getAllTopics, async () => topicsService.listAllTopics(db));
  registerCall(app, getTopic, async ({ slug, after }, request) =>
    topicsService.getTopicFeed(db, slug, after, request.member),
  );
  registerCall(app, createTopic, async ({ title }, request) =>
    topicsService.createTopic(db, request.user, config.adminEmails, title),
  );
  registerCall(app, followTopic, async (input, request) =>
    topicsService.setTopicFollowed(db, request.user, input),
  );
}
