import { z } from 'zod';
import { defineCall } from './api.ts';
import * as base from './search.base.ts';
import { minimumSearchLength } from './search.base.ts';

export { minimumSearchLength } from './search.base.ts';

export const searchResult = z.object({
  ArtifactType: z.enum(['convo', 'pos', 'arg', 'tag', 'person', 'opinion', 'topic']),
  ArtifactID: z.number().int(),
  Link: z.string(),
  Title: z.string(),
});
export type SearchResult = z.infer<typeof searchResult>;

export const searchQuery = z.object({
  q: z
    .string({ error: 'q is required' })
    .trim()
    .min(minimumSearchLength, `q: type at least ${minimumSearchLength} characters`)
    .max(200, 'q is too long'),
});

/** The results page's payload: the query, and the cursor of the page before (`After`). */
export const searchPageQuery = searchQuery.extend({
  after: z
    .string({ error: 'after must be a string' })
    .max(200, 'after is not a valid cursor')
    .optional(),
});

export const searchAll = defineCall({
  ...base.searchAll,
  payload: searchQuery,
  response: z.object({ Results: z.array(searchResult) }),
});

export const searchOpinions = defineCall({
  ...base.searchOpinions,
  payload: searchQuery,
  response: z.object({ Results: z.array(searchResult) }),
});

export const searchTopics = defineCall({
  ...base.searchTopics,
  payload: searchQuery,
  response: z.object({ Results: z.array(searchResult) }),
});

export const searchResultsPage = defineCall({
  ...base.searchResultsPage,
  payload: searchPageQuery.strict(),
  response: z.object({
    /** Every kind of result, the most relevant first. */
    Results: z.array(searchResult),
    EndReached: z.boolean(),
    /** Opaque cursor for the next page; '' at the end. */
    After: z.string(),
  }),
});
