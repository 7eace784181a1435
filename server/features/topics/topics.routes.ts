import type { FastifyInstance } from 'fastify';
import { createTopic, followTopic, getAllTopics } from '../../../contract/opinions.ts';
import type { AppDeps } from '../../app-deps.ts';
import { registerCall } from '../../http.ts';
import * as topicsService from './topics.service.ts';

export function registerTopicRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  registerCall(app, getAllTopics, async () => topicsService.listAllTopics(db));
  registerCall(app, createTopic, async ({ title }, request) =>
    topicsService.createTopic(db, request.user, config.adminEmails, title),
  );
  registerCall(app, followTopic, async (input, request) =>
    topicsService.setTopicFollowed(db, request.user, input),
  );
}
