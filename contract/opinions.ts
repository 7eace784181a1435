import { z } from 'zod';
import { defineCall, pageFields } from './api.ts';
import { feedCards, opinion, topicSummary, voteResults } from './entities.ts';

export const slugParameter = z
  .string({ error: 'slug is required' })
  .trim()
  .min(1, 'slug is required')
  .max(200, 'slug is too long');

export const getOpinion = defineCall({
  method: 'GET',
  path: '/api/opinion/get',
  payload: z.object({ slug: slugParameter }),
  response: z.object({
    Opinion: opinion,
    /** Present once the current user has voted, else null. */
    Results: voteResults.nullable(),
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
  method: 'POST',
  path: '/api/opinion/userfeed',
  payload: z.object({ after: cursorParameter }).strict(),
  response: z.object(feedPage),
});

export const topicDetails = topicSummary.extend({
  Description: z.string(),
  NumOpinions: z.number().int(),
});

export const getTopic = defineCall({
  method: 'GET',
  path: '/api/topic/get',
  payload: z.object({ slug: slugParameter, after: cursorParameter }),
  response: z.object({ Topic: topicDetails, ...feedPage }),
});

export const getAllTopics = defineCall({
  method: 'GET',
  path: '/api/topic/getall',
  payload: z.object({}),
  response: z.object({ Topics: z.array(topicSummary) }),
});
