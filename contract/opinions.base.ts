/*
 * The opinions calls' methods and paths, and the values both sides share: no zod, so the browser can
 * import them (docs/decisions/044-a-lighter-client.md). The schemas are in opinions.ts.
 */

/** Opinion titles: a statement people can agree or disagree with, one or two sentences. */
export const opinionTitleLimits = { min: 8, max: 200 } as const;

/** An opinion belongs to at most this many topics. */
export const maximumTopicsPerOpinion = 5;

/** The form cannot be sent while its topic search box has text (docs/product/validation.md). */
export const pendingTopicSearchError =
  'Please choose an existing topic, create a new one or clear the topics field.';

export const topicTitleLimits = { min: 3, max: 60 } as const;

export const getOpinion = { method: 'GET', path: '/api/opinion/get' } as const;
export const userFeed = { method: 'POST', path: '/api/opinion/userfeed' } as const;

export const getTopic = { method: 'GET', path: '/api/topic/get' } as const;
export const getAllTopics = { method: 'GET', path: '/api/topic/getall' } as const;
export const castVote = { method: 'POST', path: '/api/opinion/vote' } as const;
export const createOpinion = { method: 'POST', path: '/api/opinion/new' } as const;
export const editOpinion = { method: 'POST', path: '/api/opinion/edit' } as const;
export const deleteOpinion = { method: 'POST', path: '/api/opinion/delete' } as const;
export const createTopic = { method: 'POST', path: '/api/topic/new' } as const;
export const followTopic = { method: 'POST', path: '/api/topic/follow' } as const;
