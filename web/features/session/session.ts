import type { CurrentUser } from '../../../contract/user.ts';
import { useCurrentUserQuery } from './api.ts';

/** The client's user store (docs/product/entities.md#client-user-store). */
export type Session = {
  loggedIn: boolean;
  loading: boolean;
  username: string;
  userID: number;
  karma: number;
  newNotification: boolean;
  /** The referrer id (ExternalID). */
  rid: string;
  subscriptionStatus: string;
  role: CurrentUser['Role'];
  canDeleteContent: boolean;
  canSeeDetailedOpinionReport: boolean;
  canSeeAdminHub: boolean;
  canCreateOpinions: boolean;
  /** Granted with the admin hub: lists conversations and downloads topic reports. */
  canListConvos: boolean;
};

/** The store starts loading and logged out (docs/product/behaviour.md#user-store). */
export const loadingSession: Session = {
  loggedIn: false,
  loading: true,
  username: '',
  userID: 0,
  karma: 0,
  newNotification: false,
  rid: '',
  subscriptionStatus: '',
  role: '',
  canDeleteContent: false,
  canSeeDetailedOpinionReport: false,
  canSeeAdminHub: false,
  canCreateOpinions: false,
  canListConvos: false,
};

export function toSession(user: CurrentUser | undefined, isLoading: boolean): Session {
  if (!user) return { ...loadingSession, loading: isLoading };
  return {
    loggedIn: user.Username !== '',
    loading: false,
    username: user.Username,
    userID: user.UserID,
    karma: user.Karma,
    newNotification: user.NewNotification,
    rid: user.ExternalID,
    subscriptionStatus: user.SubscriptionStatus,
    role: user.Role,
    canDeleteContent: user.CanDeleteContent,
    canSeeDetailedOpinionReport: user.CanSeeDetailedOpinionReport,
    canSeeAdminHub: user.AdminHub,
    canCreateOpinions: user.CanCreateOpinions,
    canListConvos: user.AdminHub,
  };
}

/** The current user; a failed user-info call leaves the visitor logged out rather than stuck. */
export function useSession(): Session {
  const query = useCurrentUserQuery();
  return toSession(query.data, query.isPending && query.fetchStatus !== 'idle');
}
