import { z } from 'zod';
import type { NotificationEvent } from '../../../contract/notifications.ts';
import { inTransaction, type Db } from '../../db/database.ts';
import type { SessionUser } from '../../db/schema.ts';
import type { JobContext } from '../../jobs/queue.ts';
import {
  findCommentContext,
  hasGivenGoodPoint,
  toPlainExcerpt,
} from '../comments/comments.service.ts';
import { isCreditLive } from '../minds/minds.service.ts';
import { emailPreferencesUrl, findReplyMailSettings } from '../emailprefs/emailprefs.service.ts';
import { composeMail, enqueueMail, type Mail } from '../mail/index.ts';
import * as notificationsRepository from './notifications.repository.ts';

/** How many events the notifications page shows. */
export const notificationsPageSize = 100;

const commentJobPayload = z.object({ commentId: z.number().int() });
const likeJobPayload = z.object({ commentId: z.number().int(), likerId: z.number().int() });

/**
 * The notify-comment job: a reply tells the author of the comment it answers (and e-mails them,
 * if they want reply e-mails); a top-level argument tells the opinion's author. Nobody hears
 * about their own comments. The dedupe key makes a retried job a no-op, and the e-mail is queued
 * in the same transaction as the notification, so it goes out exactly when the event is new.
 */
export async function notifyAboutComment(
  payload: Record<string, unknown>,
  { db, config }: JobContext,
): Promise<void> {
  const { commentId } = commentJobPayload.parse(payload);
  const context = await findCommentContext(db, commentId);
  if (!context || !context.comment.isLive || context.thread.isDeleted) return;
  const { comment, parent, thread } = context;
  const recipientId = parent ? (parent.isLive ? parent.authorId : null) : thread.opinionAuthorId;
  if (recipientId === null || recipientId === comment.authorId) return;

  const excerpt = toPlainExcerpt(comment.bodyHtml);
  const mail = parent
    ? await composeReplyMail(db, {
        recipientId,
        replier: comment.username,
        threadTitle: thread.title,
        excerpt,
        url: `${config.publicUrl}${context.link}`,
        publicUrl: config.publicUrl,
      })
    : null;
  await inTransaction(db, async (trx) => {
    const isNew = await notificationsRepository.insertNotification(trx, {
      userId: recipientId,
      kind: 'Comment',
      actionName: parent ? 'reply' : 'argument',
      artifactTitle: thread.title,
      url: context.link,
      body: excerpt,
      actorId: comment.authorId,
      commentId: comment.id,
      dedupeKey: `comment:${comment.id}`,
    });
    if (!isNew) return;
    await notificationsRepository.flagNewNotification(trx, recipientId);
    if (mail) await enqueueMail(trx, mail);
  });
}

async function composeReplyMail(
  db: Db,
  input: {
    recipientId: number;
    replier: string;
    threadTitle: string;
    excerpt: string;
    url: string;
    publicUrl: string;
  },
): Promise<Mail | null> {
  const address = await notificationsRepository.findEmailAddress(db, input.recipientId);
  if (!address) return null;
  const settings = await findReplyMailSettings(db, input.recipientId);
  if (!settings.isWanted) return null;
  return composeMail(address, {
    subject: `${input.replier} replied to your comment`,
    heading: `${input.replier} replied to your comment on “${input.threadTitle}”`,
    paragraphs: [input.excerpt],
    action: { label: 'Read the reply', url: input.url },
    footnote:
      'You get this e-mail because someone replied to your comment on Stance. ' +
      `To stop these e-mails, open ${emailPreferencesUrl(input.publicUrl, settings.token)}`,
  });
}

/** The notify-like job: the author hears about a good point, once per member and comment. */
export async function notifyAboutLike(
  payload: Record<string, unknown>,
  { db }: JobContext,
): Promise<void> {
  const { commentId, likerId } = likeJobPayload.parse(payload);
  const context = await findCommentContext(db, commentId);
  if (!context || !context.comment.isLive || context.thread.isDeleted) return;
  // Taken back before the job ran: nothing to tell.
  if (!(await hasGivenGoodPoint(db, commentId, likerId))) return;
  const recipientId = context.comment.authorId;
  if (recipientId === likerId) return;
  await inTransaction(db, async (trx) => {
    const isNew = await notificationsRepository.insertNotification(trx, {
      userId: recipientId,
      kind: 'LikeComment',
      actionName: 'like',
      artifactTitle: context.thread.title,
      url: context.link,
      body: toPlainExcerpt(context.comment.bodyHtml),
      actorId: likerId,
      commentId,
      dedupeKey: `like:${commentId}:${likerId}`,
    });
    if (isNew) await notificationsRepository.flagNewNotification(trx, recipientId);
  });
}

const persuasionJobPayload = z.object({ commentId: z.number().int(), userId: z.number().int() });

/**
 * The notify-persuasion job: an argument's author hears that it changed a mind, once per credit.
 * Who was persuaded is not named: a member's changes of vote are theirs alone
 * (docs/decisions/077-minds-changed.md).
 */
export async function notifyAboutPersuasion(
  payload: Record<string, unknown>,
  { db }: JobContext,
): Promise<void> {
  const { commentId, userId } = persuasionJobPayload.parse(payload);
  const context = await findCommentContext(db, commentId);
  if (!context || !context.comment.isLive || context.thread.isDeleted) return;
  // Withdrawn before the job ran (the member moved back): nothing to tell.
  if (!(await isCreditLive(db, userId, commentId))) return;
  const recipientId = context.comment.authorId;
  await inTransaction(db, async (trx) => {
    const isNew = await notificationsRepository.insertNotification(trx, {
      userId: recipientId,
      kind: 'Persuaded',
      actionName: 'mind',
      artifactTitle: context.thread.title,
      url: context.link,
      body: toPlainExcerpt(context.comment.bodyHtml),
      actorId: null,
      commentId,
      dedupeKey: `persuaded:${commentId}:${userId}`,
    });
    if (isNew) await notificationsRepository.flagNewNotification(trx, recipientId);
  });
}

/** The member's events, newest first; reading them clears the bell's dot. */
export async function listNotificationsFor(
  db: Db,
  user: SessionUser,
): Promise<NotificationEvent[]> {
  const rows = await notificationsRepository.listNotifications(db, user.id, notificationsPageSize);
  const newestId = rows.reduce((max, row) => Math.max(max, row.id), 0);
  await notificationsRepository.clearNewNotification(db, user.id, newestId);
  return rows.map((row) => {
    const isCommentRemoved =
      row.commentId !== null && (row.commentDeleted !== false || row.commentHiddenAt !== null);
    return {
      EventID: row.id,
      Kind: row.kind,
      ActionName: row.actionName,
      ArgsJSON: JSON.stringify(row.argsJson ?? {}),
      ArtifactTitle: row.artifactTitle,
      URL: row.url,
      Body: isCommentRemoved ? '' : row.body,
      UsernameCased: row.actorUsername ?? '',
      FullName: row.actorFullName ?? '',
      Created: row.createdAt.toISOString(),
    };
  });
}
