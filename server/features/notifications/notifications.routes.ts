import type { FastifyInstance } from 'fastify';
import { getNotifications } from '../../../contract/notifications.ts';
import type { AppDeps } from '../../app-deps.ts';
import { HttpError, registerCall } from '../../http.ts';
import { listNotificationsFor } from './notifications.service.ts';

export function registerNotificationRoutes(app: FastifyInstance, { db }: AppDeps) {
  registerCall(app, getNotifications, async (_input, request) => {
    if (!request.user) throw new HttpError(401, 'Please log in to see your notifications');
    return { Notifications: await listNotificationsFor(db, request.user) };
  });
}
