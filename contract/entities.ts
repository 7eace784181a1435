import { z } from 'zod';

export const topicSummary = z.object({
  ArtifactID: z.number().int(),
  Slug: z.string(),
  Title: z.string(),
  Link: z.string(),
  ArtifactType: z.literal('topic'),
});
export type TopicSummary = z.infer<typeof topicSummary>;

export const tidbit = z.object({
  Desc: z.string(),
  AgreementWording: z.string(),
  AgreementDirection: z.union([z.literal(-1), z.literal(0), z.literal(1)]),
});
export type Tidbit = z.infer<typeof tidbit>;

export const opinion = z.object({
  /** The author's UserID (0 when the author is gone). */
  UID: z.number().int(),
  Slug: z.string(),
  Title: z.string(),
  /** Site path of the opinion page, `/o/{slug}`. */
  Link: z.string(),
  ArtifactID: z.number().int(),
  NumVotes: z.number().int(),
  NumComments: z.number().int(),
  /** Shown shares: max(0, round((votes − 20) / 25)). */
  NumShares: z.number().int(),
  /** The current user's vote, 1 (Strongly Agree) … 5 (Strongly Disagree); 0 when not voted. */
  Rating: z.number().int().min(0).max(5),
  Deleted: z.boolean(),
  Topics: z.array(topicSummary),
  Tidbit: tidbit.nullable(),
  /** ISO timestamp of creation. */
  Created: z.string(),
  /** The author's username as typed, '' when gone. */
  AuthorUsername: z.string(),
});
export type Opinion = z.infer<typeof opinion>;

/** Vote shares for ratings 1..5 in whole percent summing to 100; 999 for a rating nobody chose. */
export const voteResults = z.object({
  Percentages: z.array(z.number().int()).length(5),
});
export type VoteResults = z.infer<typeof voteResults>;

export const contributor = z.object({
  UsernameCased: z.string(),
  Karma: z.number().int(),
});
export type Contributor = z.infer<typeof contributor>;

export const activity = z.object({
  CommentID: z.number().int(),
  OpinionTitle: z.string(),
  Username: z.string(),
  /** Path to the comment: `/o/{slug}#comment-{id}`. */
  Link: z.string(),
  Created: z.string(),
});
export type Activity = z.infer<typeof activity>;

/** The sidebar cards of the For You and topic feeds. */
export const feedCards = z.object({
  Stats: z.object({
    Opinions: z.number().int(),
    Comments: z.number().int(),
    Votes: z.number().int(),
  }),
  TopCommenters: z.array(contributor),
  TrendingOpinions: z.array(z.object({ Slug: z.string(), Title: z.string() })),
  LatestActivity: z.array(activity),
});
export type FeedCards = z.infer<typeof feedCards>;
