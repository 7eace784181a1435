import { randomBytes } from 'node:crypto';
import type { EmailPreferences } from '../../../contract/notifications.ts';
import type { Db } from '../../db/database.ts';
import type { SessionUser } from '../../db/schema.ts';
import { HttpError } from '../../http.ts';
import * as emailPrefsRepository from './emailprefs.repository.ts';

/** Every optional e-mail is on until the member says otherwise. */
const defaults: EmailPreferences = { All: true, Replies: true };

function newToken(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * Whose preferences a request may see: the link from an e-mail carries a token that stands for
 * its recipient (so one click works without logging in); otherwise the logged-in member.
 */
async function resolveOwner(db: Db, viewer: SessionUser | null, token: string | undefined) {
  if (token) {
    const row = await emailPrefsRepository.findPreferencesByToken(db, token);
    if (!row) throw new HttpError(404, 'This e-mail preferences link is not valid any more');
    return row.userId;
  }
  if (!viewer) throw new HttpError(401, 'Please log in to change your e-mail preferences');
  return viewer.id;
}

export async function getEmailPreferences(
  db: Db,
  viewer: SessionUser | null,
  token: string | undefined,
): Promise<EmailPreferences> {
  const userId = await resolveOwner(db, viewer, token);
  const row = await emailPrefsRepository.findPreferences(db, userId);
  return row ? { All: row.allEmails, Replies: row.replies } : defaults;
}

export async function setEmailPreferences(
  db: Db,
  viewer: SessionUser | null,
  input: { token?: string | undefined; All: boolean; Replies: boolean },
): Promise<EmailPreferences> {
  const userId = await resolveOwner(db, viewer, input.token);
  const row = await emailPrefsRepository.savePreferences(db, userId, {
    allEmails: input.All,
    replies: input.Replies,
    newToken: newToken(),
  });
  return { All: row.allEmails, Replies: row.replies };
}

/**
 * Whether the member wants reply e-mails, and the token for the link that changes that. The
 * All flag wins over the per-kind choice.
 */
export async function findReplyMailSettings(db: Db, userId: number) {
  const row = await emailPrefsRepository.ensurePreferences(db, userId, newToken());
  return { isWanted: row.allEmails && row.replies, token: row.token };
}

export function emailPreferencesUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/emailpref-iframe?t=${encodeURIComponent(token)}`;
}
