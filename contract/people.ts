import { z } from 'zod';
import { defineCall, pageFields } from './api.ts';
import { activity, contributor } from './entities.ts';
import * as base from './people.base.ts';
import { profileTextLimits, type ProfileTextField } from './people.base.ts';

export {
  profileTextLimits,
  smallProfileImagePx,
  profileImageUrl,
  type ProfileTextField,
} from './people.base.ts';

/*
 * People: profiles, comment histories, top contributors and the latest activity
 * (docs/product/screens.md#profile-and-comment-history, docs/product/entities.md#profile).
 */

// Plain text: shown as typed, never as HTML. Control characters (other than tabs and line breaks)
// and bidi overrides would only hide text, reorder it or break layouts.
function hasControlCharacters(text: string): boolean {
  for (const character of text) {
    const code = character.codePointAt(0)!;
    const isAllowedWhitespace = code === 0x09 || code === 0x0a || code === 0x0d;
    if ((code < 0x20 && !isAllowedWhitespace) || code === 0x7f) return true;
    if ((code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)) return true;
  }
  return false;
}
const lineBreaks = /[\r\n]/;

function profileText(field: ProfileTextField, { isMultiline }: { isMultiline: boolean }) {
  const limit = profileTextLimits[field];
  return z
    .string({ error: `${field} must be text` })
    .trim()
    .max(limit, { error: `${field} must be at most ${limit} characters` })
    .refine((text) => !hasControlCharacters(text), {
      error: `${field} must be plain text without control characters`,
    })
    .refine((text) => isMultiline || !lineBreaks.test(text), {
      error: `${field} must be a single line`,
    });
}

export const usernameParameter = z
  .string({ error: 'username is required' })
  .trim()
  .min(1, 'username is required')
  .max(100, 'username is too long');

/** Highest award reached in each family (0 for none) and the level: docs/product/entities.md. */
export const milestones = z.object({
  /** 1 … 7, from the member's karma (contract/milestones.ts). */
  Level: z.number().int(),
  /** The vote award: the highest vote threshold reached. */
  Award: z.number().int(),
  /** The highest comment threshold reached. */
  Comments: z.number().int(),
  /** The highest good-points-received threshold reached. */
  GoodPointsReceived: z.number().int(),
  /** The highest minds-changed threshold reached (docs/decisions/077). */
  MindsChanged: z.number().int(),
});
export type Milestones = z.infer<typeof milestones>;

export const contributionGrid = z.object({
  /** Daily counts of votes, comments and opinions, one per UTC day from StartTime to today. */
  Activity: z.array(z.number().int()),
  /** ISO time of the first day's start (a Monday, 00:00 UTC). */
  StartTime: z.string(),
  /** The longest run of consecutive days with activity, over the member's whole history. */
  LongestStreak: z.number().int(),
});
export type ContributionGrid = z.infer<typeof contributionGrid>;

export const profile = z.object({
  UsernameCased: z.string(),
  FullName: z.string(),
  Location: z.string(),
  /** ISO time the account was created. */
  Joined: z.string(),
  Bio: z.string(),
  Expertise: z.string(),
  Karma: z.number().int(),
  Grid: contributionGrid,
  Milestones: milestones,
  /** Live, listed opinions the member wrote. */
  OpinionsTotal: z.number().int(),
  /** Votes on listed opinions (quiz answers are not counted). */
  NumVotes: z.number().int(),
  /** Live comments. */
  NumComments: z.number().int(),
  /** Good points received on live comments. */
  NumCommentLikes: z.number().int(),
  /** Members whose change of vote credits one of their live arguments (docs/decisions/077). */
  MindsChanged: z.number().int(),
});
export type Profile = z.infer<typeof profile>;

export const getProfile = defineCall({
  ...base.getProfile,
  payload: z.object({ username: usernameParameter }),
  response: z.object({ Profile: profile }),
});

/** A comment in a member's history, with the opinion (or thread) it belongs to. */
export const profileComment = z.object({
  CommentID: z.number().int(),
  /** Sanitized HTML. */
  Body: z.string(),
  ResponseType: z.enum(['', 'pro', 'con', 'neutral', 'commentary']),
  /** ISO time. */
  Created: z.string(),
  LikeNum: z.number().int(),
  /** True for a reply to another comment. */
  IsReply: z.boolean(),
  OpinionTitle: z.string(),
  /** Path to the comment in its thread, `/o/{slug}#comment-{id}`. */
  Link: z.string(),
});
export type ProfileComment = z.infer<typeof profileComment>;

export const getUserComments = defineCall({
  ...base.getUserComments,
  payload: z.object({
    username: usernameParameter,
    after: z.string({ error: 'after must be a string' }).max(200, 'after is too long').optional(),
  }),
  response: z.object({ Profile: profile, Comments: z.array(profileComment), ...pageFields }),
});

export const getContributors = defineCall({
  ...base.getContributors,
  payload: z.object({}),
  response: z.object({ Contributors: z.array(contributor) }),
});

export const getActivity = defineCall({
  ...base.getActivity,
  payload: z.object({}),
  response: z.object({ Activity: z.array(activity) }),
});

export const setProfile = defineCall({
  ...base.setProfile,
  payload: z.object({
    fullName: profileText('fullName', { isMultiline: false }),
    location: profileText('location', { isMultiline: false }),
    bio: profileText('bio', { isMultiline: true }),
    expertise: profileText('expertise', { isMultiline: false }),
  }),
  response: z.object({ Profile: profile }),
});
