import { z } from 'zod';
import { defineCall, emptyPayload, emptyResponse } from './api.ts';
import * as base from './comments.base.ts';
import { commentBodyMaxLength } from './comments.base.ts';
import { formatCount } from './numbers.base.ts';

export {
  suggestionsThreadId,
  commentBodyMaxLength,
  commentShortHintLength,
} from './comments.base.ts';

/**
 * For = pro, Against = con, Mixed = neutral, Commentary = commentary
 * (docs/product/entities.md#response-types).
 */
export const commentResponseTypes = ['pro', 'con', 'neutral', 'commentary'] as const;
export type CommentResponseType = (typeof commentResponseTypes)[number];

export const commentSortValues = [
  'score',
  'persuasive',
  'pro',
  'commentary',
  'con',
  'recent',
  'oldest',
] as const;
export type CommentSortValue = (typeof commentSortValues)[number];

export const commentReportReasons = ['spam', 'harassment', 'hate', 'off-topic', 'other'] as const;

export type Comment = {
  CommentID: number;
  /** The author's UserID; 0 once the comment is removed. */
  UID: number;
  /** The author's username as typed; '' once the comment is removed. */
  UsernameCased: string;
  /** Sanitized HTML rendered by the server; '' once the comment is removed. */
  Body: string;
  /** ISO timestamp. */
  Created: string;
  /** ISO timestamp of the last edit; '' when never edited. */
  Edited: string;
  Deleted: boolean;
  /** Why it is gone: 'user' (its author), 'moderator' (flagged), 'other'; '' when live. */
  DeletedReason: '' | 'user' | 'moderator' | 'other';
  ResponseType: '' | CommentResponseType;
  /** 0 for a top-level comment. */
  ParentID: number;
  /** Replies, oldest first. */
  Children: Comment[];
  /** Good points received. */
  LikeNum: number;
  LikedByMe: boolean;
  /** Members whose change of vote this argument is credited with ("Changed N minds"); 0 once removed. */
  Persuaded: number;
  /** The author of the comment this one replies to; '' at the top level. */
  ReplyToName: string;
};

export const comment: z.ZodType<Comment> = z.object({
  CommentID: z.number().int(),
  UID: z.number().int(),
  UsernameCased: z.string(),
  Body: z.string(),
  Created: z.string(),
  Edited: z.string(),
  Deleted: z.boolean(),
  DeletedReason: z.enum(['', 'user', 'moderator', 'other']),
  ResponseType: z.enum(['', ...commentResponseTypes]),
  ParentID: z.number().int(),
  get Children() {
    return z.array(comment);
  },
  LikeNum: z.number().int(),
  LikedByMe: z.boolean(),
  Persuaded: z.number().int(),
  ReplyToName: z.string(),
});

const commentId = z
  .number({ error: 'commentID must be a comment id (a positive whole number)' })
  .int('commentID must be a comment id (a positive whole number)')
  .positive('commentID must be a comment id (a positive whole number)');

/** The page the action was taken on; the server builds its own links and only checks the size. */
const pathname = z.string({ error: 'pathname must be a string' }).max(2000, 'pathname is too long');

const threadId = z
  .string({ error: 'threadID is required' })
  .trim()
  .min(1, 'threadID is required')
  .max(40, 'threadID is too long');

const body = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required: write something first`)
    .max(
      commentBodyMaxLength,
      `${field} is too long: at most ${formatCount(commentBodyMaxLength)} characters`,
    );

const responseType = (field: string) =>
  z
    .enum(['', ...commentResponseTypes], {
      error: `${field} must be one of pro, con, neutral or commentary`,
    })
    .optional()
    .default('');

export const getComments = defineCall({
  ...base.getComments,
  payload: z
    .object({
      threadID: threadId,
      sort: z
        .enum(commentSortValues, {
          error: `sort must be one of ${commentSortValues.join(', ')}`,
        })
        .optional()
        .default('score'),
    })
    .strict(),
  response: z.object({
    /** Top-level comments in the requested order, each with its replies in Children. */
    Comments: z.array(comment),
  }),
});

export const createComment = defineCall({
  ...base.createComment,
  payload: z
    .object({
      threadID: threadId,
      /** 0 (or absent) for a top-level argument. */
      parentID: z
        .number({ error: 'parentID must be a comment id or 0' })
        .int('parentID must be a comment id or 0')
        .min(0, 'parentID must be a comment id or 0')
        .nullish()
        .transform((value) => value ?? 0),
      body: body('body'),
      pathname: pathname.optional(),
      responseType: responseType('responseType'),
    })
    .strict(),
  response: z.object({ Comment: comment }),
});

export const editComment = defineCall({
  ...base.editComment,
  payload: z
    .object({
      commentID: commentId,
      newBody: body('newBody'),
      newResponseType: responseType('newResponseType'),
      pathname: pathname.optional(),
    })
    .strict(),
  response: z.object({ Comment: comment }),
});

export const deleteComment = defineCall({
  ...base.deleteComment,
  payload: z.object({ commentID: commentId, pathname: pathname.optional() }).strict(),
  /** The comment as it now shows: its placeholder (Children left empty; reload the thread). */
  response: z.object({ Comment: comment }),
});

export const reportComment = defineCall({
  ...base.reportComment,
  payload: z
    .object({
      commentID: commentId,
      pathname: pathname.optional(),
      // The flag modal may offer a reason; the call works without one (filed as 'other').
      reason: z
        .enum(commentReportReasons, {
          error: `reason must be one of ${commentReportReasons.join(', ')}`,
        })
        .optional()
        .default('other'),
      note: z
        .string({ error: 'note must be a string' })
        .trim()
        .max(1000, 'note is too long: at most 1,000 characters')
        .optional()
        .default(''),
    })
    .strict(),
  response: emptyResponse,
});

export const likeComment = defineCall({
  ...base.likeComment,
  payload: z
    .object({
      commentID: commentId,
      liked: z.boolean({ error: 'liked must be true or false' }),
      pathname: pathname.optional(),
    })
    .strict(),
  response: z.object({ LikeNum: z.number().int(), LikedByMe: z.boolean() }),
});

export const getCommentSource = defineCall({
  ...base.getCommentSource,
  payload: z.object({ commentID: commentId }).strict(),
  response: z.object({
    /** The Markdown the author wrote. */
    Source: z.string(),
    ResponseType: z.enum(['', ...commentResponseTypes]),
  }),
});

export const commentReport = z.object({
  Reason: z.enum(commentReportReasons),
  Note: z.string(),
  ReporterName: z.string(),
  Created: z.string(),
});

export const reportedComment = z.object({
  CommentID: z.number().int(),
  /** The comment's HTML: staff judge what the reporters saw, even while it is hidden. */
  Body: z.string(),
  UsernameCased: z.string(),
  Created: z.string(),
  /** True once enough members reported it: readers see it as flagged until reviewed. */
  Hidden: z.boolean(),
  /** Where it sits: `/o/{slug}#comment-{id}` or `/suggest#comment-{id}`. */
  Link: z.string(),
  ThreadTitle: z.string(),
  /** Open reports, oldest first. */
  Reports: z.array(commentReport),
});
export type ReportedComment = z.infer<typeof reportedComment>;

/** The moderation queue: live comments with open reports, hidden ones first. */
export const listReportedComments = defineCall({
  ...base.listReportedComments,
  payload: emptyPayload,
  response: z.object({ Comments: z.array(reportedComment) }),
});

/** Closes a comment's open reports as unfounded and shows it again if it was hidden. */
export const dismissCommentReports = defineCall({
  ...base.dismissCommentReports,
  payload: z.object({ commentID: commentId }).strict(),
  response: emptyResponse,
});
