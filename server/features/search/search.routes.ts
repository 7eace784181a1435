import type { FastifyInstance } from 'fastify';
import { searchAll } from '../../../contract/search.ts';
import type { AppDeps } from '../../app.ts';
import { registerCall } from '../../http.ts';
import { searchEverything } from './search.service.ts';

export function registerSearchRoutes(app: FastifyInstance, { db }: AppDeps) {
  registerCall(app, searchAll, async ({ q }) => ({ Results: await searchEverything(db, q) }));
}
