import { z } from 'zod';
import { defineCall, emptyPayload } from './api.ts';
import * as base from './notifications.base.ts';

/** The kinds (docs/product/entities.md#notification); the client only logs any other kind. */
export const notificationKinds = [
  'Milestone',
  'LikeComment',
  'Comment',
  'LikeRev',
  'Persuaded',
] as const;

export const notificationEvent = z.object({
  EventID: z.number().int(),
  /** One of notificationKinds, kept open so an older client survives a new kind. */
  Kind: z.string(),
  /**
   * What happened within the kind: 'reply' or 'argument' for Comment, 'like' for LikeComment,
   * 'mind' for Persuaded (the argument changed a mind; who is never named).
   */
  ActionName: z.string(),
  /** A JSON object as text; `FieldName` names the counter of a Milestone. */
  ArgsJSON: z.string(),
  /** The opinion's title, or 'Suggestions'. */
  ArtifactTitle: z.string(),
  /** Where the event happened, e.g. `/o/{slug}#comment-{id}`. */
  URL: z.string(),
  /** A plain-text excerpt of the comment; '' once that comment is removed. */
  Body: z.string(),
  /** Who did it. */
  UsernameCased: z.string(),
  FullName: z.string(),
  /** ISO timestamp. */
  Created: z.string(),
});
export type NotificationEvent = z.infer<typeof notificationEvent>;

export const getNotifications = defineCall({
  ...base.getNotifications,
  payload: emptyPayload,
  /** Newest first; afterwards the user's NewNotification is false. */
  response: z.object({ Notifications: z.array(notificationEvent) }),
});

export const emailPreferences = z.object({
  /** The All flag: off stops every optional e-mail (sign-up codes and resets still arrive). */
  All: z.boolean(),
  /** E-mails when someone replies to one's comment. */
  Replies: z.boolean(),
});
export type EmailPreferences = z.infer<typeof emailPreferences>;

/** The link in an e-mail carries this token so the page works without logging in. */
const emailPreferencesToken = z
  .string({ error: 'token must be a string' })
  .max(100, 'token is not valid')
  .optional();

export const getEmailPreferences = defineCall({
  ...base.getEmailPreferences,
  payload: emptyPayload.extend({ token: emailPreferencesToken }),
  response: emailPreferences,
});

export const setEmailPreferences = defineCall({
  ...base.setEmailPreferences,
  payload: emptyPayload.extend({
    token: emailPreferencesToken,
    All: z.boolean({ error: 'All must be true or false' }),
    Replies: z.boolean({ error: 'Replies must be true or false' }),
  }),
  response: emailPreferences,
});
