import type { FastifyInstance } from 'fastify';
import { userInfo } from '../../../contract/user.ts';
import type { AppDeps } from '../../app-deps.ts';
import { registerCall } from '../../http.ts';
import { toCurrentUser } from './users.service.ts';

export function registerUserRoutes(app: FastifyInstance, deps: AppDeps) {
  registerCall(app, userInfo, async (_input, request) =>
    toCurrentUser(request.user, deps.config.adminEmails),
  );
}
