import type { FastifyInstance } from 'fastify';
import {
  searchAll,
  searchOpinions,
  searchResultsPage,
  searchTopics,
} from '../../../contract/search.ts';
import type { AppDeps } from '../../app-deps.ts';
import { registerCall } from '../../http.ts';
import * as searchService from './search.service.ts';

export function registerSearchRoutes(app: FastifyInstance, { db }: AppDeps) {
  registerCall(app, searchAll, async ({ q }) => ({
    Results: await searchService.searchEverything(db, q),
  }));
  registerCall(app, searchResultsPage, async ({ q, after }) =>
    searchService.searchResultsPage(db, q, after),
  );
  registerCall(app, searchOpinions, async ({ q }) => ({
    Results: await searchService.searchOpinions(db, q),
  }));
  registerCall(app, searchTopics, async ({ q }) => ({
    Results: await searchService.searchTopics(db, q),
  }));
}
