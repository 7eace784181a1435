import { z } from 'zod';
import { defineCall, emptyPayload } from './api.ts';
import * as base from './user.base.ts';

export const currentUser = z.object({
  /** '' when logged out. */
  Username: z.string(),
  NewNotification: z.boolean(),
  Karma: z.number().int(),
  UserID: z.number().int(),
  CanDeleteContent: z.boolean(),
  AdminHub: z.boolean(),
  CanSeeDetailedOpinionReport: z.boolean(),
  CanCreateOpinions: z.boolean(),
  SubscriptionStatus: z.string(),
  /** The referrer id ("rid"). */
  ExternalID: z.string(),
  /** Domain role: 'contributor', 'admin' or ''. */
  Role: z.enum(['', 'contributor', 'admin']),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const userInfo = defineCall({
  ...base.userInfo,
  payload: emptyPayload,
  response: currentUser,
});

/** The download: a JSON attachment, not the wire format's envelope (a refusal still is one). */
export const exportMyData = defineCall({
  ...base.exportMyData,
  payload: emptyPayload,
  response: z.object({}),
});

/**
 * Erases the logged-in member's account: confirmed by the password, or by a code e-mailed by
 * requestDeleteCode (accounts without a password).
 */
export const deleteAccount = defineCall({
  ...base.deleteAccount,
  payload: z.object({
    /** The account's password; '' or absent when confirming with a code. */
    password: z.string({ error: 'password must be a string' }).max(1000).optional(),
    code: z
      .string({ error: 'code must be a string' })
      .trim()
      .regex(/^\d{6}$/, 'enter the 6-digit code from the e-mail')
      .optional(),
  }),
  response: z.object({}),
});

/** E-mails the logged-in member a 6-digit code that confirms the erasure of their account. */
export const requestDeleteCode = defineCall({
  ...base.requestDeleteCode,
  payload: emptyPayload,
  response: z.object({}),
});
