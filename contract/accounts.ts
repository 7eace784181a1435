import { z } from 'zod';
import { defineCall, emptyResponse } from './api.ts';
import * as base from './accounts.base.ts';

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

/**
 * What a social sign-in found: logged in, no account yet, or a stale token
 * (docs/product/behaviour.md#social-sign-in).
 */
export const socialStatus = z.enum(['logged_in', 'no_user', 'expired']);
export type SocialStatus = z.infer<typeof socialStatus>;

export const logIn = defineCall({
  ...base.logIn,
  payload: z.object({
    email,
    password: z.string({ error: 'password is required' }).min(1, 'is required').max(1000),
  }),
  response: emptyResponse,
});

export const requestSignupCode = defineCall({
  ...base.requestSignupCode,
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
  ...base.verifySignupCode,
  payload: emailedCode,
  response: emptyResponse,
});

/**
 * Log in with a 6-digit code e-mailed to the account's address: the way in for an owner whom the
 * password limits hold back (docs/decisions/034-login-limits-that-hold.md). The code is bound to
 * the browser that asked for it.
 */
export const requestLoginCode = defineCall({
  ...base.requestLoginCode,
  payload: z.object({ email }),
  response: emptyResponse,
});

export const verifyLoginCode = defineCall({
  ...base.verifyLoginCode,
  payload: emailedCode,
  response: emptyResponse,
});

export const requestPasswordReset = defineCall({
  ...base.requestPasswordReset,
  payload: z.object({ email }),
  response: emptyResponse,
});

export const setNewPassword = defineCall({
  ...base.setNewPassword,
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
  ...base.googleLogIn,
  payload: z.object({ idToken }),
  response: z.object({ Status: socialStatus }),
});

export const googleSignUp = defineCall({
  ...base.googleSignUp,
  payload: z.object({ idToken, username, rid: rid.default('') }),
  response: emptyResponse,
});

const accessToken = z.string({ error: 'access_token is required' }).min(1, 'is required').max(4000);
/** The e-mail the browser read from Facebook; the server asks the Graph API itself instead. */
const facebookEmail = z.string().max(320).optional();

export const facebookLogIn = defineCall({
  ...base.facebookLogIn,
  payload: z.object({ access_token: accessToken, email: facebookEmail }),
  response: z.object({ Status: socialStatus }),
});

export const facebookSignUp = defineCall({
  ...base.facebookSignUp,
  payload: z.object({
    access_token: accessToken,
    email: facebookEmail,
    username,
    rid: rid.default(''),
  }),
  response: emptyResponse,
});

export const signupExternalId = defineCall({
  ...base.signupExternalId,
  payload: z.object({ email, rid: rid.min(1, 'is required') }),
  response: emptyResponse,
});

export const setExternalId = defineCall({
  ...base.setExternalId,
  payload: z.object({ rid: rid.min(1, 'is required') }),
  response: emptyResponse,
});

/** Which sign-in providers this server is configured for; '' hides a provider's button. */
export const getAccountsConfig = defineCall({
  ...base.getAccountsConfig,
  payload: z.object({}),
  response: z.object({
    GoogleClientID: z.string(),
    FacebookAppID: z.string(),
    /** Where members write to the people who run the site (CONTACT_EMAIL); '' when unset. */
    ContactEmail: z.string(),
  }),
});
