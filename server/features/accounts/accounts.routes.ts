import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  facebookLogIn,
  facebookSignUp,
  getAccountsConfig,
  googleLogIn,
  googleSignUp,
  logIn,
  requestLoginCode,
  requestPasswordReset,
  requestSignupCode,
  setExternalId,
  setNewPassword,
  signupExternalId,
  verifyLoginCode,
  verifySignupCode,
} from '../../../contract/accounts.ts';
import { deleteAccount, requestDeleteCode } from '../../../contract/user.ts';
import type { AppDeps } from '../../app-deps.ts';
import { HttpError, registerCall } from '../../http.ts';
import { clearSessionCookie, isSecureRequest, setSessionCookie } from '../../plugins/session.ts';
import * as accounts from './accounts.service.ts';
import { createFacebookVerifier, createGoogleVerifier } from './accounts.social.ts';

/** Binds a pending e-mail signup to the browser that asked for the code. */
export const signupCookieName = 'stance_signup';
const signupCookiePath = '/api/signup';
/** Binds an e-mailed login code to the browser that asked for it. */
export const loginCodeCookieName = 'stance_login_code';
const loginCodeCookiePath = '/api/login';
/**
 * Marks a browser its member has signed in from, so that limits meant for an attacker elsewhere
 * do not hold the member back (docs/decisions/034-login-limits-that-hold.md).
 */
export const deviceCookieName = 'stance_device';
const deviceCookiePath = '/api';
const deviceCookieLifetimeMs = 365 * 86_400_000;

export function registerAccountRoutes(app: FastifyInstance, deps: AppDeps) {
  const context: accounts.AccountsContext = {
    db: deps.db,
    config: deps.config,
    limiter: app.rateLimiter,
  };
  const verifyGoogleIdToken = createGoogleVerifier(deps.config.google);
  const verifyFacebookToken = createFacebookVerifier(deps.config.facebook);

  const callerOf = (request: FastifyRequest): accounts.Caller => ({
    ip: request.ip,
    sessionTokenHash: request.sessionTokenHash,
    user: request.user,
    deviceToken: request.cookies[deviceCookieName] ?? null,
  });
  const signupCallerOf = (request: FastifyRequest) => ({
    ...callerOf(request),
    signupToken: request.cookies[signupCookieName] ?? null,
  });
  /** An HttpOnly, SameSite=Lax cookie, Secure under https. */
  const setHttpOnlyCookie = (
    request: FastifyRequest,
    reply: FastifyReply,
    name: string,
    value: string,
    options: { path: string; expires: Date },
  ) =>
    reply.setCookie(name, value, {
      ...options,
      httpOnly: true,
      sameSite: 'lax',
      secure: isSecureRequest(request, deps.config),
    });
  const logInBrowser = (
    request: FastifyRequest,
    reply: FastifyReply,
    session: accounts.NewSession,
  ) => {
    setSessionCookie(request, reply, deps.config, session);
    setHttpOnlyCookie(request, reply, deviceCookieName, session.deviceToken, {
      path: deviceCookiePath,
      expires: new Date(Date.now() + deviceCookieLifetimeMs),
    });
  };

  registerCall(app, getAccountsConfig, async () => ({
    GoogleClientID: verifyGoogleIdToken ? (deps.config.google.clientId ?? '') : '',
    FacebookAppID: verifyFacebookToken ? (deps.config.facebook.appId ?? '') : '',
    ContactEmail: deps.config.contactEmail ?? '',
  }));

  registerCall(app, requestSignupCode, async (input, request, reply) => {
    const signup = await accounts.requestSignupCode(context, input, signupCallerOf(request));
    setHttpOnlyCookie(request, reply, signupCookieName, signup.token, {
      path: signupCookiePath,
      expires: signup.expiresAt,
    });
    return {};
  });

  registerCall(app, verifySignupCode, async ({ code }, request, reply) => {
    const session = await accounts.verifySignupCode(context, code, signupCallerOf(request));
    reply.clearCookie(signupCookieName, { path: signupCookiePath });
    logInBrowser(request, reply, session);
    return {};
  });

  registerCall(app, signupExternalId, async (input, request) => {
    await accounts.recordSignupExternalId(context, input, signupCallerOf(request));
    return {};
  });

  registerCall(app, setExternalId, async ({ rid }, request) => {
    if (!request.user) throw new HttpError(401, 'Please log in first');
    await accounts.setExternalId(context, request.user, rid);
    return {};
  });

  registerCall(app, logIn, async (input, request, reply) => {
    logInBrowser(request, reply, await accounts.logIn(context, input, callerOf(request)));
    return {};
  });

  registerCall(app, requestLoginCode, async ({ email }, request, reply) => {
    const login = await accounts.requestLoginCode(context, email, callerOf(request));
    setHttpOnlyCookie(request, reply, loginCodeCookieName, login.token, {
      path: loginCodeCookiePath,
      expires: login.expiresAt,
    });
    return {};
  });

  registerCall(app, verifyLoginCode, async ({ code }, request, reply) => {
    const session = await accounts.verifyLoginCode(context, code, {
      ...callerOf(request),
      loginCodeToken: request.cookies[loginCodeCookieName] ?? null,
    });
    reply.clearCookie(loginCodeCookieName, { path: loginCodeCookiePath });
    logInBrowser(request, reply, session);
    return {};
  });

  registerCall(app, requestPasswordReset, async ({ email }, request) => {
    await accounts.requestPasswordReset(context, email, callerOf(request));
    return {};
  });

  registerCall(app, setNewPassword, async (input, request, reply) => {
    logInBrowser(request, reply, await accounts.setNewPassword(context, input, callerOf(request)));
    return {};
  });

  const googleOff = () => new HttpError(404, 'Google sign-in is not available on this site');
  registerCall(app, googleLogIn, async ({ idToken }, request, reply) => {
    if (!verifyGoogleIdToken) throw googleOff();
    const identity = await verifyGoogleIdToken(idToken);
    const session = await accounts.logInWithIdentity(context, identity, callerOf(request));
    if (!session) return { Status: 'no_user' as const };
    logInBrowser(request, reply, session);
    return { Status: 'logged_in' as const };
  });

  registerCall(app, googleSignUp, async ({ idToken, username, rid }, request, reply) => {
    if (!verifyGoogleIdToken) throw googleOff();
    const identity = await verifyGoogleIdToken(idToken);
    const session = await accounts.signUpWithIdentity(
      context,
      identity,
      { username, rid },
      callerOf(request),
    );
    logInBrowser(request, reply, session);
    return {};
  });

  const facebookOff = () => new HttpError(404, 'Facebook login is not available on this site');
  const facebookExpired = () =>
    new HttpError(401, 'access_token: the Facebook login has expired; please try again');
  registerCall(app, facebookLogIn, async ({ access_token }, request, reply) => {
    if (!verifyFacebookToken) throw facebookOff();
    const check = await verifyFacebookToken(access_token);
    if (check.status === 'expired') return { Status: 'expired' as const };
    const session = await accounts.logInWithIdentity(context, check.identity, callerOf(request));
    if (!session) return { Status: 'no_user' as const };
    logInBrowser(request, reply, session);
    return { Status: 'logged_in' as const };
  });

  registerCall(app, facebookSignUp, async ({ access_token, username, rid }, request, reply) => {
    if (!verifyFacebookToken) throw facebookOff();
    const check = await verifyFacebookToken(access_token);
    if (check.status === 'expired') throw facebookExpired();
    const session = await accounts.signUpWithIdentity(
      context,
      check.identity,
      { username, rid },
      callerOf(request),
    );
    logInBrowser(request, reply, session);
    return {};
  });

  // Your data (docs/decisions/083): deleting one's own account, confirmed by password or code.
  registerCall(app, requestDeleteCode, async (_input, request) => {
    await accounts.requestDeleteCode(context, callerOf(request));
    return {};
  });

  registerCall(app, deleteAccount, async (input, request, reply) => {
    await accounts.deleteOwnAccount(context, input, callerOf(request));
    clearSessionCookie(request, reply, deps.config);
    return {};
  });
}
