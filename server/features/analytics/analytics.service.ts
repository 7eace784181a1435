import { createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import {
  demographicFilterFields,
  type DemographicFilterField,
} from '../../../contract/analytics.ts';
import type { ReportName } from '../../../contract/reports.ts';
import type { Db } from '../../db/database.ts';
import type { SessionUser } from '../../db/schema.ts';
import { HttpError, notFound } from '../../http.ts';
import { enqueueUniqueJob } from '../../jobs/queue.ts';
import { getInstrumentContent, scoreReport, type InstrumentContent } from '../instruments/index.ts';
import { forEachMemberAnswersBatch } from '../reports/reports.service.ts';
import { toCurrentUser } from '../users/users.service.ts';
import { getMovements } from '../minds/minds.service.ts';
import * as analyticsRepository from './analytics.repository.ts';
import { parseFilters, type ParsedFilters } from './filters.ts';

/*
 * Staff analytics (docs/decisions/054-staff-filters-and-exports.md): community averages and their
 * demographic matrix, the staff filters, the CSV exports and the detailed opinion report.
 */

// ---------------------------------------------------------------------------------------------
// Who may call.

export type StaffFlag = 'AdminHub' | 'CanSeeDetailedOpinionReport';

/** A visitor gets 401; a member without the flag 403, whatever the client shows. */
export function requireStaff(
  user: SessionUser | null,
  flag: StaffFlag,
  adminEmails: readonly string[],
): SessionUser {
  if (!user) throw new HttpError(401, 'Please log in to see staff analytics');
  if (!toCurrentUser(user, adminEmails)[flag]) {
    throw new HttpError(
      403,
      flag === 'AdminHub'
        ? 'Only staff with the admin hub may see community analytics'
        : 'Only staff who may see detailed opinion reports may see this one',
    );
  }
  return user;
}

// ---------------------------------------------------------------------------------------------
// Withholding small groups.

/**
 * Why an aggregate over `members` of `allMembers` is withheld, or null when it may be shown:
 * under `minimum` members, or when the members left out number 1 to `minimum` − 1 (the whole
 * minus the group would describe them).
 */
export function withholdingReason(
  members: number,
  allMembers: number,
  minimum: number,
): string | null {
  if (members < minimum) {
    return `Fewer than ${minimum} members match: figures about so few people are not shown`;
  }
  const outside = allMembers - members;
  if (outside > 0 && outside < minimum) {
    return `Fewer than ${minimum} members fall outside these filters: comparing with everyone would single them out`;
  }
  return null;
}

const isWithheld = (members: number, allMembers: number, minimum: number) =>
  withholdingReason(members, allMembers, minimum) !== null;

// ---------------------------------------------------------------------------------------------
// Member scores: derived from the votes through the one scoring path.

export const computeMemberScoresJobKind = 'compute-member-scores';

/** Members scored per batch: their answers (up to ~900 votes each) are held at once. */
const membersPerBatch = 500;

/** Scores older than this are recomputed on the next staff read (the report norms' cadence). */
const memberScoresMaxAgeMs = 10 * 60_000;
const requestIntervalMs = 60_000;

/** The ids of a report's entries in array order: its elements, then `total` when it has one. */
export function entryIdsOf(name: ReportName, content = getInstrumentContent()): string[] {
  const report = content.reports[name];
  return [...report.elements.map((element) => element.id), ...(report.total ? ['total'] : [])];
}

function entryNamesOf(name: ReportName, content = getInstrumentContent()): string[] {
  const report = content.reports[name];
  return [
    ...report.elements.map((element) => element.name),
    ...(report.total ? [report.total.name] : []),
  ];
}

/**
 * Recomputes every member's scores on every report from their votes (scoreReport) and replaces
 * the stored ones, a batch of members at a time (memory flat in the number of members).
 */
export async function refreshMemberScores(
  db: Db,
  content: InstrumentContent = getInstrumentContent(),
  now = new Date(),
): Promise<void> {
  const last = await forEachMemberAnswersBatch(
    db,
    membersPerBatch,
    async ({ after, upTo, byMember }) => {
      const rows: analyticsRepository.MemberScoresRow[] = [];
      for (const [userId, memberAnswers] of byMember) {
        for (const report of Object.values(content.reports)) {
          const score = scoreReport(report, memberAnswers);
          const scores = score.elements.map((element) => element.score);
          if (score.total) scores.push(score.total.score);
          if (scores.some((value) => value !== null))
            rows.push({ report: report.name, userId, scores });
        }
      }
      await analyticsRepository.replaceMemberScores(db, after, upTo, rows, now);
    },
  );
  await analyticsRepository.deleteMemberScoresAfter(db, last);
  // The planner's statistics of each score entry (the migration's), fresh for the filters' plans.
  await analyticsRepository.analyzeMemberScores(db);
}

const lastScoresRequest = new WeakMap<Db, number>();

/** Queues a recomputation when the scores are missing or old, at most once a minute per process. */
export async function requestMemberScoresIfStale(db: Db, now = new Date()): Promise<boolean> {
  const last = lastScoresRequest.get(db);
  if (last !== undefined && now.getTime() - last < requestIntervalMs) return false;
  lastScoresRequest.set(db, now.getTime());
  const oldest = await analyticsRepository.findMemberScoresAge(db);
  if (oldest && now.getTime() - oldest.getTime() < memberScoresMaxAgeMs) return false;
  return enqueueUniqueJob(db, computeMemberScoresJobKind, {}, computeMemberScoresJobKind);
}

// ---------------------------------------------------------------------------------------------
// The calls.

export type AnalyticsOptions = {
  adminEmails: readonly string[];
  minGroupSize: number;
  onScoresRequestFailed?: (error: unknown) => void;
};

function askForFreshScores(db: Db, options: AnalyticsOptions) {
  requestMemberScoresIfStale(db).catch((error: unknown) => options.onScoresRequestFailed?.(error));
}

const roundedMean = (mean: number | null) => (mean === null ? null : Math.round(mean * 10) / 10);

/**
 * Runs reads in one snapshot (repeatable read), so that a figure and the whole it is compared
 * with for the complement rule are counted over the same rows, even while the member scores job
 * or new votes change them.
 */
function inSnapshot<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.transaction().setIsolationLevel('repeatable read').execute(work);
}

/** The filtered members' count and per-entry counts and means, beside the whole report's counts. */
async function summarize(db: Db, name: ReportName, entryCount: number, filters: ParsedFilters) {
  if (analyticsRepository.selectsEveryone(filters, name)) {
    const everyone = await analyticsRepository.summarizeReportMembers(
      db,
      name,
      entryCount,
      null,
      true,
    );
    return { filtered: everyone, whole: everyone };
  }
  return inSnapshot(db, async (trx) => ({
    filtered: await analyticsRepository.summarizeReportMembers(
      trx,
      name,
      entryCount,
      filters,
      true,
    ),
    whole: await analyticsRepository.summarizeReportMembers(trx, name, entryCount, null, false),
  }));
}

/** The averages per entry, each withheld on its own counts too. */
async function averagesOf(db: Db, name: ReportName, filters: ParsedFilters, minimum: number) {
  const entryIds = entryIdsOf(name);
  const { filtered, whole } = await summarize(db, name, entryIds.length, filters);
  const reason = withholdingReason(filtered.members, whole.members, minimum);
  return {
    Entries: entryIds,
    Averages: reason
      ? null
      : filtered.entries.map((entry, index) =>
          isWithheld(entry.members, whole.entries[index]!.members, minimum)
            ? null
            : roundedMean(entry.mean),
        ),
    Users: reason ? null : filtered.members,
    Withheld: reason !== null,
    Reason: reason,
  };
}

/** `stancedna/get`: the report's community averages and its members per demographic answer. */
export async function getCommunity(
  db: Db,
  user: SessionUser | null,
  name: ReportName,
  options: AnalyticsOptions,
) {
  requireStaff(user, 'AdminHub', options.adminEmails);
  askForFreshScores(db, options);
  const noFilters = await parseFilters(db, {}, { scoresReport: name, entryIds: entryIdsOf(name) });
  const { community, cells } = await inSnapshot(db, async (trx) => ({
    community: await averagesOf(trx, name, noFilters, options.minGroupSize),
    cells: await analyticsRepository.countReportMembersByAnswer(trx, name, demographicFilterFields),
  }));
  const Matrix: Record<string, Record<string, number | null>> = {};
  for (const field of demographicFilterFields) Matrix[field] = {};
  const allMembers = community.Users ?? 0;
  for (const cell of cells) {
    Matrix[cell.field]![cell.answer] =
      community.Withheld || isWithheld(cell.members, allMembers, options.minGroupSize)
        ? null
        : cell.members;
  }
  return { Type: name, ...community, Matrix };
}

/** `stancedna/filter`: the averages and count of the members the filters select. */
export async function filterCommunity(
  db: Db,
  user: SessionUser | null,
  name: ReportName,
  query: unknown,
  options: AnalyticsOptions,
) {
  requireStaff(user, 'AdminHub', options.adminEmails);
  const filters = await parseFilters(db, query, {
    scoresReport: name,
    entryIds: entryIdsOf(name),
  });
  askForFreshScores(db, options);
  return averagesOf(db, name, filters, options.minGroupSize);
}

/** The report whose elements score ranges name when the filtered figure is about an opinion's voters. */
export const opinionVotersReport: ReportName = 'opiniondna';

/** `opinion/allvotes`: the filtered voters' ratings, overall and per demographic answer. */
export async function getAllVotes(
  db: Db,
  user: SessionUser | null,
  slug: string,
  query: unknown,
  options: AnalyticsOptions,
) {
  requireStaff(user, 'CanSeeDetailedOpinionReport', options.adminEmails);
  // Score ranges on an opinion's voters are on the Opinion DNA, the report of the sidebar's
  // Elements Spectrum (docs/decisions/072).
  const filters = await parseFilters(db, query, {
    scoresReport: opinionVotersReport,
    entryIds: entryIdsOf(opinionVotersReport),
  });
  const opinion = await analyticsRepository.findListedOpinion(db, slug);
  if (!opinion) throw notFound(`There is no opinion "${slug}"`);
  const minimum = options.minGroupSize;
  const { totals, cells } = await inSnapshot(db, async (trx) => ({
    totals: await analyticsRepository.countOpinionVotes(trx, opinion.id, filters),
    cells: await analyticsRepository.countOpinionVotesByAnswer(
      trx,
      opinion.id,
      filters,
      demographicFilterFields,
    ),
  }));
  const reason = withholdingReason(totals.voters, totals.allVoters, minimum);
  const Matrix: Record<string, Record<string, number[] | null>> = {};
  for (const field of demographicFilterFields) Matrix[field] = {};
  for (const cell of cells) {
    if (cell.voters === 0) continue;
    // A cell is withheld when small, when the rest of the filtered voters are few, or when the
    // same answer's voters outside the filters are few.
    const withheld =
      reason !== null ||
      isWithheld(cell.voters, totals.voters, minimum) ||
      isWithheld(cell.voters, cell.allVoters, minimum);
    Matrix[cell.field]![cell.answer] = withheld ? null : cell.ratings;
  }
  return {
    Title: opinion.title,
    Slug: opinion.slug,
    Users: reason ? null : totals.voters,
    Votes: reason ? null : totals.ratings,
    Matrix,
    Withheld: reason !== null,
    Reason: reason,
    // Of all the opinion's voters, whatever the filters (docs/decisions/077-minds-changed.md).
    Movement: (await getMovements(db, [{ id: opinion.id, voters: totals.allVoters }], minimum)).get(
      opinion.id,
    )!,
  };
}

// ---------------------------------------------------------------------------------------------
// CSV.

/** Rows fetched per database round trip while streaming. */
export const exportPageSize = 1000;

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return, which some
 * strip first) as a formula; a leading apostrophe makes it text.
 */
export function protectCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function csvStream(columns: string[]) {
  return stringify({
    header: true,
    columns,
    cast: { string: protectCell },
  });
}

const numericAnswers = new Set<DemographicFilterField>([
  'education',
  'householdIncome',
  'politicalSpectrum',
  'numChildren',
]);

const exportSecretName = 'export-member-ids';

/** The export's pseudonym of a member: HMAC-SHA256 of the id under the export key, 128 bits in hex. */
export function pseudonymOf(key: Buffer | KeyObject, userId: number): string {
  return createHmac('sha256', key).update(String(userId)).digest('hex').slice(0, 32);
}

/**
 * Keyset pages of a list, each asked for while the previous one is being written (so the
 * database and the CSV writing overlap), at most two pages held at once.
 */
async function* pagesOf<Row>(
  load: (after: number) => Promise<Row[]>,
  keyOf: (row: Row) => number,
): AsyncGenerator<Row[]> {
  let next = load(0);
  for (;;) {
    const page = await next;
    const isLast = page.length < exportPageSize;
    if (!isLast) next = load(keyOf(page[page.length - 1]!));
    yield page;
    if (isLast) return;
  }
}

/** `stancedna/report`: checks the request, then a stream of CSV rows to send. */
export async function exportReport(
  db: Db,
  user: SessionUser | null,
  name: ReportName,
  query: unknown,
  options: AnalyticsOptions,
): Promise<Readable> {
  requireStaff(user, 'AdminHub', options.adminEmails);
  const entryIds = entryIdsOf(name);
  const filters = await parseFilters(db, query, { scoresReport: name, entryIds });
  askForFreshScores(db, options);
  const { filtered, whole } = await summarize(db, name, 0, filters);
  const reason = withholdingReason(filtered.members, whole.members, options.minGroupSize);
  if (reason) throw new HttpError(409, `The export is refused. ${reason}.`);
  const secret = await analyticsRepository.findOrCreateSecret(
    db,
    exportSecretName,
    randomBytes(32),
  );
  const entryNames = entryNamesOf(name);
  const fields = demographicFilterFields;
  // A KeyObject made once: keying each HMAC from raw bytes cost more than the hashing.
  const key = createSecretKey(secret);
  async function* rows() {
    const pages = pagesOf(
      (after) =>
        analyticsRepository.listExportPage(db, name, filters, fields, after, exportPageSize),
      (row) => row.userId,
    );
    for await (const page of pages) {
      for (const row of page) {
        const record: (string | number | null)[] = [pseudonymOf(key, row.userId)];
        for (const field of fields) {
          const answer = row[field];
          record.push(answer !== null && numericAnswers.has(field) ? Number(answer) : answer);
        }
        entryNames.forEach((_, index) => record.push(row.scores[index] ?? null));
        yield record;
      }
    }
  }
  return Readable.from(rows()).pipe(csvStream(['member', ...fields, ...entryNames]));
}

/** Whether the member may download topic reports (listing conversations comes with the admin hub). */
export function mayExportTopicReports(
  user: SessionUser | null,
  options: Pick<AnalyticsOptions, 'adminEmails'>,
): boolean {
  return user !== null && toCurrentUser(user, options.adminEmails).AdminHub;
}

/** `topic/report`: the topic's opinions with their vote distributions, as a CSV stream. */
export async function exportTopicReport(
  db: Db,
  user: SessionUser | null,
  slug: string,
  options: AnalyticsOptions,
): Promise<{ slug: string; stream: Readable }> {
  // Listing conversations (canListConvos) comes with the admin hub.
  requireStaff(user, 'AdminHub', options.adminEmails);
  const topic = await analyticsRepository.findTopic(db, slug);
  if (!topic) throw notFound(`There is no topic "${slug}"`);
  const topicId = topic.id;
  async function* rows() {
    const pages = pagesOf(
      (after) => analyticsRepository.listTopicOpinionsPage(db, topicId, after, exportPageSize),
      (opinion) => opinion.id,
    );
    for await (const page of pages) {
      const votesOf = (opinion: (typeof page)[number]) => [
        opinion.votes1,
        opinion.votes2,
        opinion.votes3,
        opinion.votes4,
        opinion.votes5,
      ];
      const total = (votes: number[]) => votes.reduce((sum, count) => sum + count, 0);
      // Members who moved toward Agree / Disagree, empty when withheld (docs/decisions/077).
      const movements = await getMovements(
        db,
        page.map((opinion) => ({ id: opinion.id, voters: total(votesOf(opinion)) })),
        options.minGroupSize,
      );
      for (const opinion of page) {
        const votes = votesOf(opinion);
        const movement = movements.get(opinion.id);
        yield [
          opinion.slug,
          opinion.title,
          `/o/${opinion.slug}`,
          new Date(opinion.createdAt).toISOString(),
          ...votes,
          total(votes),
          movement?.TowardAgree ?? '',
          movement?.TowardDisagree ?? '',
        ];
      }
    }
  }
  const columns = [
    'slug',
    'title',
    'link',
    'created',
    'votes1',
    'votes2',
    'votes3',
    'votes4',
    'votes5',
    'votes',
    'moved_toward_agree',
    'moved_toward_disagree',
  ];
  return { slug: topic.slug, stream: Readable.from(rows()).pipe(csvStream(columns)) };
}
