import { createHash } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { deleteSession, findUserBySessionTokenHash } from '../features/users/users.repository.ts';

export const sessionCookieName = 'stance_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in member, or null for an anonymous visitor. */
    user: UserRow | null;
    /** SHA-256 of the session cookie's token, when the request carried one. */
    sessionTokenHash: string | null;
  }
}

/** Session tokens are stored hashed: a leaked sessions table does not let anyone log in. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function registerSession(app: FastifyInstance, db: Db) {
  await app.register(cookie);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionTokenHash', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/logout')) return;
    const token = request.cookies[sessionCookieName];
    if (!token || token.length > 200) return;
    request.sessionTokenHash = hashSessionToken(token);
    request.user = (await findUserBySessionTokenHash(db, request.sessionTokenHash)) ?? null;
  });

  app.get('/logout', async (request, reply) => {
    if (request.sessionTokenHash) await deleteSession(db, request.sessionTokenHash);
    reply.clearCookie(sessionCookieName, { path: '/' });
    return reply.redirect('/', 302);
  });
}
