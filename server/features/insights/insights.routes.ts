import type { FastifyInstance } from 'fastify';
import { getInsights, getTopicGroups } from '../../../contract/insights.ts';
import type { AppDeps } from '../../app-deps.ts';
import { registerCall } from '../../http.ts';
import { clearSessionCookie } from '../../plugins/session.ts';
import * as insightsService from './insights.service.ts';

export function registerInsightRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  registerCall(
    app,
    getInsights,
    async ({ opinionID }, request, reply) =>
      insightsService.getInsights(
        db,
        {
          tokenHash: request.sessionTokenHash,
          // A dead session's cookie is removed, so the browser stops sending it.
          onDeadSession: () => clearSessionCookie(request, reply, config),
        },
        opinionID,
        config.minGroupSize,
      ),
    // The session and the member's rating are one look-up, as on the opinion page.
    { resolvesOwnSession: true },
  );
  registerCall(app, getTopicGroups, async ({ slug }, request) =>
    insightsService.getTopicGroups(db, request.user, slug),
  );
}
