import { anonymousUser } from '../../../contract/constants.ts';
import type { CurrentUser } from '../../../contract/user.ts';
import type { Db } from '../../db/database.ts';
import type { SessionUser } from '../../db/schema.ts';
import { karmaAmounts } from './users.karma.ts';
import * as usersRepository from './users.repository.ts';

export {
  eraseAccount,
  exportFileName,
  exportMemberData,
  hasRenewingSubscription,
} from './users.yourdata.ts';
export {
  karmaAmounts,
  karmaPerComment,
  karmaPerGoodPointReceived,
  karmaPerMindChanged,
} from './users.karma.ts';

/** True when the account's e-mail is listed in ADMIN_EMAILS: such accounts hold every staff flag. */
export function isConfiguredAdmin(user: SessionUser, adminEmails: readonly string[]): boolean {
  return user.email !== null && adminEmails.includes(user.email.toLowerCase());
}

/** The user-info record: capability flags come from the user row, or all of them for admins. */
export function toCurrentUser(
  user: SessionUser | null,
  adminEmails: readonly string[],
): CurrentUser {
  if (!user) return anonymousUser;
  const isAdmin = isConfiguredAdmin(user, adminEmails);
  return {
    Username: user.username,
    NewNotification: user.newNotification,
    Karma: user.karma,
    UserID: user.id,
    CanDeleteContent: isAdmin || user.canDeleteContent,
    AdminHub: isAdmin || user.adminHub,
    CanSeeDetailedOpinionReport: isAdmin || user.canSeeDetailedOpinionReport,
    CanCreateOpinions: isAdmin || user.canCreateOpinions,
    SubscriptionStatus: user.subscriptionStatus,
    ExternalID: user.externalId,
    Role: isAdmin ? 'admin' : user.role === 'admin' || user.role === 'contributor' ? user.role : '',
  };
}

export async function listTopContributors(db: Db, limit: number) {
  const rows = await usersRepository.listTopContributors(db, limit);
  return rows.map((row) => ({ UsernameCased: row.username, Karma: row.karma }));
}

/**
 * Writes the staff rights of an ADMIN_EMAILS account onto its row when it signs up or logs in,
 * so features that read the row (not only the user-info call) see them too.
 */
export async function grantConfiguredStaffRights(
  db: Db,
  user: SessionUser,
  adminEmails: readonly string[],
): Promise<void> {
  if (!isConfiguredAdmin(user, adminEmails)) return;
  const hasAll =
    user.role === 'admin' &&
    user.canDeleteContent &&
    user.adminHub &&
    user.canSeeDetailedOpinionReport &&
    user.canCreateOpinions;
  if (!hasAll) await usersRepository.grantStaffRights(db, user.id);
}

/** `npm run cli -- make-admin <email>`: false when no account has that e-mail. */
export async function makeAdmin(db: Db, email: string): Promise<boolean> {
  const userId = await usersRepository.findUserIdByEmail(db, email.trim().toLowerCase());
  if (userId === undefined) return false;
  await usersRepository.grantStaffRights(db, userId);
  return true;
}

/** Members whose stored karma is not what their comments, good points and credits give (verify-counts). */
export async function findKarmaDrift(db: Db) {
  return usersRepository.findKarmaDrift(db, karmaAmounts);
}
