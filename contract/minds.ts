import { z } from 'zod';
import { defineCall } from './api.ts';
import * as base from './minds.base.ts';

export {
  changedMindsText,
  directionOf,
  opinionHistoryPageSize,
  sideMovedToward,
} from './minds.base.ts';

const rating = z.number().int().min(1).max(5);

/** One vote change of the member's history (docs/decisions/077-minds-changed.md). */
export const voteChange = z.object({
  Opinion: z.object({ Slug: z.string(), Title: z.string() }),
  /** The rating before and after: 1 Strongly Agree … 5 Strongly Disagree. */
  From: rating,
  To: rating,
  /** ISO timestamp. */
  At: z.string(),
  /** The argument the member credited with this change; null when none. */
  PersuadedBy: z
    .object({
      CommentID: z.number().int(),
      /** `/o/{slug}#comment-{id}`. */
      Link: z.string(),
      /** A plain-text excerpt of the argument; '' once it is removed. */
      Excerpt: z.string(),
      /** Its author's username; '' once it is removed. */
      UsernameCased: z.string(),
    })
    .nullable(),
});
export type VoteChange = z.infer<typeof voteChange>;

export const getOpinionHistory = defineCall({
  ...base.getOpinionHistory,
  payload: z
    .object({
      after: z
        .string({ error: 'after must be a string' })
        .max(200, 'after is not a valid cursor')
        .optional(),
    })
    .strict(),
  response: z.object({
    /** Newest first. */
    Changes: z.array(voteChange),
    /** Opaque cursor for the next page; '' at the end. */
    After: z.string(),
  }),
});

export const creditPersuasion = defineCall({
  ...base.creditPersuasion,
  payload: z
    .object({
      commentID: z
        .number({ error: 'commentID must be a comment id (a positive whole number)' })
        .int('commentID must be a comment id (a positive whole number)')
        .positive('commentID must be a comment id (a positive whole number)'),
    })
    .strict(),
  /** The argument's count of minds changed, this one included. */
  response: z.object({ Persuaded: z.number().int() }),
});

export const getOpinionTrend = defineCall({
  ...base.getOpinionTrend,
  payload: z
    .object({
      id: z.coerce
        .number({ error: 'id must be an opinion id (a positive whole number)' })
        .int('id must be an opinion id (a positive whole number)')
        .positive('id must be an opinion id (a positive whole number)')
        .max(2_147_483_647, 'id must be an opinion id (a positive whole number)'),
    })
    .strict(),
  response: z.object({
    /**
     * Oldest first, one per UTC day with at least MIN_GROUP_SIZE voters at its end: whole percent
     * of them on the Agree side (1–2), Neutral (3) and the Disagree side (4–5).
     */
    Days: z.array(
      z.object({
        Day: z.string(),
        Voters: z.number().int(),
        Agree: z.number().int(),
        Neutral: z.number().int(),
        Disagree: z.number().int(),
      }),
    ),
  }),
});
