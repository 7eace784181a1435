import { argumentTooShortText, isLongEnoughForArgument } from '../../../contract/comments.base.ts';
import {
  suggestionsThreadId,
  type Comment,
  type CommentSortValue,
  type ReportedComment,
} from '../../../contract/comments.ts';
import { inTransaction, type Db } from '../../db/database.ts';
import type { SessionUser } from '../../db/schema.ts';
import { HttpError } from '../../http.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { announceChange } from '../../cache-changes.ts';
import { enqueueMilestoneCheck } from '../milestones/milestones.service.ts';
import {
  findKarmaDrift,
  karmaPerComment,
  karmaPerGoodPointReceived,
  karmaPerMindChanged,
  toCurrentUser,
} from '../users/users.service.ts';
import { renderCommentMarkdown } from './comments.markdown.ts';

export { toPlainExcerpt } from './comments.markdown.ts';
import * as commentsRepository from './comments.repository.ts';
import type { ThreadCommentRow } from './comments.repository.ts';
import { createReaderCounter, wilsonLowerBound } from './comments.score.ts';

/** The member acting, with the one staff right the conversation knows. */
export type Actor = { user: SessionUser; canDeleteContent: boolean };

/** Who acts on a thread: the member with whether they may moderate, or null for a visitor. */
export function actorOf(user: SessionUser | null, adminEmails: readonly string[]): Actor | null {
  return user
    ? { user, canDeleteContent: toCurrentUser(user, adminEmails).CanDeleteContent }
    : null;
}

/** Background work a comment or a good point causes (handled in server/jobs/handlers.ts). */
export const commentJobKinds = {
  notifyComment: 'notify-comment',
  notifyLike: 'notify-like',
} as const;

/** Distinct members whose open reports hide a comment until a moderator reviews it (decision 018). */
export const reportersToHide = 3;

/** Replies nest this deep at most; deeper replies are listed flat under the last level. */
export const maxThreadDepth = 6;

export type Thread = {
  id: string;
  /** Null for the suggestions thread. */
  opinionId: number | null;
  opinionAuthorId: number | null;
  /** The opinion's title, or 'Suggestions'. */
  title: string;
  /** The page the thread is on: `/o/{slug}` or `/suggest`. */
  path: string;
  isDeleted: boolean;
};

/** The thread a threadID names, or null when there is no such thread. */
export async function findThread(db: Db, threadId: string): Promise<Thread | null> {
  if (threadId === suggestionsThreadId) {
    return {
      id: suggestionsThreadId,
      opinionId: null,
      opinionAuthorId: null,
      title: 'Suggestions',
      path: '/suggest',
      isDeleted: false,
    };
  }
  if (!/^[1-9]\d{0,8}$/.test(threadId)) return null;
  const opinion = await commentsRepository.findThreadOpinion(db, Number(threadId));
  if (!opinion) return null;
  return {
    id: threadId,
    opinionId: opinion.id,
    opinionAuthorId: opinion.authorId,
    title: opinion.title,
    path: `/o/${opinion.slug}`,
    isDeleted: opinion.deleted,
  };
}

async function requireOpenThread(db: Db, threadId: string): Promise<Thread> {
  const thread = await findThread(db, threadId);
  if (!thread) throw new HttpError(404, 'threadID: there is no such thread');
  if (thread.isDeleted) throw new HttpError(410, 'This content has been removed');
  return thread;
}

export function commentLink(thread: Thread, commentId: number): string {
  return `${thread.path}#comment-${commentId}`;
}

export function requireMember(actor: Actor | null, doing: string): Actor {
  if (!actor) throw new HttpError(401, `Please log in or sign up to ${doing}`);
  return actor;
}

function requireModerator(actor: Actor | null): Actor {
  const member = requireMember(actor, 'moderate comments');
  if (!member.canDeleteContent) throw new HttpError(403, 'Access denied');
  return member;
}

type CommentState = { deleted: boolean; hiddenAt: Date | null };

function isRemoved(row: CommentState): boolean {
  return row.deleted || row.hiddenAt !== null;
}

async function findExistingComment(db: Db, commentId: number) {
  const row = await commentsRepository.findComment(db, commentId);
  if (!row) throw new HttpError(404, 'This comment does not exist');
  return row;
}

/** The order of checks before anything changes a comment: it is there, and it is visible. */
function assertVisible(row: CommentState) {
  if (row.deleted) throw new HttpError(410, 'This comment has been deleted');
  if (row.hiddenAt !== null) {
    throw new HttpError(409, 'This comment is hidden while moderators review it');
  }
}

/** A row as readers see it: a removed comment keeps its place and replies, never its words. */
function toComment(
  row: ThreadCommentRow,
  parent: ThreadCommentRow | undefined,
  likedIds: ReadonlySet<number>,
  children: Comment[],
): Comment {
  const removed = isRemoved(row);
  return {
    CommentID: row.id,
    UID: removed ? 0 : row.authorId,
    UsernameCased: removed ? '' : row.username,
    Body: removed ? '' : row.bodyHtml,
    Created: row.createdAt.toISOString(),
    Edited: !removed && row.editedAt ? row.editedAt.toISOString() : '',
    Deleted: removed,
    DeletedReason: row.deleted ? toDeletedReason(row.deletedReason) : removed ? 'moderator' : '',
    ResponseType: toResponseType(row.responseType),
    ParentID: row.parentId ?? 0,
    Children: children,
    LikeNum: removed ? 0 : row.likeCount,
    LikedByMe: !removed && likedIds.has(row.id),
    Persuaded: removed ? 0 : row.persuadedCount,
    ReplyToName: parent && !isRemoved(parent) ? parent.username : '',
  };
}

function toDeletedReason(reason: string | null): Comment['DeletedReason'] {
  return reason === 'user' || reason === 'moderator' ? reason : 'other';
}

function toResponseType(value: string): Comment['ResponseType'] {
  return value === 'pro' || value === 'con' || value === 'neutral' || value === 'commentary'
    ? value
    : '';
}

/**
 * Top-level comments in the requested order, each with its replies (oldest first, so a reply
 * reads after what it answers). A deleted comment stays as a placeholder while it has replies.
 */
export async function listThread(
  db: Db,
  input: { threadID: string; sort: CommentSortValue; viewer: SessionUser | null },
): Promise<Comment[]> {
  const thread = await requireOpenThread(db, input.threadID);
  const rows = await commentsRepository.listThreadComments(db, thread.id);
  const likedIds = input.viewer
    ? await commentsRepository.listCommentIdsLikedBy(
        db,
        input.viewer.id,
        rows.map((row) => row.id),
      )
    : new Set<number>();

  const byId = new Map(rows.map((row) => [row.id, row]));
  const childrenOf = new Map<number, ThreadCommentRow[]>();
  for (const row of rows) {
    if (row.parentId === null || !byId.has(row.parentId)) continue;
    const siblings = childrenOf.get(row.parentId) ?? [];
    siblings.push(row);
    childrenOf.set(row.parentId, siblings);
  }
  const parentOf = (row: ThreadCommentRow) =>
    row.parentId === null ? undefined : byId.get(row.parentId);

  function descendantsOf(row: ThreadCommentRow): ThreadCommentRow[] {
    const found: ThreadCommentRow[] = [];
    const stack = [...(childrenOf.get(row.id) ?? [])];
    while (stack.length > 0) {
      const next = stack.pop()!;
      found.push(next);
      stack.push(...(childrenOf.get(next.id) ?? []));
    }
    return found.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
  }

  function toNode(row: ThreadCommentRow, depth: number): Comment | null {
    const children =
      depth + 1 >= maxThreadDepth
        ? descendantsOf(row)
            .filter((descendant) => !descendant.deleted)
            .map((descendant) => toComment(descendant, parentOf(descendant), likedIds, []))
        : (childrenOf.get(row.id) ?? []).flatMap((child) => toNode(child, depth + 1) ?? []);
    if (row.deleted && children.length === 0) return null;
    return toComment(row, parentOf(row), likedIds, children);
  }

  const topLevel = rows.filter((row) => row.parentId === null || !byId.has(row.parentId));
  const ordered = await orderTopLevel(db, thread, topLevel, input.sort);
  return ordered.flatMap((row) => toNode(row, 0) ?? []);
}

async function orderTopLevel(
  db: Db,
  thread: Thread,
  rows: ThreadCommentRow[],
  sort: CommentSortValue,
): Promise<ThreadCommentRow[]> {
  const byTime = (a: ThreadCommentRow, b: ThreadCommentRow) =>
    a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id;
  if (sort === 'oldest') return [...rows].sort(byTime);
  if (sort === 'recent') return [...rows].sort((a, b) => byTime(b, a));

  const countReaders = createReaderCounter(
    await commentsRepository.listThreadActivity(db, thread.id, thread.opinionId),
  );
  const scored = rows
    .filter((row) => sort === 'score' || sort === 'persuasive' || row.responseType === sort)
    .map((row) => ({
      row,
      score: isRemoved(row)
        ? -1
        : wilsonLowerBound(row.likeCount, countReaders(row.createdAt, row.authorId)),
    }));
  // Most persuasive: the minds an argument changed first, then the good points' score
  // (docs/decisions/077-minds-changed.md).
  const persuaded = (row: ThreadCommentRow) =>
    sort === 'persuasive' && !isRemoved(row) ? row.persuadedCount : 0;
  scored.sort(
    (a, b) =>
      persuaded(b.row) - persuaded(a.row) ||
      b.score - a.score ||
      b.row.likeCount - a.row.likeCount ||
      byTime(b.row, a.row) ||
      b.row.id - a.row.id,
  );
  return scored.map((entry) => entry.row);
}

/** One comment as the viewer sees it, without its replies. */
async function readComment(db: Db, commentId: number, viewer: SessionUser): Promise<Comment> {
  const row = await findExistingComment(db, commentId);
  const parent = row.parentId ? await commentsRepository.findComment(db, row.parentId) : undefined;
  const likedIds = await commentsRepository.listCommentIdsLikedBy(db, viewer.id, [row.id]);
  return toComment(row, parent, likedIds, []);
}

function renderBody(source: string, field: string): string {
  const html = renderCommentMarkdown(source);
  if (html === '') throw new HttpError(400, `${field} is required: write something first`);
  return html;
}

const responseTypeRequired =
  'is required for an argument: choose For, Against, Mixed or Commentary';

/** An argument is a sentence or more; the form holds it back by the same rule (contract). */
function assertLongEnoughForArgument(body: string, field: string) {
  if (!isLongEnoughForArgument(body)) {
    throw new HttpError(400, `${field} is too short: ${argumentTooShortText}`);
  }
}

export async function createComment(
  db: Db,
  actor: Actor,
  input: { threadID: string; parentID: number; body: string; responseType: string },
): Promise<Comment> {
  const thread = await requireOpenThread(db, input.threadID);
  if (input.parentID > 0) {
    const parent = await commentsRepository.findComment(db, input.parentID);
    if (!parent || parent.threadId !== thread.id) {
      throw new HttpError(400, 'parentID: that comment is not in this thread');
    }
    if (isRemoved(parent)) {
      throw new HttpError(410, 'The comment you are replying to has been removed');
    }
  } else if (thread.opinionId !== null && input.responseType === '') {
    // A top-level argument on an opinion says which side it is on
    // (docs/product/validation.md#response-type).
    throw new HttpError(400, `responseType ${responseTypeRequired}`);
  }
  const bodyHtml = renderBody(input.body, 'body');
  if (input.parentID <= 0 && thread.opinionId !== null) {
    assertLongEnoughForArgument(input.body, 'body');
  }
  const commentId = await inTransaction(db, async (trx) => {
    const row = await commentsRepository.insertComment(trx, {
      threadId: thread.id,
      opinionId: thread.opinionId,
      parentId: input.parentID > 0 ? input.parentID : null,
      authorId: actor.user.id,
      bodySource: input.body,
      bodyHtml,
      responseType: input.responseType,
    });
    if (thread.opinionId !== null) {
      await commentsRepository.adjustOpinionCommentCount(trx, thread.opinionId, 1);
    }
    await commentsRepository.adjustKarma(trx, actor.user.id, karmaPerComment);
    await enqueueJob(trx, commentJobKinds.notifyComment, { commentId: row.id });
    await enqueueMilestoneCheck(trx, actor.user.id);
    return row.id;
  });
  if (thread.opinionId !== null) {
    announceChange(db, { on: 'opinion', id: thread.opinionId, what: 'comments' });
  }
  return readComment(db, commentId, actor.user);
}

export async function getCommentSource(db: Db, actor: Actor, commentId: number) {
  const row = await findExistingComment(db, commentId);
  assertVisible(row);
  if (row.authorId !== actor.user.id) {
    throw new HttpError(403, 'You can only edit your own comments');
  }
  return { Source: row.bodySource, ResponseType: toResponseType(row.responseType) };
}

export async function editComment(
  db: Db,
  actor: Actor,
  input: { commentID: number; newBody: string; newResponseType: string },
): Promise<Comment> {
  const row = await findExistingComment(db, input.commentID);
  assertVisible(row);
  if (row.authorId !== actor.user.id) {
    throw new HttpError(403, 'You can only edit your own comments');
  }
  const isArgument = row.parentId === null && row.opinionId !== null;
  if (isArgument && input.newResponseType === '') {
    throw new HttpError(400, `newResponseType ${responseTypeRequired}`);
  }
  const bodyHtml = renderBody(input.newBody, 'newBody');
  if (isArgument) assertLongEnoughForArgument(input.newBody, 'newBody');
  const updated = await commentsRepository.updateCommentBody(db, row.id, {
    bodySource: input.newBody,
    bodyHtml,
    responseType: input.newResponseType,
  });
  if (!updated) throw new HttpError(410, 'This comment has been deleted');
  argumentsChanged(db, row.opinionId);
  return readComment(db, row.id, actor.user);
}

/**
 * Deletes a comment: its author ('user') or a member with CanDeleteContent ('moderator'). Its
 * counters (the opinion's live comments, the author's karma for it, its good points and the minds
 * it changed) and its
 * open reports change in the same transaction.
 */
export async function deleteComment(db: Db, actor: Actor, commentId: number): Promise<Comment> {
  const row = await findExistingComment(db, commentId);
  if (row.deleted) throw new HttpError(410, 'This comment has already been deleted');
  const isOwn = row.authorId === actor.user.id;
  if (!isOwn && !actor.canDeleteContent) {
    throw new HttpError(403, 'You can only delete your own comments');
  }
  const opinionId = await inTransaction(db, async (trx) => {
    const deleted = await commentsRepository.markCommentDeleted(
      trx,
      commentId,
      isOwn ? 'user' : 'moderator',
    );
    if (!deleted) throw new HttpError(410, 'This comment has already been deleted');
    if (deleted.opinionId !== null) {
      await commentsRepository.adjustOpinionCommentCount(trx, deleted.opinionId, -1);
    }
    await commentsRepository.adjustKarma(
      trx,
      deleted.authorId,
      -(
        karmaPerComment +
        karmaPerGoodPointReceived * deleted.likeCount +
        karmaPerMindChanged * deleted.persuadedCount
      ),
    );
    await commentsRepository.resolveOpenReports(trx, commentId, 'deleted', actor.user.id);
    return deleted.opinionId;
  });
  if (opinionId !== null) announceChange(db, { on: 'opinion', id: opinionId, what: 'comments' });
  return readComment(db, commentId, actor.user);
}

/**
 * Gives (liked) or takes back a good point. Idempotent: the like row's primary key decides, and
 * the derived count and the author's karma move only when a row was really added or removed, in
 * the same transaction, so concurrent requests cannot make them drift.
 */
export async function setCommentLike(
  db: Db,
  actor: Actor,
  input: { commentID: number; liked: boolean },
): Promise<{ LikeNum: number; LikedByMe: boolean }> {
  const row = await findExistingComment(db, input.commentID);
  assertVisible(row);
  if (row.authorId === actor.user.id) {
    throw new HttpError(403, 'You cannot give a good point to your own comment');
  }
  const userId = actor.user.id;
  const answer = await inTransaction(db, async (trx) => {
    const isChanged = input.liked
      ? await commentsRepository.insertLike(trx, row.id, userId)
      : await commentsRepository.deleteLike(trx, row.id, userId);
    if (!isChanged) {
      return {
        LikeNum: await commentsRepository.findLikeCount(trx, row.id),
        LikedByMe: input.liked,
        isChanged: false,
      };
    }
    const counted = await commentsRepository.adjustLikeCount(trx, row.id, input.liked ? 1 : -1);
    // Deleted or hidden since the check above: throwing rolls the like row back too.
    if (!counted) throw new HttpError(410, 'This comment has been removed');
    await commentsRepository.adjustKarma(
      trx,
      counted.authorId,
      (input.liked ? 1 : -1) * karmaPerGoodPointReceived,
    );
    if (input.liked) {
      await enqueueJob(trx, commentJobKinds.notifyLike, { commentId: row.id, likerId: userId });
      await enqueueMilestoneCheck(trx, counted.authorId);
    }
    return { LikeNum: counted.likeCount, LikedByMe: input.liked, isChanged: true };
  });
  if (answer.isChanged) argumentsChanged(db, row.opinionId);
  return { LikeNum: answer.LikeNum, LikedByMe: answer.LikedByMe };
}

/**
 * Files a member's report (one open report per member and comment; reporting again changes
 * nothing). Then, in the same transaction, the hiding rule: the third distinct member with an
 * open report hides the comment until a moderator dismisses the reports or deletes it.
 */
export async function reportComment(
  db: Db,
  actor: Actor,
  input: { commentID: number; reason: string; note: string },
): Promise<void> {
  const row = await findExistingComment(db, input.commentID);
  if (row.deleted) throw new HttpError(410, 'This comment has been deleted');
  if (row.authorId === actor.user.id) {
    throw new HttpError(400, 'You cannot report your own comment');
  }
  const isHidden = await inTransaction(db, async (trx) => {
    // Locking the comment serializes reports on it, so the count below sees every earlier one.
    const locked = await commentsRepository.lockLiveComment(trx, row.id);
    if (!locked) throw new HttpError(410, 'This comment has been deleted');
    await commentsRepository.insertReport(trx, {
      commentId: row.id,
      reporterId: actor.user.id,
      reason: input.reason,
      note: input.note,
    });
    if (locked.hiddenAt !== null) return false;
    const reporters = await commentsRepository.countOpenReporters(trx, row.id);
    if (reporters < reportersToHide) return false;
    await commentsRepository.setCommentHidden(trx, row.id, true);
    return true;
  });
  if (isHidden) argumentsChanged(db, row.opinionId);
}

/** The moderation queue: live comments with open reports, hidden ones first, then oldest report. */
export async function listModerationQueue(db: Db, actor: Actor | null): Promise<ReportedComment[]> {
  requireModerator(actor);
  const rows = await commentsRepository.listReportedComments(db, 200);
  const reports = await commentsRepository.listOpenReports(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const path = row.opinionSlug ? `/o/${row.opinionSlug}` : '/suggest';
    return {
      CommentID: row.id,
      Body: row.bodyHtml,
      UsernameCased: row.username,
      Created: row.createdAt.toISOString(),
      Hidden: row.hiddenAt !== null,
      Link: `${path}#comment-${row.id}`,
      ThreadTitle: row.opinionTitle ?? 'Suggestions',
      Reports: reports
        .filter((report) => report.commentId === row.id)
        .map((report) => ({
          Reason: report.reason as ReportedComment['Reports'][number]['Reason'],
          Note: report.note,
          ReporterName: report.username,
          Created: report.createdAt.toISOString(),
        })),
    };
  });
}

/** A moderator finds the reports unfounded: they close, and a hidden comment shows again. */
export async function dismissReports(db: Db, actor: Actor | null, commentId: number) {
  const moderator = requireModerator(actor);
  const shownAgain = await inTransaction(db, async (trx) => {
    const locked = await commentsRepository.lockLiveComment(trx, commentId);
    if (!locked) throw new HttpError(404, 'This comment does not exist or has been deleted');
    const resolved = await commentsRepository.resolveOpenReports(
      trx,
      commentId,
      'dismissed',
      moderator.user.id,
    );
    if (resolved === 0) throw new HttpError(409, 'This comment has no open reports');
    if (locked.hiddenAt === null) return null;
    await commentsRepository.setCommentHidden(trx, commentId, false);
    return locked;
  });
  if (shownAgain) argumentsChanged(db, shownAgain.opinionId);
}

/**
 * After an argument's text, good points or visibility changed: pages that show its opinion's
 * arguments are drawn again (the server keeps a visitor's copy of an opinion's page until then).
 */
function argumentsChanged(db: Db, opinionId: number | null) {
  if (opinionId !== null) announceChange(db, { on: 'opinion', id: opinionId, what: 'arguments' });
}

/** What a notification about a comment needs: the comment, what it answers, and its thread. */
export async function findCommentContext(db: Db, commentId: number) {
  const row = await commentsRepository.findComment(db, commentId);
  if (!row) return null;
  const [parent, thread] = await Promise.all([
    row.parentId ? commentsRepository.findComment(db, row.parentId) : undefined,
    findThread(db, row.threadId),
  ]);
  if (!thread) return null;
  return {
    comment: {
      id: row.id,
      authorId: row.authorId,
      username: row.username,
      bodyHtml: row.bodyHtml,
      isLive: !isRemoved(row),
    },
    parent: parent ? { authorId: parent.authorId, isLive: !isRemoved(parent) } : null,
    thread,
    link: commentLink(thread, row.id),
  };
}

export async function hasGivenGoodPoint(db: Db, commentId: number, userId: number) {
  return commentsRepository.hasLiked(db, commentId, userId);
}

/**
 * Derived conversation counters that disagree with the raw rows: like counts, counts of minds
 * changed and karma.
 */
export async function findConversationDrift(db: Db) {
  const [likeCounts, persuadedCounts, karma] = await Promise.all([
    commentsRepository.findLikeCountDrift(db),
    commentsRepository.findPersuadedCountDrift(db),
    findKarmaDrift(db),
  ]);
  return { likeCounts, persuadedCounts, karma };
}
