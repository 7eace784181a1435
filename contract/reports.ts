import { z } from 'zod';
import { defineCall, emptyPayload } from './api.ts';
import { opinion } from './entities.ts';
import { leaningValues } from './report-readings.ts';
import * as base from './reports.base.ts';
import { quizGateFields } from './reports.base.ts';

export {
  reportNames,
  isReportName,
  quizGateFields,
  quizSlugOf,
  type ReportName,
  type QuizGateField,
} from './reports.base.ts';
export { leaningValues, minimumMembersForPercentile, type Leaning } from './report-readings.ts';

/*
 * Quizzes and Opinion DNA reports (docs/decisions/041-quizzes-and-reports.md). A quiz item is an
 * unlisted opinion; answering it is an ordinary vote (`/api/opinion/vote`). Scores run 0–100; a
 * report's array holds its elements in the card's content order, then its total when the card has
 * one, so every array of one report (scores, uncertainty, percentiles, community averages) has
 * the same length and the same order as `Entries`.
 */

const score = z.number().int().min(0).max(100);
/** One report's scores: an entry per element (then the total), null where too few answers. */
const reportScores = z.array(score.nullable());

export const getQuiz = defineCall({
  ...base.getQuiz,
  payload: z.object({
    slug: z
      .string({ error: 'slug is required' })
      .trim()
      .min(1, 'slug is required')
      .max(200, 'slug is too long'),
  }),
  response: z.object({
    Quiz: z.object({
      Slug: z.string(),
      Title: z.string(),
      Desc: z.string(),
      EstimatedMinutes: z.number().int(),
      /** The items' opinion ids in the order the quiz asks them. */
      OpinionIDs: z.array(z.number().int()),
    }),
    /** The items as opinions, in quiz order, each with the member's `Rating` (0 unanswered). */
    Opinions: z.array(opinion),
    /** Completion (0–100, rounded down) of each report this quiz feeds, by report name. */
    Percentages: z.record(z.string(), score),
    /** True when the member has consented and answered every field of `Gate`. */
    MyDemographicsComplete: z.boolean(),
    /** The demographic fields the gate asks, in the order it asks them. */
    Gate: z.array(z.enum(quizGateFields)),
  }),
});

export const getUserReports = defineCall({
  ...base.getUserReports,
  payload: emptyPayload,
  response: z.object({
    /**
     * By report name: the scores, or null when nothing of it is answered. A locked report is
     * absent: its scores never leave the server.
     */
    Reports: z.record(z.string(), reportScores.nullable()),
    /** By report name: share of its items answered, 0–100 rounded down. Every report. */
    Completion: z.record(z.string(), score),
    /** By report name: true when the member's subscription does not open it. Every report. */
    Locked: z.record(z.string(), z.boolean()),
    /** By report name: the names of the array's entries, in order. Every report. */
    Entries: z.record(z.string(), z.array(z.string())),
    /**
     * By report name, for unlocked reports with a headline: the sixteen-type letters (X for an
     * axis at exactly 50 or unscored) or the climate class. Absent otherwise.
     */
    Headlines: z.record(z.string(), z.string()),
    /**
     * By report name, for unlocked reports with scores (a key of `Reports` that is not null): per
     * entry the half-width of its 90 % interval, null where unscored. The row's band reads it.
     */
    Uncertainty: z.record(z.string(), z.array(z.number().nullable())),
    /** Same keys: per entry the percentile among the other members, as in getdetailed. */
    Percentiles: z.record(z.string(), z.array(score.nullable())),
    /** Same keys: per entry the percentile's comparison group, as in getdetailed. */
    Members: z.record(z.string(), z.array(z.number().int())),
  }),
});

const poles = z.object({ Low: z.string(), High: z.string() });

/** One entry of a card: an element, or the card's total (always last). */
const cardEntry = z.object({
  ID: z.string(),
  Name: z.string(),
  Help: z.string(),
  Poles: poles,
  /** Opinion DNA only: Personality, Values or Meta-Thinking. */
  Group: z.string().nullable(),
  /** Sixteen Types only: the letters of the low and the high pole. */
  Letters: z.object({ Low: z.string(), High: z.string() }).nullable(),
  IsTotal: z.boolean(),
});

/** The open key: every statement of an entry, its keying and its opinion page. */
const scoringKey = z.object({
  /** How an answer becomes a score, in plain words, the same for every report. */
  Formula: z.string(),
  Entries: z.array(
    z.object({
      Name: z.string(),
      /** Empty for a total, which is the rounded mean of the elements. */
      Items: z.array(
        z.object({
          Text: z.string(),
          Keying: z.enum(['+', '-']),
          /** `/o/{slug}`: the statement's opinion page, where it can be answered. */
          Link: z.string(),
        }),
      ),
    }),
  ),
});

export const getDetailedReport = defineCall({
  ...base.getDetailedReport,
  payload: z.object({
    name: z
      .string({ error: 'name is required' })
      .trim()
      .min(1, 'name is required')
      .max(100, 'name is too long'),
  }),
  response: z.object({
    Name: z.string(),
    Title: z.string(),
    Intro: z.string(),
    Sources: z.array(z.object({ Title: z.string(), Url: z.string() })),
    /** The card's entries: its elements in order, then its total when it has one. */
    Entries: z.array(cardEntry),
    /** `{<name>: scores | null}` for an unlocked report; `{}` when locked. */
    Reports: z.record(z.string(), reportScores.nullable()),
    /** Per entry, the half-width of its 90 % interval in score points; null when locked or unscored. */
    Uncertainty: z.array(z.number().nullable()).nullable(),
    /**
     * Per entry, where the 90 % interval lies against the middle: wholly below ('low'), wholly
     * above ('high') or across it ('balanced'); null when locked or unscored.
     */
    Leanings: z.array(z.enum(leaningValues).nullable()).nullable(),
    /**
     * Per entry, the member's percentile among the other members with a score on it: those
     * below plus half of those level, over all of them, held within 1–99; null under 30 others
     * (docs/decisions/071).
     */
    Percentiles: z.array(score.nullable()).nullable(),
    /**
     * Per entry, the percentile's comparison group: the other members with a score on it. For a
     * locked or unscored entry, every member with a score on it.
     */
    Members: z.array(z.number().int()),
    /**
     * Per entry, how many of its statements the member has answered (a total: of all the
     * report's), so an unscored entry can say what it still needs. Sent locked or not: it says
     * how many answers there are, nothing of what they are.
     */
    Answered: z.array(z.number().int()),
    /**
     * Sixteen Types: the letters by score (X at exactly 50 or unscored; each axis's clarity is
     * read from `Uncertainty`). Climate: the class. Else null.
     */
    Headline: z.string().nullable(),
    /** The detailed text card (HTML made by the server from content); no scores when locked. */
    DetailedReports: z.object({ Text: z.string() }),
    Completion: score,
    Locked: z.boolean(),
    /** The quizzes that ask this report's statements, with the slug to take them. */
    Quizzes: z.array(z.object({ Slug: z.string(), Title: z.string() })),
    Scoring: scoringKey,
    /**
     * Admin-hub viewers only: the community averages per entry, noisy (docs/decisions/082), null
     * when withheld or when the viewer's privacy budget is spent.
     */
    Community: z.array(z.number().nullable()).optional(),
    /** Sent with Community: each average's 95 % half-width, in score points. */
    CommunityMargins: z.array(z.number().nullable()).optional(),
    /** Sent with Community when it was answered: the viewer's privacy budget today. */
    Budget: z.object({ Spent: z.number(), Limit: z.number(), RenewsAt: z.string() }).optional(),
    /** Sent with Community: the fewest members an average is shown for (MIN_GROUP_SIZE). */
    MinGroupSize: z.number().int().optional(),
  }),
});

/** A result a member chose to share publicly (docs/decisions/041). */
const share = z.object({
  Token: z.string(),
  Name: z.string(),
  Title: z.string(),
  /** Whether the public page shows the member's username. */
  ShowName: z.boolean(),
  /** `/r/{token}` on this site. */
  Url: z.string(),
  /** The PNG for `og:image`: `/og/report/{token}.png?v={version}`, beside `/og/opinion/…`. */
  ImageUrl: z.string(),
  Created: z.string(),
});

export const shareReport = defineCall({
  ...base.shareReport,
  payload: z
    .object({
      name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(100),
      showName: z.boolean({ error: 'showName must be true or false' }).default(false),
    })
    .strict(),
  response: z.object({ Share: share }),
});

export const listShares = defineCall({
  ...base.listShares,
  payload: emptyPayload,
  response: z.object({ Shares: z.array(share) }),
});

export const unshareReport = defineCall({
  ...base.unshareReport,
  payload: z
    .object({ token: z.string({ error: 'token is required' }).trim().min(1).max(100) })
    .strict(),
  response: z.object({}),
});

/** What the public page `/r/{token}` shows: the scores frozen when the member shared them. */
export const getSharedReport = defineCall({
  ...base.getSharedReport,
  payload: z.object({
    token: z.string({ error: 'token is required' }).trim().min(1).max(100),
  }),
  response: z.object({
    Shared: z.object({
      Name: z.string(),
      Title: z.string(),
      /** The member's username when they chose to show it, else null. */
      Username: z.string().nullable(),
      Entries: z.array(
        z.object({
          Name: z.string(),
          Poles: poles,
          IsTotal: z.boolean(),
          Score: score.nullable(),
          /** Half-width of the 90 % interval, null when unscored. */
          Uncertainty: z.number().nullable(),
        }),
      ),
      Headline: z.string().nullable(),
      ImageUrl: z.string(),
      Created: z.string(),
    }),
  }),
});
