import { randomBytes } from 'node:crypto';
import {
  isReportName,
  type getSharedReport,
  type listShares,
  type ReportName,
} from '../../../contract/reports.ts';
import type { ResponseOf } from '../../../contract/calls.ts';
import type { Db } from '../../db/database.ts';
import type { ReportShareSnapshot, SessionUser } from '../../db/schema.ts';
import { HttpError, notFound } from '../../http.ts';
import { readMemberReport } from '../reports/reports.service.ts';
import { resultImageVersion, type ResultImageInput } from './shares.image.ts';
import * as sharesRepository from './shares.repository.ts';
import type { ShareRow } from './shares.repository.ts';

/**
 * Shared results (docs/decisions/041-quizzes-and-reports.md): a member freezes one report card's
 * scores behind a public link, `/r/{token}`, with a picture for link previews, and can take it
 * back at any time. The public side shows only the snapshot, and the username only when chosen.
 */

export type Share = ResponseOf<typeof listShares>['Shares'][number];
export type Shared = ResponseOf<typeof getSharedReport>['Shared'];

/** Live shares a member may hold at once. */
export const maxLiveShares = 20;

/** 18 random bytes: 144 bits, 24 base64url characters, no padding. */
const tokenBytes = 18;
const tokenPattern = /^[A-Za-z0-9_-]{24}$/;

export const removedShareText = 'This result was removed by the person who shared it';

/** The quiz that asks a report's statements: each report's own, and the core's `opinion-dna`. */
export function quizSlugOfReport(name: string): string {
  return name === 'opiniondna' ? 'opinion-dna' : name;
}

function requireMember(user: SessionUser | null): SessionUser {
  if (!user) throw new HttpError(401, 'Please log in or sign up to share your results');
  return user;
}

function newToken(): string {
  return randomBytes(tokenBytes).toString('base64url');
}

const sharePath = (token: string) => `/r/${token}`;

export const imagePath = (token: string, version: string) => `/og/report/${token}.png?v=${version}`;

function imageInputOf(row: ShareRow & { snapshot: ReportShareSnapshot }): ResultImageInput {
  return { snapshot: row.snapshot, username: row.showName ? row.username : null };
}

function toShare(row: ShareRow & { snapshot: ReportShareSnapshot }): Share {
  return {
    Token: row.token,
    Name: row.report,
    Title: row.snapshot.title,
    ShowName: row.showName,
    Url: sharePath(row.token),
    ImageUrl: imagePath(row.token, resultImageVersion(imageInputOf(row))),
    Created: row.createdAt.toISOString(),
  };
}

const isLive = (row: ShareRow): row is ShareRow & { snapshot: ReportShareSnapshot } =>
  row.revokedAt === null && row.snapshot !== null;

/**
 * Shares one of the member's reports: refuses an unknown report (404), a locked one (403) and
 * one with no score (409); freezes its scores as they are now. Each share is a new link.
 */
export async function createShare(
  db: Db,
  viewer: SessionUser | null,
  input: { name: string; showName: boolean },
): Promise<Share> {
  const member = requireMember(viewer);
  if (!isReportName(input.name)) {
    throw new HttpError(404, `There is no report named "${input.name}"`);
  }
  const name: ReportName = input.name;
  const report = await readMemberReport(db, member, name);
  if (report.locked) throw new HttpError(403, 'Subscribe to share this report');
  if (report.entries.every((entry) => entry.score === null)) {
    throw new HttpError(409, 'Answer its quiz before sharing');
  }
  const snapshot: ReportShareSnapshot = {
    title: report.title,
    entries: report.entries.map((entry) => ({
      name: entry.name,
      poles: { low: entry.poles.low, high: entry.poles.high },
      isTotal: entry.isTotal,
      score: entry.score,
      uncertainty: entry.score === null ? null : entry.uncertainty,
    })),
    headline: report.headline,
  };
  const token = newToken();
  const created = await sharesRepository.insertShareWithinLimit(
    db,
    { token, userId: member.id, report: name, showName: input.showName, snapshot },
    maxLiveShares,
  );
  if (!created) {
    throw new HttpError(
      409,
      `You can share at most ${maxLiveShares} results at once: stop sharing one first`,
    );
  }
  return toShare({
    token,
    userId: member.id,
    report: name,
    showName: input.showName,
    snapshot,
    createdAt: created.createdAt,
    revokedAt: null,
    username: member.username,
  });
}

/** The member's live shares, newest first. */
export async function listMemberShares(db: Db, viewer: SessionUser | null): Promise<Share[]> {
  const member = requireMember(viewer);
  const rows = await sharesRepository.listLiveShares(db, member.id);
  return rows.filter(isLive).map(toShare);
}

/** Stops sharing: the link then answers 410. Another member's token or an unknown one: 404. */
export async function revokeShare(
  db: Db,
  viewer: SessionUser | null,
  token: string,
): Promise<void> {
  const member = requireMember(viewer);
  const isRevoked =
    tokenPattern.test(token) && (await sharesRepository.revokeShare(db, member.id, token));
  if (!isRevoked) throw notFound('You have no shared result with this link');
}

/** A live share by its token: 404 when there is none, 410 once its member took it back. */
async function findLiveShare(
  db: Db,
  token: string,
): Promise<ShareRow & { snapshot: ReportShareSnapshot }> {
  // A token is 24 base64url characters: anything else is not looked up.
  const row = tokenPattern.test(token) ? await sharesRepository.findShare(db, token) : undefined;
  if (!row) throw notFound();
  if (!isLive(row)) throw new HttpError(410, removedShareText);
  return row;
}

/** What the public page shows: the frozen scores, and the username only when chosen. */
export async function getSharedResult(db: Db, token: string): Promise<Shared> {
  const row = await findLiveShare(db, token);
  const input = imageInputOf(row);
  return {
    Name: row.report,
    Title: row.snapshot.title,
    Username: input.username,
    Entries: row.snapshot.entries.map((entry) => ({
      Name: entry.name,
      Poles: { Low: entry.poles.low, High: entry.poles.high },
      IsTotal: entry.isTotal,
      Score: entry.score,
      Uncertainty: entry.uncertainty,
    })),
    Headline: row.snapshot.headline,
    ImageUrl: imagePath(row.token, resultImageVersion(input)),
    Created: row.createdAt.toISOString(),
  };
}

/** What the shared result's picture shows, and its version (the ETag). */
export async function findResultImage(
  db: Db,
  token: string,
): Promise<{ input: ResultImageInput; version: string }> {
  const input = imageInputOf(await findLiveShare(db, token));
  return { input, version: resultImageVersion(input) };
}
