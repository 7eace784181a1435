import { z } from 'zod';
import { defineCall, emptyResponse, pageFields } from './api.ts';
import { opinion, voteResults } from './entities.ts';
import { cursorParameter, slugParameter } from './opinions.ts';
import * as base from './questions.base.ts';
import {
  allCategories,
  argumentSorts,
  categoryTitleLimits,
  convoDescriptionMaxLength,
  convoImageTypes,
  convoPositionLimits,
  convoTitleLimits,
} from './questions.base.ts';

export {
  allCategories,
  questionLink,
  questionRoute,
  convoTitleLimits,
  convoDescriptionMaxLength,
  convoPositionLimits,
  categoryTitleLimits,
  convoImageTypes,
  convoImageMaxBytes,
  convoImageWidths,
  argumentSorts,
  convincingBadgeLabel,
  noArgumentsText,
  strongestArgumentsPerSide,
  type ArgumentSort,
  type ConvoImageType,
} from './questions.base.ts';

/*
 * Questions (convos), their positions (opinions) and their arguments (the top-level pro, con and
 * neutral comments on those opinions): docs/decisions/047-questions-and-arguments.md.
 */

/** A positive whole number naming a row; the message names the field. */
function rowId(field: string) {
  return z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .positive(`${field} must be a positive number`)
    .max(2_147_483_647, `${field} is not a valid id`);
}

/** `Category {ID, Title}`, with how many questions it holds. */
export const category = z.object({
  ID: z.number().int(),
  Title: z.string(),
  NumConvos: z.number().int(),
});
export type Category = z.infer<typeof category>;

/**
 * A question's image, re-encoded as WebP. `ImageSrc` is the middle width (or the widest there is),
 * `ImageSrcSet` every width as `url {w}w`; `ImageWidth`/`ImageHeight` are `ImageSrc`'s pixels, for
 * the `<img>`'s width and height (no layout shift). All '' and 0 when the question has no image.
 */
const imageFields = {
  ImageSrc: z.string(),
  ImageSrcSet: z.string(),
  ImageWidth: z.number().int(),
  ImageHeight: z.number().int(),
};

/** The image fields on their own: the answer of an upload. */
export const convoImage = z.object(imageFields);
export type ConvoImage = z.infer<typeof convoImage>;

/** A question in the question feed: the feed tuple of docs/product/entities.md. */
export const convoTuple = z.object({
  /** The question's id. */
  ID: z.number().int(),
  Slug: z.string(),
  Title: z.string(),
  /** Plain text; line breaks kept (shown with `white-space: pre-line`). */
  Description: z.string(),
  /** `/question/{slug}`. */
  Link: z.string(),
  ...imageFields,
  /** Votes cast on its positions, together. */
  NumVotes: z.number().int(),
  /** The question's own title again (a feed tuple's field; `PosTitle` is '' for a question). */
  ConvoTitle: z.string(),
  PosTitle: z.string(),
  Category: category.pick({ ID: true, Title: true }),
  NumPositions: z.number().int(),
  /** Its live arguments (top-level pro, con and neutral comments on its positions). */
  NumArguments: z.number().int(),
  /** ISO timestamp of creation. */
  Created: z.string(),
});
export type ConvoTuple = z.infer<typeof convoTuple>;

/** An argument: a top-level pro, con or neutral comment on a position of a question. */
export const argumentTuple = z.object({
  /** The comment's id (`CommentID`). */
  ID: z.number().int(),
  /** The argument's first line as plain text, cut at 120 characters with '…'. */
  Title: z.string(),
  /** The argument as plain text, cut at 300 characters with '…': the excerpt. */
  Description: z.string(),
  /** The comment in its opinion's thread: `/o/{slug}#comment-{id}`. */
  Link: z.string(),
  /** The question's image (the question the position belongs to), '' and 0 when none. */
  ...imageFields,
  /** Votes on the position. */
  NumVotes: z.number().int(),
  /** The question the position belongs to (the oldest, when it belongs to several). */
  ConvoTitle: z.string(),
  /** `/question/{slug}` of that question. */
  ConvoLink: z.string(),
  /** The position (opinion) the argument argues. */
  PosTitle: z.string(),
  /** `/o/{slug}` of the position. */
  PosLink: z.string(),
  /** pro = For, con = Against, neutral = Mixed. */
  ResponseType: z.enum(['pro', 'con', 'neutral']),
  UsernameCased: z.string(),
  /** Good points. */
  LikeNum: z.number().int(),
  /** Members who credited it with changing their mind (docs/decisions/077-minds-changed.md). */
  Persuaded: z.number().int(),
  /**
   * The bridging score, 0–1 with 4 decimals: the geometric mean over the position's two sides
   * (agree, disagree) of (likes from that side + 1) / (voters on that side + 2)
   * (docs/decisions/047-questions-and-arguments.md).
   */
  Bridging: z.number(),
  /** True above the threshold of decision 047: shown as 'Convincing across sides'. */
  Convincing: z.boolean(),
  Created: z.string(),
});
export type ArgumentTuple = z.infer<typeof argumentTuple>;

/** `categoryID`: 'all' or a category's ID (a number, or its digits as text). */
const categoryIdParameter = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value),
  z.union([z.literal(allCategories), rowId('categoryID')], {
    error: "categoryID must be 'all' or a category id",
  }),
);

export const convoFeed = defineCall({
  ...base.convoFeed,
  payload: z
    .object({
      categoryID: categoryIdParameter.default(allCategories),
      after: cursorParameter,
    })
    .strict(),
  response: z.object({
    /** Newest first, 20 a page. */
    Feed: z.array(convoTuple),
    /** Every category, by title (including those with no question yet). */
    Categories: z.array(category),
    ...pageFields,
  }),
});

export const argFeed = defineCall({
  ...base.argFeed,
  payload: z
    .object({
      after: cursorParameter,
      sort: z
        .enum(argumentSorts, { error: `sort must be one of ${argumentSorts.join(', ')}` })
        .default('bridging'),
    })
    .strict(),
  response: z.object({
    /** 20 a page, in the order of `sort`. */
    Feed: z.array(argumentTuple),
    Categories: z.array(category),
    ...pageFields,
  }),
});

/** A question on its own page. */
export const convo = convoTuple.omit({ ConvoTitle: true, PosTitle: true });
export type Convo = z.infer<typeof convo>;

/** A position on the question page. */
export const position = z.object({
  /** The opinion, with the current user's `Rating` (0 when not voted). */
  Opinion: opinion,
  /** Present once the current user has voted on it, else null (as `/api/opinion/get`). */
  Results: voteResults.nullable(),
  /**
   * Its strongest arguments for, those that changed the most minds first, then by bridging rank,
   * at most `strongestArgumentsPerSide`.
   */
  For: z.array(argumentTuple),
  /** Its strongest arguments against, the same way. */
  Against: z.array(argumentTuple),
  /** Its live arguments of every type (pro, con, neutral). */
  NumArguments: z.number().int(),
});
export type Position = z.infer<typeof position>;

export const getConvo = defineCall({
  ...base.getConvo,
  payload: z.object({ slug: slugParameter }),
  response: z.object({
    Convo: convo,
    /** In the order staff chose. A deleted opinion is left out. */
    Positions: z.array(position),
  }),
});

const convoTitle = z
  .string({ error: 'title is required' })
  .transform((title) => title.replace(/\s+/g, ' ').trim())
  .pipe(
    z
      .string()
      .min(1, 'title is required')
      .min(convoTitleLimits.min, `title must be at least ${convoTitleLimits.min} characters long`)
      .max(convoTitleLimits.max, `title must be at most ${convoTitleLimits.max} characters long`),
  );

const convoDescription = z
  .string({ error: 'description must be text' })
  .transform((text) =>
    text
      .replace(/\r\n?/g, '\n')
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
  )
  .pipe(
    z
      .string()
      .max(
        convoDescriptionMaxLength,
        `description must be at most ${convoDescriptionMaxLength} characters long`,
      ),
  );

/**
 * A position of the form: an existing opinion (`{opinionID}`) or a new one created with the
 * question (`{title}`, an opinion title: 8–200 characters).
 */
const positionChoice = z
  .object({
    opinionID: rowId('positions: opinionID').optional(),
    title: z.string({ error: 'positions: title must be text' }).max(400).optional(),
  })
  .strict()
  .refine(
    (choice) => (choice.opinionID === undefined) !== (choice.title === undefined),
    'positions: each position is either {opinionID} or {title}',
  );

const convoForm = {
  title: convoTitle,
  description: convoDescription.default(''),
  categoryID: rowId('categoryID'),
  positions: z
    .array(positionChoice, { error: 'positions must be a list' })
    .min(convoPositionLimits.min, `positions: choose at least ${convoPositionLimits.min} positions`)
    .max(convoPositionLimits.max, `positions: choose at most ${convoPositionLimits.max} positions`),
};

const savedConvo = z.object({ ID: z.number().int(), Slug: z.string() });

/** Staff with CanCreateOpinions: a new question. */
export const createConvo = defineCall({
  ...base.createConvo,
  payload: z.object(convoForm).strict(),
  response: savedConvo,
});

/** Staff with CanCreateOpinions: the question's title, description, category and positions. */
export const editConvo = defineCall({
  ...base.editConvo,
  payload: z.object({ id: rowId('id'), ...convoForm }).strict(),
  response: savedConvo,
});

/**
 * Staff with CanCreateOpinions: the question's image, replacing any it had. `data` is the file's
 * bytes in base64 (no `data:` prefix); the request may be up to about 7 MB. Other types 415, over
 * 5 MB 413, bytes that do not decode 400; nothing is stored on a failure.
 */
export const uploadConvoImage = defineCall({
  ...base.uploadConvoImage,
  payload: z
    .object({
      convoID: rowId('convoID'),
      contentType: z.string({ error: 'contentType is required' }).max(100),
      data: z.string({ error: 'data must be the image in base64' }).min(1, 'data is empty'),
    })
    .strict(),
  response: convoImage,
});

export const deleteConvoImage = defineCall({
  ...base.deleteConvoImage,
  payload: z.object({ convoID: rowId('convoID') }).strict(),
  response: emptyResponse,
});

export const getAllCategories = defineCall({
  ...base.getAllCategories,
  payload: z.object({}),
  response: z.object({ Categories: z.array(category) }),
});

const categoryTitle = z
  .string({ error: 'title is required' })
  .transform((title) => title.replace(/\s+/g, ' ').trim())
  .pipe(
    z
      .string()
      .min(
        categoryTitleLimits.min,
        `title must be at least ${categoryTitleLimits.min} characters long`,
      )
      .max(
        categoryTitleLimits.max,
        `title must be at most ${categoryTitleLimits.max} characters long`,
      ),
  );

/** Staff with CanCreateOpinions. A title already taken (in any letter case) is 409. */
export const createCategory = defineCall({
  ...base.createCategory,
  payload: z.object({ title: categoryTitle }).strict(),
  response: z.object({ Category: category }),
});

export const editCategory = defineCall({
  ...base.editCategory,
  payload: z.object({ id: rowId('id'), title: categoryTitle }).strict(),
  response: z.object({ Category: category }),
});

/** Only an empty category can be deleted: one that holds questions is 409. */
export const deleteCategory = defineCall({
  ...base.deleteCategory,
  payload: z.object({ id: rowId('id') }).strict(),
  response: emptyResponse,
});

/** `convoImageTypes` as a zod enum, for the server's check of `contentType`. */
export const convoImageType = z.enum(convoImageTypes);
