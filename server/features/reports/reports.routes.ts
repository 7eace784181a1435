import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { getDetailedReport, getQuiz, getUserReports } from '../../../contract/reports.ts';
import type { AppDeps } from '../../app-deps.ts';
import { HttpError, registerCall } from '../../http.ts';
import * as reportsService from './reports.service.ts';

/** The development route's body: whose subscription, and which status. */
const devSubscriptionBody = z.object(
  {
    username: z
      .string({ error: 'username is required' })
      .trim()
      .min(1, 'username is required')
      .max(100, 'username is too long'),
    status: z.enum(reportsService.devSubscriptionStatuses, {
      error: `status must be one of ${reportsService.devSubscriptionStatuses.map((status) => `"${status}"`).join(', ')}`,
    }),
  },
  { error: 'The request must be a JSON object {"username": …, "status": …}' },
);

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

  if (config.isProduction) return;
  /**
   * Sets a member's subscription status, for the browser journeys until payments land. Outside
   * production only, and only for this machine (plugins/dev-only.ts), like /dev/mail.
   */
  app.post('/dev/subscription', async (request, reply) => {
    const parsed = devSubscriptionBody.safeParse(request.body);
    if (!parsed.success) {
      throw new HttpError(400, parsed.error.issues.map((issue) => issue.message).join('; '));
    }
    const { username, status } = parsed.data;
    await reportsService.setSubscriptionStatusForDevelopment(db, username, status);
    return reply
      .header('cache-control', 'no-store')
      .send({ success: true, body: { Username: username, SubscriptionStatus: status } });
  });
}
