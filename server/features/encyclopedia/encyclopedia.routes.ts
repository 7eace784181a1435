import type { FastifyInstance } from 'fastify';
import { getEncyclopedia } from '../../../contract/encyclopedia.ts';
import type { AppDeps } from '../../app-deps.ts';
import { registerCall } from '../../http.ts';
import * as encyclopediaService from './encyclopedia.service.ts';

export function registerEncyclopediaRoutes(app: FastifyInstance, { db }: AppDeps) {
  registerCall(app, getEncyclopedia, async () => encyclopediaService.getEncyclopedia(db));
}
