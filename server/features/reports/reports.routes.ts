import type { FastifyInstance } from 'fastify';
import { getDetailedReport, getQuiz, getUserReports } from '../../../contract/reports.ts';
import type { AppDeps } from '../../app-deps.ts';
import { registerCall } from '../../http.ts';
import * as reportsService from './reports.service.ts';

export function registerReportRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  registerCall(app, getQuiz, async ({ slug }, request) =>
    reportsService.getQuizPage(db, request.member, slug),
  );
  registerCall(app, getUserReports, async (_input, request) =>
    reportsService.getUserReportsPage(db, request.member),
  );
  registerCall(app, getDetailedReport, async ({ name }, request) =>
    reportsService.getDetailedReportPage(db, request.member, name, {
      adminEmails: config.adminEmails,
      minGroupSize: config.minGroupSize,
      privacy: { epsilon: config.dpEpsilon, dailyBudget: config.dpDailyBudget },
      onNormsRequestFailed: (error) =>
        request.log.warn({ err: error }, 'could not queue the report norms recomputation'),
    }),
  );

  // Norms missing or older than 10 minutes are recomputed in the background once the app is up.
  app.addHook('onReady', async () => {
    try {
      await reportsService.requestNormsIfStale(db);
    } catch (error) {
      app.log.warn({ err: error }, 'could not queue the report norms recomputation');
    }
  });
}
