import { z } from 'zod';
import { defineCall } from './api.ts';
import * as base from './encyclopedia.base.ts';
import { topicWithCount } from './opinions.ts';

export { encyclopediaSizes } from './encyclopedia.base.ts';

/** A question in a category's list: the link and the votes on its positions. */
const encyclopediaQuestion = z.object({
  ID: z.number().int(),
  Slug: z.string(),
  Title: z.string(),
  /** `/question/{slug}`. */
  Link: z.string(),
  /** Votes on its live positions, together. */
  NumVotes: z.number().int(),
});

const encyclopediaCategory = z.object({
  ID: z.number().int(),
  Title: z.string(),
  /** Questions in the category, all of them. */
  NumConvos: z.number().int(),
  /** Its most-voted questions, at most encyclopediaSizes.questionsPerCategory. */
  Questions: z.array(encyclopediaQuestion),
});

const mostVotedOpinion = z.object({
  ArtifactID: z.number().int(),
  Slug: z.string(),
  Title: z.string(),
  /** `/o/{slug}`. */
  Link: z.string(),
  NumVotes: z.number().int(),
  NumComments: z.number().int(),
  /** The share of each rating 1…5 (Strongly Agree … Strongly Disagree), 999 for none. */
  Percentages: z.array(z.number().int()).length(5),
});

export const getEncyclopedia = defineCall({
  ...base.getEncyclopedia,
  payload: z.object({}),
  response: z.object({
    /** Every topic, by title. */
    Topics: z.array(topicWithCount),
    /** Every category, by title, with its most-voted questions (categories without any too). */
    Categories: z.array(encyclopediaCategory),
    /** The listed, live opinions with the most votes, most first. */
    MostVoted: z.array(mostVotedOpinion),
  }),
});
