import type { FastifyInstance } from 'fastify';
import {
  deleteAccount,
  exportMyData,
  requestDeleteCode,
  userInfo,
} from '../../../contract/user.ts';
import type { AppDeps } from '../../app-deps.ts';
import { HttpError, registerCall } from '../../http.ts';
import { clearSessionCookie } from '../../plugins/session.ts';
import * as accounts from '../accounts/accounts.service.ts';
import { deviceCookieName } from '../accounts/accounts.routes.ts';
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

  const accountsContext = (): accounts.AccountsContext => ({
    db: deps.db,
    config: deps.config,
    limiter: app.rateLimiter,
  });
  const callerOf = (request: import('fastify').FastifyRequest): accounts.Caller => ({
    ip: request.ip,
    sessionTokenHash: request.sessionTokenHash,
    user: request.user,
    deviceToken: request.cookies[deviceCookieName] ?? null,
  });

  registerCall(app, requestDeleteCode, async (_input, request) => {
    await accounts.requestDeleteCode(accountsContext(), callerOf(request));
    return {};
  });

  registerCall(app, deleteAccount, async (input, request, reply) => {
    await accounts.deleteOwnAccount(accountsContext(), input, callerOf(request));
    clearSessionCookie(request, reply, deps.config);
    return {};
  });
}
