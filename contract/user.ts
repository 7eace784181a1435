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
