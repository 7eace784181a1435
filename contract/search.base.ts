/*
 * The search calls' methods and paths, and the values both sides share: no zod, so the browser can
 * import them (docs/decisions/044-a-lighter-client.md). The schemas are in search.ts.
 */

/** Queries shorter than this (after trimming) make no call. */
export const minimumSearchLength = 3;

export const searchAll = { method: 'GET', path: '/api/v2/search' } as const;
export const searchOpinions = { method: 'GET', path: '/api/opinion/search' } as const;
export const searchTopics = { method: 'GET', path: '/api/topic/search' } as const;

/** The search results page's call: every kind of result, ranked together, a page at a time. */
export const searchResultsPage = { method: 'GET', path: '/api/search' } as const;

/** Results per page of the search results page. */
export const searchPageSize = 20;

/**
 * How deep the results page pages: the best this many matches of a query. Past them a better
 * query finds more than another page would (docs/decisions/081-search-page-and-sitemap.md).
 */
export const searchResultsLimit = 300;
