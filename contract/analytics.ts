import { z } from 'zod';
import { defineCall } from './api.ts';
import * as base from './analytics.base.ts';
import { reportNames } from './reports.base.ts';

export {
  demographicFilterAnswers,
  demographicFilterFields,
  scoreBounds,
  emptyStaffFilters,
  staffFilterKeys,
  reportFilterKeys,
  allVotesFilterKeys,
  countAppliedFilters,
  encodeScoreRange,
  encodeStaffFilters,
  decodeStaffFilters,
  reportFileName,
  exportReport,
  exportTopicReport,
  exportTopicReportApiPath,
  type DemographicFilterField,
  type ScoreRange,
  type StaffFilters,
  type StaffFilterKey,
  type DecodedStaffFilters,
} from './analytics.base.ts';

/*
 * Staff analytics (docs/decisions/054-staff-filters-and-exports.md): community averages, the staff
 * filters, the CSV exports and the detailed opinion report. Every aggregate over fewer than
 * MIN_GROUP_SIZE members, or whose complement (the members left out) holds 1 to MIN_GROUP_SIZE − 1,
 * is withheld: null, with `Withheld` and the `Reason` at the level of the whole answer. Every
 * figure is differentially private (docs/decisions/082-differentially-private-staff-figures.md):
 * noisy, with its 95 % half-width beside it, the rule applied to the noisy counts, and every
 * answer carries the staff member's privacy `Budget`.
 */

const reportName = z.enum(reportNames, {
  error: `assessmentType must be one of ${reportNames.join(', ')}`,
});

/** Per entry (the report's elements in card order, then its total), the mean score to one decimal; null where withheld. */
const averages = z.array(z.number().nullable());

/** `{<demographic field>: {<answer>: members | null}}`: answers nobody gave are absent, null where withheld. */
const memberMatrix = z.record(z.string(), z.record(z.string(), z.number().int().nullable()));

/** Per entry, the 95 % half-width of its noisy mean, in score points; null where withheld. */
const margins = z.array(z.number().nullable());

/** The staff member's privacy budget today, in ε: spent, the day's limit, when it renews (midnight UTC). */
const budget = z.object({
  Spent: z.number(),
  Limit: z.number(),
  /** ISO time: the next midnight UTC. */
  RenewsAt: z.string(),
});

const withholding = {
  /** True when the answer's aggregates (all of them) are withheld. */
  Withheld: z.boolean(),
  /** Why, in words a person can read; null when nothing is withheld. */
  Reason: z.string().nullable(),
};

export const getCommunity = defineCall({
  ...base.getCommunity,
  payload: z.object({
    type: z.enum(reportNames, {
      error: `type must be one of ${reportNames.join(', ')}`,
    }),
  }),
  response: z.object({
    Type: z.string(),
    /** The entries' ids, in array order (the elements, then the total). */
    Entries: z.array(z.string()),
    /** Null when the whole report is withheld (fewer than MIN_GROUP_SIZE members have it). */
    Averages: averages.nullable(),
    /** The averages' 95 % half-widths, entry by entry; null when withheld. */
    Margins: margins.nullable(),
    /** Members with a score on the report (noisy); null when withheld. */
    Users: z.number().int().nullable(),
    /** Users' 95 % half-width. */
    UsersMargin: z.number().int(),
    Matrix: memberMatrix,
    /** The 95 % half-width of each of Matrix's counts. */
    CountsMargin: z.number().int(),
    ...withholding,
    Budget: budget,
  }),
});

export const filterCommunity = defineCall({
  ...base.filterCommunity,
  payload: z.object({ assessmentType: reportName }),
  response: z.object({
    Entries: z.array(z.string()),
    Averages: averages.nullable(),
    Margins: margins.nullable(),
    /** Filtered members with a score on the report (noisy); null when withheld. */
    Users: z.number().int().nullable(),
    UsersMargin: z.number().int(),
    ...withholding,
    Budget: budget,
  }),
});

/** stancedna/report's body; its answer is `text/csv` (not a JSON envelope) when it succeeds. */
export const exportReportPayload = z.object({ assessmentType: reportName });
export type ExportReportPayload = z.infer<typeof exportReportPayload>;

/** Five counts, one per rating 1…5. */
const voteCounts = z.array(z.number().int()).length(5);

export const getAllVotes = defineCall({
  ...base.getAllVotes,
  payload: z.object({
    slug: z
      .string({ error: 'slug is required' })
      .trim()
      .min(1, 'slug is required')
      .max(200, 'slug is too long'),
  }),
  response: z.object({
    Title: z.string(),
    Slug: z.string(),
    /** Filtered voters on the opinion (noisy, drawn on its own); null when withheld. */
    Users: z.number().int().nullable(),
    UsersMargin: z.number().int(),
    /** The filtered voters' five counts (noisy); null when withheld. */
    Votes: voteCounts.nullable(),
    /** The 95 % half-width of each of Votes' counts. */
    CountsMargin: z.number().int(),
    /** `{<field>: {<answer>: [5 counts] | null}}`: every allowed answer, noisy, null where withheld. */
    Matrix: z.record(z.string(), z.record(z.string(), voteCounts.nullable())),
    /** The 95 % half-width of each of Matrix's counts. */
    MatrixMargin: z.number().int(),
    ...withholding,
    Budget: budget,
    /**
     * Of all its voters (not only the filtered ones): members who moved toward Agree and toward
     * Disagree, each null under MIN_GROUP_SIZE (docs/decisions/077-minds-changed.md).
     */
    Movement: z.object({
      TowardAgree: z.number().int().nullable(),
      TowardDisagree: z.number().int().nullable(),
    }),
  }),
});

/** topic/report's query; its answer is `text/csv` when it succeeds. */
export const exportTopicReportPayload = z.object({
  slug: z.string({ error: 'slug is required' }).trim().min(1, 'slug is required').max(200),
});
export type ExportTopicReportPayload = z.infer<typeof exportTopicReportPayload>;
