import type { CurrentUser } from './user.ts';

/*
 * Values the server and the web app must agree on, in one place. No zod and no runtime imports:
 * the browser loads this module as it is.
 */

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
