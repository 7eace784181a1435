import type { FastifyInstance } from 'fastify';
import { exportMyData, userInfo } from '../../../contract/user.ts';
import type { AppDeps } from '../../app-deps.ts';
import { HttpError, registerCall } from '../../http.ts';
import { exportFileName, exportMemberData, toCurrentUser } from './users.service.ts';

export function registerUserRoutes(app: FastifyInstance, deps: AppDeps) {
  registerCall(app, userInfo, async (_input, request) =>
    toCurrentUser(request.user, deps.config.adminEmails),
  );

  // A file to keep, not a call of the wire format; a refusal is still the wire format's error.
  app.get(exportMyData.path, async (request, reply) => {
    if (!request.user) throw new HttpError(401, 'Please log in first');
    const data = await exportMemberData(deps.db, request.user.id);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="${exportFileName(request.user.username)}"`,
      )
      .header('cache-control', 'private, no-store')
      .send(JSON.stringify(data, null, 2));
  });
}
