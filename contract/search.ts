import { z } from 'zod';
import { defineCall } from './api.ts';

/** Queries shorter than this (after trimming) make no call. */
export const minimumSearchLength = 3;

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

export const searchAll = defineCall({
  method: 'GET',
  path: '/api/v2/search',
  payload: searchQuery,
  response: z.object({ Results: z.array(searchResult) }),
});

export const searchOpinions = defineCall({
  method: 'GET',
  path: '/api/opinion/search',
  payload: searchQuery,
  response: z.object({ Results: z.array(searchResult) }),
});

export const searchTopics = defineCall({
  method: 'GET',
  path: '/api/topic/search',
  payload: searchQuery,
  response: z.object({ Results: z.array(searchResult) }),
});
