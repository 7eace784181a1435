import { z } from 'zod';
import { defineCall, pageFields } from './api.ts';
import { feedCards, opinion, topicSummary, voteResults } from './entities.ts';
import * as base from './opinions.base.ts';
import { opinionTitleLimits, maximumTopicsPerOpinion, topicTitleLimits } from './opinions.base.ts';

export {
  opinionTitleLimits,
  maximumTopicsPerOpinion,
  pendingTopicSearchError,
  topicTitleLimits,
} from './opinions.base.ts';

export const slugParameter = z
  .string({ error: 'slug is required' })
  .trim()
  .min(1, 'slug is required')
  .max(200, 'slug is too long');

export const getOpinion = defineCall({
  ...base.getOpinion,
  payload: z.object({ slug: slugParameter }),
  response: z.object({
    Opinion: opinion,
    /** Present once the current user has voted, else null. */
    Results: voteResults.nullable(),
    /**
     * For a quiz item: the shortest quiz that asks it, where it can be answered with the rest of
     * its report (docs/decisions/041-quizzes-and-reports.md); null for an ordinary opinion.
     */
    Quiz: z.object({ Slug: z.string(), Title: z.string() }).nullable(),
    /**
     * Members whose vote on it moved toward Agree, and toward Disagree, of where they started;
     * each null under MIN_GROUP_SIZE (docs/decisions/077-minds-changed.md).
     */
    Movement: z.object({
      TowardAgree: z.number().int().nullable(),
      TowardDisagree: z.number().int().nullable(),
    }),
  }),
});

const feedPage = {
  /** Opinion ids in feed order. */
  Feed: z.array(z.number().int()),
  /** The same opinions, in the same order. */
  Opinions: z.array(opinion),
  ...pageFields,
  /** First page only: the current user's own recent opinions, shown first. */
  Recent: z.array(opinion).optional(),
  /** First page only: the sidebar cards. */
  Cards: feedCards.optional(),
};

export const cursorParameter = z
  .string({ error: 'after must be a string' })
  .max(200, 'after is not a valid cursor')
  .optional();

export const userFeed = defineCall({
  ...base.userFeed,
  payload: z.object({ after: cursorParameter }).strict(),
  response: z.object(feedPage),
});

export const topicDetails = topicSummary.extend({
  Description: z.string(),
  NumOpinions: z.number().int(),
  NumFollowers: z.number().int(),
  /** Whether the current user follows the topic; false for visitors. */
  FollowedByMe: z.boolean(),
});

export const getTopic = defineCall({
  ...base.getTopic,
  payload: z.object({ slug: slugParameter, after: cursorParameter }),
  response: z.object({ Topic: topicDetails, ...feedPage }),
});

/** A topic of the topics page, with its size. */
export const topicWithCount = topicSummary.extend({
  /** Its listed, live opinions: the count the topic page's NumOpinions gives. */
  NumOpinions: z.number().int(),
});

export const getAllTopics = defineCall({
  ...base.getAllTopics,
  payload: z.object({}),
  response: z.object({ Topics: z.array(topicWithCount) }),
});

/** A positive whole number naming a row; the message names the field. */
function artifactId(field: string) {
  return z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .positive(`${field} must be a positive number`);
}

export const castVote = defineCall({
  ...base.castVote,
  payload: z
    .object({
      id: artifactId('id'),
      rating: z
        .number({ error: 'rating must be a whole number from 1 to 5' })
        .int('rating must be a whole number from 1 to 5')
        .min(1, 'rating must be a whole number from 1 to 5')
        .max(5, 'rating must be a whole number from 1 to 5'),
    })
    .strict(),
  response: z.object({
    /** The vote now recorded, 1 … 5. */
    Rating: z.number().int(),
    Results: voteResults,
  }),
});

const opinionTitle = z
  .string({ error: 'title is required' })
  .transform((title) => title.replace(/\s+/g, ' ').trim())
  .pipe(
    z
      .string()
      .min(1, 'title is required')
      .min(
        opinionTitleLimits.min,
        `title must be at least ${opinionTitleLimits.min} characters long`,
      )
      .max(
        opinionTitleLimits.max,
        `title must be at most ${opinionTitleLimits.max} characters long`,
      ),
  );

const topicIdList = z
  .array(z.number().int().positive(), { error: 'topics must be a JSON list of topic ids' })
  .max(maximumTopicsPerOpinion, `topics: choose at most ${maximumTopicsPerOpinion} topics`);

/** The topics come as a JSON list; a JSON string of that list is accepted too (decision 015). */
const opinionTopics = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value === '' ? '[]' : value);
  } catch {
    return value;
  }
}, topicIdList);

/** The opinion form: title, id, topics, topicSearch (docs/product/entities.md#forms). */
const opinionForm = {
  title: opinionTitle,
  topics: opinionTopics,
  /** The text left in the form's topic search box; must be empty. */
  topicSearch: z.string().max(200, 'topicSearch is too long').optional(),
};

const savedOpinion = z.object({ Slug: z.string(), ArtifactID: z.number().int() });

export const createOpinion = defineCall({
  ...base.createOpinion,
  payload: z.object({
    ...opinionForm,
    /** The form's id field, empty for a new opinion; ignored. */
    id: z.union([z.number(), z.string().max(20)]).optional(),
  }),
  response: savedOpinion,
});

export const editOpinion = defineCall({
  ...base.editOpinion,
  payload: z.object({ id: artifactId('id'), ...opinionForm }),
  response: savedOpinion,
});

export const deleteOpinion = defineCall({
  ...base.deleteOpinion,
  payload: z
    .object({
      opinionID: artifactId('opinionID'),
      /** true deletes, false restores. */
      deleted: z.boolean({ error: 'deleted must be true or false' }),
    })
    .strict(),
  response: z.object({ ArtifactID: z.number().int(), Deleted: z.boolean() }),
});

export const createTopic = defineCall({
  ...base.createTopic,
  payload: z
    .object({
      title: z
        .string({ error: 'title is required' })
        .transform((title) => title.replace(/\s+/g, ' ').trim())
        .pipe(
          z
            .string()
            .min(
              topicTitleLimits.min,
              `title must be at least ${topicTitleLimits.min} characters long`,
            )
            .max(
              topicTitleLimits.max,
              `title must be at most ${topicTitleLimits.max} characters long`,
            ),
        ),
    })
    .strict(),
  response: z.object({ NewTopic: topicSummary }),
});

export const followTopic = defineCall({
  ...base.followTopic,
  payload: z
    .object({
      topicID: artifactId('topicID'),
      /** true follows, false unfollows. */
      followed: z.boolean({ error: 'followed must be true or false' }),
    })
    .strict(),
  response: z.object({ NumFollowers: z.number().int(), FollowedByMe: z.boolean() }),
});
