import type { FastifyInstance } from 'fastify';
import {
  castVote,
  createOpinion,
  deleteOpinion,
  editOpinion,
  getOpinion,
} from '../../../contract/opinions.ts';
import type { AppDeps } from '../../app-deps.ts';
import { HttpError, registerCall } from '../../http.ts';
import { clearSessionCookie } from '../../plugins/session.ts';
import * as opinionsService from './opinions.service.ts';

export function registerOpinionRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  registerCall(
    app,
    getOpinion,
    async ({ slug }, request, reply) =>
      opinionsService.getOpinionPage(db, slug, {
        sessionTokenHash: request.sessionTokenHash,
        // A dead session's cookie is removed, so the browser stops sending it.
        onDeadSession: () => clearSessionCookie(request, reply, config),
        adminEmails: config.adminEmails,
        minGroupSize: config.minGroupSize,
      }),
    // The session and the member's rating are one look-up (docs/decisions/023-performance-machinery.md#batching).
    { resolvesOwnSession: true },
  );
  registerCall(
    app,
    castVote,
    async ({ id, rating }, request, reply) => {
      try {
        return await opinionsService.castVoteInSession(db, request.sessionTokenHash, id, rating, {
          insightsSettleMs: config.insightsSettleMs,
        });
      } catch (error) {
        // A dead session's cookie is removed, so the browser stops sending it.
        if (error instanceof HttpError && error.statusCode === 401 && request.sessionTokenHash) {
          clearSessionCookie(request, reply, config);
        }
        throw error;
      }
    },
    { resolvesOwnSession: true },
  );
  registerCall(app, createOpinion, async (input, request) =>
    opinionsService.createOpinion(db, request.user, config.adminEmails, input),
  );
  registerCall(app, editOpinion, async (input, request) =>
    opinionsService.editOpinion(db, request.user, config.adminEmails, input),
  );
  registerCall(app, deleteOpinion, async (input, request) =>
    opinionsService.setOpinionDeleted(db, request.user, config.adminEmails, input),
  );
}
