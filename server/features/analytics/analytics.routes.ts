import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  exportReport,
  exportReportPayload,
  exportTopicReport,
  exportTopicReportApiPath,
  exportTopicReportPayload,
  filterCommunity,
  getAllVotes,
  getCommunity,
  reportFileName,
} from '../../../contract/analytics.ts';
import type { AppDeps } from '../../app-deps.ts';
import { HttpError, registerCall } from '../../http.ts';
import * as analyticsService from './analytics.service.ts';

/** A CSV download: the file's name, never cached. */
function csvHeaders(fileName: string) {
  return {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${fileName}"`,
    'cache-control': 'no-store',
  };
}

export function registerAnalyticsRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  const optionsFor = (log: { warn: (object: object, message: string) => void }) => ({
    adminEmails: config.adminEmails,
    minGroupSize: config.minGroupSize,
    privacy: { epsilon: config.dpEpsilon, dailyBudget: config.dpDailyBudget },
    onScoresRequestFailed: (error: unknown) =>
      log.warn({ err: error }, 'could not queue the member scores recomputation'),
  });

  registerCall(app, getCommunity, async ({ type }, request) =>
    analyticsService.getCommunity(db, request.user, type, optionsFor(request.log)),
  );
  registerCall(app, filterCommunity, async ({ assessmentType }, request) =>
    analyticsService.filterCommunity(
      db,
      request.user,
      assessmentType,
      request.query,
      optionsFor(request.log),
    ),
  );
  registerCall(app, getAllVotes, async ({ slug }, request) =>
    analyticsService.getAllVotes(db, request.user, slug, request.query, optionsFor(request.log)),
  );

  // The CSV downloads answer text/csv, streamed, so they are plain routes; a failure is the
  // usual JSON envelope.
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    exportReport.path,
    {
      schema: {
        body: z.object(
          { body: exportReportPayload },
          { error: 'The request must be a JSON object of the form {"body": {...}}' },
        ),
      },
    },
    async (request, reply) => {
      const name = request.body.body.assessmentType;
      const stream = await analyticsService.exportReport(
        db,
        request.user,
        name,
        request.query,
        optionsFor(request.log),
      );
      return reply.headers(csvHeaders(reportFileName(name))).send(stream);
    },
  );
  typed.get(
    exportTopicReportApiPath,
    { schema: { querystring: exportTopicReportPayload } },
    async (request, reply) => {
      const { slug, stream } = await analyticsService.exportTopicReport(
        db,
        request.user,
        request.query.slug,
        optionsFor(request.log),
      );
      return reply.headers(csvHeaders(`${slug}-topic-report.csv`)).send(stream);
    },
  );
  // The same file at the staff pages' address. Whoever may not read it, and a staff member
  // arriving without a topic, gets the app's page there, as at /internal/admin: it says 'Access
  // denied' (or where topic reports come from); a script that asks for no page gets the API's
  // 401 or 403.
  app.get(exportTopicReport.path, async (request, reply) => {
    const options = optionsFor(request.log);
    const query = exportTopicReportPayload.safeParse(request.query);
    const wantsPage = (request.headers.accept ?? '').includes('text/html');
    const mayRead = analyticsService.mayExportTopicReports(request.user, options);
    if ((!mayRead || !query.success) && wantsPage) return reply.callNotFound();
    if (!query.success) {
      analyticsService.requireStaff(request.user, 'AdminHub', options.adminEmails);
      throw new HttpError(400, 'slug is required: the topic whose report to download');
    }
    const { slug, stream } = await analyticsService.exportTopicReport(
      db,
      request.user,
      query.data.slug,
      options,
    );
    return reply.headers(csvHeaders(`${slug}-topic-report.csv`)).send(stream);
  });

  // Scores missing or older than 10 minutes are recomputed in the background once the app is up.
  app.addHook('onReady', async () => {
    try {
      await analyticsService.requestMemberScoresIfStale(db);
    } catch (error) {
      app.log.warn({ err: error }, 'could not queue the member scores recomputation');
    }
  });
}
