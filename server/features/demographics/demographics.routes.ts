import type { FastifyInstance } from 'fastify';
import { getDemographics, setDemographics } from '../../../contract/demographics.ts';
import type { AppDeps } from '../../app-deps.ts';
import { registerCall } from '../../http.ts';
import * as demographicsService from './demographics.service.ts';

export function registerDemographicsRoutes(app: FastifyInstance, { db }: AppDeps) {
  registerCall(app, getDemographics, async (_input, request) =>
    demographicsService.getDemographics(db, request.user),
  );
  registerCall(app, setDemographics, async (input, request) =>
    demographicsService.setDemographics(db, request.user, input),
  );
}
