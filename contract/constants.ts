import type { CurrentUser } from './user.ts';

/*
 * Values the server and the web app must agree on, in one place. No zod and no runtime imports:
 * the browser loads this module as it is.
 */

/**
 * The name an erased account's comments and opinions show as their author's
 * (docs/decisions/083-your-data-and-the-privacy-secret.md); no live account can have it.
 */
export const erasedUsername = '[deleted]';

/** In an opinion's vote results, the percentage of a rating nobody chose (shown as 0 %, in grey). */
export const noVotesMarker = 999;

/** The user-info record of a visitor who is not logged in: an empty Username, no capabilities. */
export const anonymousUser: Readonly<CurrentUser> = Object.freeze({
  Username: '',
  NewNotification: false,
  Karma: 0,
  UserID: 0,
  CanDeleteContent: false,
  AdminHub: false,
  CanSeeDetailedOpinionReport: false,
  CanCreateOpinions: false,
  SubscriptionStatus: '',
  ExternalID: '',
  Role: '',
});
