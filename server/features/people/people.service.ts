import { dailyCounts, gridStart, longestStreak } from '../../../contract/contribution-grid.ts';
import type { Activity, Contributor } from '../../../contract/entities.ts';
import type { ContributionGrid, Profile, ProfileComment } from '../../../contract/people.ts';
import { z } from 'zod';
import { cursorId, cursorTimestamp, decodeCursor, encodeCursor } from '../../cursor.ts';
import type { Db } from '../../db/database.ts';
import type { SessionUser } from '../../db/schema.ts';
import { HttpError } from '../../http.ts';
import { getContributionSummary } from '../milestones/milestones.service.ts';
import { listLatestActivity } from '../opinions/opinions.service.ts';
import { listTopContributors } from '../users/users.service.ts';
import * as peopleRepository from './people.repository.ts';
import type { CommentPosition, ProfileUserRow } from './people.repository.ts';

/** The comments history's text for a missing user, the profile's too (docs/product/errors.md). */
export const userNotFoundMessage = 'User not found';

export const commentsPageSize = 20;
export const contributorsShown = 50;
export const activityRowsShown = 50;

async function requireUser(db: Db, username: string): Promise<ProfileUserRow> {
  const user = await peopleRepository.findUserByUsername(db, username);
  if (!user) throw new HttpError(404, userNotFoundMessage);
  return user;
}

async function buildGrid(db: Db, userId: number, now: Date): Promise<ContributionGrid> {
  const days = await peopleRepository.listDailyActivity(db, userId);
  const start = gridStart(now);
  return {
    Activity: dailyCounts(start, now, new Map(days.map((row) => [row.day, row.count]))),
    StartTime: start.toISOString(),
    LongestStreak: longestStreak(days.map((row) => row.day)),
  };
}

async function toProfile(db: Db, user: ProfileUserRow, now = new Date()): Promise<Profile> {
  const [summary, grid] = await Promise.all([
    getContributionSummary(db, user.id),
    buildGrid(db, user.id, now),
  ]);
  if (!summary) throw new HttpError(404, userNotFoundMessage);
  const { totals, milestones } = summary;
  return {
    UsernameCased: user.username,
    FullName: user.fullName,
    Location: user.location,
    Joined: user.createdAt.toISOString(),
    Bio: user.bio,
    Expertise: user.expertise,
    Karma: user.karma,
    Grid: grid,
    Milestones: milestones,
    OpinionsTotal: totals.opinions,
    NumVotes: totals.votes,
    NumComments: totals.comments,
    NumCommentLikes: totals.goodPoints,
    MindsChanged: totals.minds,
  };
}

/** The member's name as they typed it, or null when nobody has it (the page's title and status). */
export async function findUsernameCased(db: Db, username: string): Promise<string | null> {
  const user = await peopleRepository.findUserByUsername(db, username);
  return user?.username ?? null;
}

export async function getProfile(db: Db, username: string): Promise<{ Profile: Profile }> {
  const user = await requireUser(db, username);
  return { Profile: await toProfile(db, user) };
}

/** A comments cursor's fields: the last comment's creation time (t) and id (i). */
const commentsCursorShape = z.object({ t: cursorTimestamp, i: cursorId });

export function encodeCommentsCursor(position: CommentPosition): string {
  return encodeCursor({ t: position.createdAt, i: position.id });
}

export function decodeCommentsCursor(after: string): CommentPosition {
  const { t, i } = decodeCursor(after, commentsCursorShape);
  return { createdAt: t, id: i };
}

/** Where a comment lives: its opinion's page, or the suggestions thread on /suggest. */
function commentLink(row: { id: number; opinionSlug: string | null }): string {
  return row.opinionSlug ? `/o/${row.opinionSlug}#comment-${row.id}` : `/suggest#comment-${row.id}`;
}

export async function listUserComments(
  db: Db,
  username: string,
  after: string | undefined,
): Promise<{ Profile: Profile; Comments: ProfileComment[]; After: string; EndReached: boolean }> {
  const position = after ? decodeCommentsCursor(after) : null;
  const user = await requireUser(db, username);
  const [profile, page] = await Promise.all([
    toProfile(db, user),
    peopleRepository.listCommentsOfAuthor(db, {
      authorId: user.id,
      after: position,
      limit: commentsPageSize,
    }),
  ]);
  const last = page.rows.at(-1);
  return {
    Profile: profile,
    Comments: page.rows.map((row) => ({
      CommentID: row.id,
      Body: row.bodyHtml,
      ResponseType: row.responseType as ProfileComment['ResponseType'],
      Created: row.createdAt.toISOString(),
      LikeNum: row.likeCount,
      IsReply: row.parentId !== null,
      OpinionTitle: row.opinionTitle ?? 'Suggestions',
      Link: commentLink(row),
    })),
    After:
      page.hasMore && last
        ? encodeCommentsCursor({ createdAt: last.createdAtExact, id: last.id })
        : '',
    EndReached: !page.hasMore,
  };
}

export async function listContributors(db: Db): Promise<{ Contributors: Contributor[] }> {
  return { Contributors: await listTopContributors(db, contributorsShown) };
}

export async function getLatestActivity(db: Db): Promise<{ Activity: Activity[] }> {
  return { Activity: await listLatestActivity(db, activityRowsShown) };
}

export async function setProfileTexts(
  db: Db,
  viewer: SessionUser | null,
  texts: { fullName: string; location: string; bio: string; expertise: string },
): Promise<{ Profile: Profile }> {
  if (!viewer) throw new HttpError(401, 'Log in to edit your profile');
  await peopleRepository.updateProfileTexts(db, viewer.id, {
    ...texts,
    bio: texts.bio.replace(/\r\n?/g, '\n').replace(/\n{3,}/g, '\n\n'),
  });
  const user = await peopleRepository.findUserById(db, viewer.id);
  if (!user) throw new HttpError(404, userNotFoundMessage);
  return { Profile: await toProfile(db, user) };
}
