import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { SessionUser } from '../db/schema.ts';
import type { MemberContext } from '../features/sessions/members-cache.ts';
import {
  endSession,
  hashSessionToken,
  resolveHeldSession,
  resolveSession,
} from '../features/sessions/sessions.service.ts';

export { hashSessionToken };

export const sessionCookieName = 'stance_session';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by registerCall: the handler resolves the session itself (see registerCall). */
    resolvesOwnSession?: boolean;
  }
  interface FastifyRequest {
    /** The logged-in member, or null for an anonymous visitor. */
    user: SessionUser | null;
    /** The same member with their votes, followed topics and recent opinions (the members cache). */
    member: MemberContext | null;
    /** SHA-256 of the session cookie's token, when the request carried one. */
    sessionTokenHash: string | null;
  }
}

/** Cookies are Secure whenever the site is served over https (PUBLIC_URL or the request). */
export function isSecureRequest(request: FastifyRequest, config: Pick<Config, 'publicUrl'>) {
  return config.publicUrl.startsWith('https://') || request.protocol === 'https';
}

/** The session cookie: HttpOnly (no script reads it), SameSite=Lax (no cross-site POST carries it). */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Pick<Config, 'publicUrl'>,
  session: { token: string; expiresAt: Date },
) {
  reply.setCookie(sessionCookieName, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureRequest(request, config),
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Pick<Config, 'publicUrl'>,
) {
  reply.clearCookie(sessionCookieName, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureRequest(request, config),
  });
}

/**
 * The paths whose requests need to know the member: the API, logging out, and the staff downloads
 * served at the pages' addresses (docs/decisions/072). Pages themselves ask through the API.
 */
const sessionPaths = ['/api/', '/logout', '/internal/admin/reports/'];

export async function registerSession(
  app: FastifyInstance,
  db: Db,
  config: Pick<Config, 'publicUrl'>,
) {
  await app.register(cookie);
  app.decorateRequest('user', null);
  app.decorateRequest('member', null);
  app.decorateRequest('sessionTokenHash', null);
  const setMember = (request: FastifyRequest, member: MemberContext | null) => {
    request.member = member;
    request.user = member?.user ?? null;
  };
  app.addHook('onRequest', (request, reply, done) => {
    if (!sessionPaths.some((prefix) => request.url.startsWith(prefix))) return done();
    const token = request.cookies[sessionCookieName];
    if (!token) return done();
    if (token.length > 200) {
      clearSessionCookie(request, reply, config);
      return done();
    }
    const tokenHash = hashSessionToken(token);
    request.sessionTokenHash = tokenHash;
    // Such a route looks the session up within its own round trip and clears a dead cookie itself.
    if (request.routeOptions.config.resolvesOwnSession) return done();
    // A member the members cache holds is most often known at once, without a turn of the loop.
    const held = resolveHeldSession(db, tokenHash);
    if (held) {
      setMember(request, held);
      return done();
    }
    resolveSession(db, tokenHash).then((member) => {
      setMember(request, member);
      // A dead session's cookie is removed, so the browser stops sending it.
      if (!member) clearSessionCookie(request, reply, config);
      done();
    }, done);
  });

  app.get('/logout', async (request, reply) => {
    if (request.sessionTokenHash) await endSession(db, request.sessionTokenHash);
    clearSessionCookie(request, reply, config);
    return reply.header('cache-control', 'no-store').redirect('/', 302);
  });
}
