import { z } from 'zod';
import { defineCall } from './api.ts';
import { tidbit } from './entities.ts';
import * as base from './insights.base.ts';
import { slugParameter } from './opinions.ts';

export {
  insightFieldKeys,
  insightFields,
  nationalityCodes,
  ratingLabels,
  insightsShownFirst,
  chartsShownFirst,
  opinionGroupLabel,
  type InsightFieldKey,
  type InsightField,
  type InsightAnswer,
} from './insights.base.ts';

/*
 * The insight matrix, personal insights and opinion groups of an opinion, and a topic's stored
 * opinion groups: docs/decisions/052-insights-and-stored-groups.md.
 */

/** An opinion id in the query string: digits (or a number), a positive whole number. */
const opinionIdParameter = z
  .union([
    z.number({ error: 'opinionID must be a number' }),
    z
      .string({ error: 'opinionID is required' })
      .trim()
      .min(1, 'opinionID is required')
      .regex(/^\d{1,10}$/, 'opinionID must be a positive whole number'),
  ])
  .transform(Number)
  .pipe(
    z
      .number()
      .int('opinionID must be a positive whole number')
      .positive('opinionID must be a positive whole number')
      .max(2_147_483_647, 'opinionID is not a valid id'),
  );

/**
 * Five whole percentages for ratings 1 (Strongly Agree) … 5 (Strongly Disagree) summing to 100,
 * with 999 for a rating nobody chose: the vote results' rule.
 */
const percentages = z.array(z.number().int()).length(5);

/**
 * A personal insight: `Desc` is the sentence ('You agree with 71% of women'), `AgreementWording`
 * what the compared group does ('agree', 'disagree', 'are split on'), `AgreementDirection` 1 when
 * the group mostly agrees, -1 when it mostly disagrees, 0 when it is split.
 */
export const insight = tidbit;
export type Insight = z.infer<typeof insight>;

/**
 * Per demographic field, per answer (the answer's value as a string), the five vote percentages of
 * the voters with that answer; null when they are fewer than MIN_GROUP_SIZE, or when the opinion's
 * other voters are (1 to MIN_GROUP_SIZE − 1), so that no difference of figures singles anyone out.
 * Every listed answer of a field is present; `nationality` holds only the codes shown. For a
 * member who has voted every field is present; `{}` for everyone else (like the vote results, the
 * matrix is for those who voted).
 */
export const insightMatrix = z.partialRecord(
  z.enum(base.insightFieldKeys),
  z.record(z.string(), percentages.nullable()),
);
export type InsightMatrix = z.infer<typeof insightMatrix>;

/** An opinion group of one of the opinion's topics, and how its members voted on this opinion. */
export const groupOnOpinion = z.object({
  TopicSlug: z.string(),
  TopicTitle: z.string(),
  /** The group's id within its topic, stable across recomputes (name it with opinionGroupLabel). */
  ID: z.number().int(),
  /** Members in the group. */
  Size: z.number().int(),
  /**
   * The votes of the group's members on this opinion; null when fewer than MIN_GROUP_SIZE of them
   * voted on it, and null for a viewer who has not voted on it.
   */
  Percentages: percentages.nullable(),
  /** Whether the current member is in this group. */
  Mine: z.boolean(),
});
export type GroupOnOpinion = z.infer<typeof groupOnOpinion>;

export const getInsights = defineCall({
  ...base.getInsights,
  payload: z.object({ opinionID: opinionIdParameter }),
  response: z.object({
    /** For a member who has voted on the opinion, most telling first; [] otherwise. */
    Insights: z.array(insight),
    Matrix: insightMatrix,
    /** The groups of the opinion's topics (topics with stored groups only), by topic then id. */
    Groups: z.array(groupOnOpinion),
    /** How many members have voted on the opinion (the matrix counts those of them who answered). */
    Voters: z.number().int(),
    /** The fewest voters behind any figure shown (MIN_GROUP_SIZE): fewer, and it is withheld. */
    MinGroupSize: z.number().int(),
  }),
});

/** An opinion a group (or everyone) stands for. */
const opinionStance = z.object({
  Slug: z.string(),
  Title: z.string(),
  /** Whole percent of the voters in question who agree (rating 1 or 2), 0–100. */
  Agree: z.number().int().min(0).max(100),
  /** Whole percent of them who disagree (rating 4 or 5), 0–100. */
  Disagree: z.number().int().min(0).max(100),
});

export const representativeOpinion = opinionStance.extend({
  /** Whether the group stands out from the rest by agreeing or by disagreeing. */
  Direction: z.enum(['agree', 'disagree']),
});
export type RepresentativeOpinion = z.infer<typeof representativeOpinion>;

export const opinionGroup = z.object({
  /** Stable across recomputes while membership barely changes (name it with opinionGroupLabel). */
  ID: z.number().int(),
  Size: z.number().int(),
  /** Most representative first. */
  Representative: z.array(representativeOpinion),
});
export type OpinionGroup = z.infer<typeof opinionGroup>;

/** A voter on the groups map: the first two principal components of their votes, and their group. */
export const mapDot = z.object({ X: z.number(), Y: z.number(), Group: z.number().int() });
export type MapDot = z.infer<typeof mapDot>;

/** An opinion every group agrees with; `Agree` is the lowest of the groups' shares agreeing. */
export const consensusOpinion = z.object({
  Slug: z.string(),
  Title: z.string(),
  Agree: z.number().int().min(0).max(100),
});
export type ConsensusOpinion = z.infer<typeof consensusOpinion>;

export const getTopicGroups = defineCall({
  ...base.getTopicGroups,
  payload: z.object({ slug: slugParameter }),
  response: z.object({
    /** [] when the topic has never had enough voters to be grouped. */
    Groups: z.array(opinionGroup),
    /** What unites everyone: opinions every group agrees with, most agreed first. */
    Consensus: z.array(consensusOpinion),
    /** Opinions one group leans to agree with and another to disagree with, widest split first. */
    Divisive: z.array(z.object({ Slug: z.string(), Title: z.string() })),
    /** ISO time of the grouping served; null when the topic has no grouping. */
    ComputedAt: z.string().nullable(),
    /** One dot per grouped voter, in no particular order; no voter ids. */
    Map: z.array(mapDot),
    /** The current member's own dot; null for visitors and members not grouped. */
    Me: mapDot.nullable(),
  }),
});
