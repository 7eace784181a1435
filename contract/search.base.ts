/*
 * The search calls' methods and paths, and the values both sides share: no zod, so the browser can
 * import them (docs/decisions/044-a-lighter-client.md). The schemas are in search.ts.
 */

/** Queries shorter than this (after trimming) make no call. */
export const minimumSearchLength = 3;

export const searchAll = { method: 'GET', path: '/api/v2/search' } as const;
export const searchOpinions = { method: 'GET', path: '/api/opinion/search' } as const;
export const searchTopics = { method: 'GET', path: '/api/topic/search' } as const;
