import { z } from 'zod';
import { defineCall, emptyResponse } from './api.ts';

/** Usernames: letters, digits, `_` or `-`; unique without regard to case, shown as typed. */
export const usernamePattern = /^[A-Za-z0-9_-]{3,30}$/;

const email = z
  .string({ error: 'email is required' })
  .trim()
  .toLowerCase()
  .max(254, 'email is too long')
  .pipe(z.email({ error: 'enter a valid e-mail address' }));

const username = z
  .string({ error: 'username is required' })
  .trim()
  .regex(usernamePattern, 'use 3 to 30 letters, digits, _ or -');

/** Length and commonness are checked by the server, which knows the list of common passwords. */
const newPassword = z.string({ error: 'is required' }).max(1000, 'use at most 256 characters');

/** The referrer id ("rid") a visitor arrived with; shown as ExternalID. */
const rid = z
  .string({ error: 'rid must be a string' })
  .trim()
  .max(100, 'rid is too long')
  .regex(/^[A-Za-z0-9_.:-]*$/, 'rid may hold only letters, digits and _ . : -');

/** What a social sign-in found (SPEC.md §4): logged in, no account yet, or a stale token. */
export const socialStatus = z.enum(['logged_in', 'no_user', 'expired']);
export type SocialStatus = z.infer<typeof socialStatus>;

export const logIn = defineCall({
  method: 'POST',
  path: '/api/login',
  payload: z.object({
    email,
    password: z.string({ error: 'password is required' }).min(1, 'is required').max(1000),
  }),
  response: emptyResponse,
});

export const requestSignupCode = defineCall({
  method: 'POST',
  path: '/api/signup/requestcode',
  payload: z.object({ email, username, password: newPassword }),
  response: emptyResponse,
});

const emailedCode = z.object({
  code: z
    .string({ error: 'code is required' })
    .trim()
    .regex(/^\d{6}$/, 'enter the 6-digit code from the e-mail'),
});

export const verifySignupCode = defineCall({
  method: 'POST',
  path: '/api/signup/verifycode',
  payload: emailedCode,
  response: emptyResponse,
});

/**
 * Log in with a 6-digit code e-mailed to the account's address: the way in for an owner whom the
 * password limits hold back (docs/decisions/034-login-limits-that-hold.md). The code is bound to
 * the browser that asked for it.
 */
export const requestLoginCode = defineCall({
  method: 'POST',
  path: '/api/login/requestcode',
  payload: z.object({ email }),
  response: emptyResponse,
});

export const verifyLoginCode = defineCall({
  method: 'POST',
  path: '/api/login/verifycode',
  payload: emailedCode,
  response: emptyResponse,
});

export const requestPasswordReset = defineCall({
  method: 'POST',
  path: '/api/passwordreset/request',
  payload: z.object({ email }),
  response: emptyResponse,
});

export const setNewPassword = defineCall({
  method: 'POST',
  path: '/api/passwordreset/set',
  payload: z.object({
    tokenValue: z
      .string({ error: 'tokenValue is required' })
      .trim()
      .min(1, 'is required')
      .max(200, 'this reset link is not valid'),
    newPassword,
  }),
  response: emptyResponse,
});

const idToken = z.string({ error: 'idToken is required' }).min(1, 'is required').max(8000);

export const googleLogIn = defineCall({
  method: 'POST',
  path: '/api/google/login',
  payload: z.object({ idToken }),
  response: z.object({ Status: socialStatus }),
});

export const googleSignUp = defineCall({
  method: 'POST',
  path: '/api/google/signup',
  payload: z.object({ idToken, username, rid: rid.default('') }),
  response: emptyResponse,
});

const accessToken = z.string({ error: 'access_token is required' }).min(1, 'is required').max(4000);
/** The e-mail the browser read from Facebook; the server asks the Graph API itself instead. */
const facebookEmail = z.string().max(320).optional();

export const facebookLogIn = defineCall({
  method: 'POST',
  path: '/api/facebook/login',
  payload: z.object({ access_token: accessToken, email: facebookEmail }),
  response: z.object({ Status: socialStatus }),
});

export const facebookSignUp = defineCall({
  method: 'POST',
  path: '/api/facebook/signup',
  payload: z.object({
    access_token: accessToken,
    email: facebookEmail,
    username,
    rid: rid.default(''),
  }),
  response: emptyResponse,
});

export const signupExternalId = defineCall({
  method: 'POST',
  path: '/api/signup/externalid',
  payload: z.object({ email, rid: rid.min(1, 'is required') }),
  response: emptyResponse,
});

export const setExternalId = defineCall({
  method: 'POST',
  path: '/api/user/setexternalid',
  payload: z.object({ rid: rid.min(1, 'is required') }),
  response: emptyResponse,
});

/** Which sign-in providers this server is configured for; '' hides a provider's button. */
export const getAccountsConfig = defineCall({
  method: 'GET',
  path: '/api/accounts/config',
  payload: z.object({}),
  response: z.object({ GoogleClientID: z.string(), FacebookAppID: z.string() }),
});
