import type { FastifyInstance } from 'fastify';
import { getOpinion } from '../../../contract/opinions.ts';
import type { AppDeps } from '../../app.ts';
import { registerCall } from '../../http.ts';
import { getOpinionPage } from './opinions.service.ts';

export function registerOpinionRoutes(app: FastifyInstance, { db }: AppDeps) {
  registerCall(app, getOpinion, async ({ slug }, request) =>
    getOpinionPage(db, slug, request.user),
  );
}
