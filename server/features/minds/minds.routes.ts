import type { FastifyInstance } from 'fastify';
import { creditPersuasion, getOpinionHistory, getOpinionTrend } from '../../../contract/minds.ts';
import type { AppDeps } from '../../app-deps.ts';
import { HttpError, registerCall } from '../../http.ts';
import * as mindsService from './minds.service.ts';

export function registerMindsRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  registerCall(app, getOpinionTrend, async ({ id }) =>
    mindsService.getOpinionTrend(db, id, config.minGroupSize),
  );

  // Private: the member's own history only; there is no way to name anyone else's.
  registerCall(app, getOpinionHistory, async ({ after }, request) => {
    if (!request.user) throw new HttpError(401, 'Please log in to see your history');
    return mindsService.listOpinionHistory(db, request.user, after);
  });

  registerCall(app, creditPersuasion, async ({ commentID }, request) => {
    if (!request.user) {
      throw new HttpError(401, 'Please log in or sign up to say what changed your mind');
    }
    return mindsService.creditPersuasion(db, request.user, commentID);
  });
}
