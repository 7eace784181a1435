import type { FastifyInstance } from 'fastify';
import { getEmailPreferences, setEmailPreferences } from '../../../contract/notifications.ts';
import type { AppDeps } from '../../app-deps.ts';
import { registerCall } from '../../http.ts';
import * as emailPrefsService from './emailprefs.service.ts';

export function registerEmailPrefsRoutes(app: FastifyInstance, { db }: AppDeps) {
  registerCall(app, getEmailPreferences, async ({ token }, request) =>
    emailPrefsService.getEmailPreferences(db, request.user, token),
  );
  registerCall(app, setEmailPreferences, async (input, request) =>
    emailPrefsService.setEmailPreferences(db, request.user, input),
  );
}
