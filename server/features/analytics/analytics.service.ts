import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import {
  demographicFilterAnswers,
  demographicFilterFields,
  encodeStaffFilters,
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
import {
  answerPrivately,
  atLeastZero,
  cryptoBytes,
  isWithheld,
  mayShowWhole,
  noisyCounts,
  noisyMeans,
  splitEpsilon,
  withholdingReason,
  type PrivacyOptions,
  type RandomBytes,
} from '../privacy/index.ts';
import * as analyticsRepository from './analytics.repository.ts';
import { parseFilters, type ParsedFilters } from './filters.ts';

/*
 * Staff analytics (docs/decisions/054-staff-filters-and-exports.md): community averages and their
 * demographic matrix, the staff filters, the CSV exports and the detailed opinion report. Every
 * figure here is differentially private, asked through the privacy module
 * (docs/decisions/082-differentially-private-staff-figures.md): noisy, with its 95 % margin,
 * paid from the staff member's daily budget, and withheld by the module's small-group rule.
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
  /** ε per answer and the daily budget (DP_EPSILON, DP_DAILY_BUDGET). */
  privacy: PrivacyOptions;
  /** The noise's random bytes: node:crypto unless a test says otherwise. */
  random?: RandomBytes;
  onScoresRequestFailed?: (error: unknown) => void;
};

function askForFreshScores(db: Db, options: AnalyticsOptions) {
  requestMemberScoresIfStale(db).catch((error: unknown) => options.onScoresRequestFailed?.(error));
}

/**
 * Runs reads in one snapshot (repeatable read), so that a figure and the whole it is compared
 * with for the complement rule are counted over the same rows, even while the member scores job
 * or new votes change them. Inside the privacy module's transaction (read committed, holding the
 * budget's lock) the reads run there.
 */
function inSnapshot<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.transaction().setIsolationLevel('repeatable read').execute(work);
}

/** The filtered members' count and per-entry counts and sums, beside the whole report's counts. */
async function summarize(db: Db, name: ReportName, entryCount: number, filters: ParsedFilters) {
  if (analyticsRepository.selectsEveryone(filters, name)) {
    const everyone = await analyticsRepository.summarizeReportMembers(
      db,
      name,
      entryCount,
      null,
      true,
    );
    return { filtered: everyone, whole: everyone, isEveryone: true };
  }
  return inSnapshot(db, async (trx) => ({
    filtered: await analyticsRepository.summarizeReportMembers(
      trx,
      name,
      entryCount,
      filters,
      true,
    ),
    whole: await analyticsRepository.summarizeReportMembers(trx, name, 0, null, false),
    isEveryone: false,
  }));
}

/**
 * The filters as one normalised question: every way of writing the same filters (answers in
 * another order, a full 0–100 range, a score range listed first) is the same question, so it
 * gets the same stored answer.
 */
function questionKeyOf(filters: ParsedFilters): string {
  const values = [...filters.values].sort((a, b) => a.element.localeCompare(b.element));
  return encodeStaffFilters({ ...filters, values });
}

/** The ε shares of a community answer: members, the whole (complement rule), entry counts, sums. */
const communityShares = [4, 1, 2, 3];

/**
 * The noisy averages per entry and members: the members' count noised on its own share, the
 * entries' means as noisy sums (scores 0–100) over noisy counts. Withheld by the small-group
 * rule on the noisy counts (post-processing: it spends nothing more).
 */
async function noisyAveragesOf(
  db: Db,
  name: ReportName,
  filters: ParsedFilters,
  epsilonMicro: bigint,
  options: AnalyticsOptions,
) {
  const random = options.random ?? cryptoBytes;
  const entryIds = entryIdsOf(name);
  const { filtered, whole, isEveryone } = await summarize(db, name, entryIds.length, filters);
  const [usersShare, wholeShare, countsShare, sumsShare] = splitEpsilon(
    epsilonMicro,
    communityShares,
  ) as [bigint, bigint, bigint, bigint];
  const users = noisyCounts([filtered.members], 1, usersShare, random);
  const noisyUsers = users.values[0]!;
  // With no filters the whole is the group itself: no complement to compare with.
  const noisyWhole = isEveryone
    ? noisyUsers
    : noisyCounts([whole.members], 1, wholeShare, random).values[0]!;
  const reason = withholdingReason(noisyUsers, noisyWhole, options.minGroupSize);
  const averages = noisyMeans(
    filtered.entries.map((entry) => ({ count: entry.members, sum: entry.sum })),
    100,
    { counts: countsShare, sums: sumsShare },
    random,
  );
  // An entry few members have a score on is withheld on its own too.
  const shown = (index: number) => mayShowWhole(averages.counts[index]!, options.minGroupSize);
  return {
    Entries: entryIds,
    Averages: reason ? null : averages.means.map((mean, index) => (shown(index) ? mean : null)),
    Margins: reason
      ? null
      : averages.margins.map((margin, index) => (shown(index) ? margin : null)),
    Users: reason ? null : atLeastZero(noisyUsers),
    UsersMargin: users.margin,
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
  const staff = requireStaff(user, 'AdminHub', options.adminEmails);
  askForFreshScores(db, options);
  const noFilters = await parseFilters(db, {}, { scoresReport: name, entryIds: entryIdsOf(name) });
  const { answer, budget } = await answerPrivately(
    db,
    staff.id,
    { call: 'stancedna/get', key: name },
    options.privacy,
    async (trx, epsilonMicro) => {
      const [averagesShare, matrixShare] = splitEpsilon(epsilonMicro, [4, 1]) as [bigint, bigint];
      const community = await noisyAveragesOf(trx, name, noFilters, averagesShare, options);
      const cells = await analyticsRepository.countReportMembersByAnswer(
        trx,
        name,
        demographicFilterFields,
      );
      // Every allowed answer is noised, those nobody gave too: an absent cell would say so.
      const exact = new Map(
        cells.map((cell) => [`${cell.field}\u0000${cell.answer}`, cell.members]),
      );
      const keys = demographicFilterFields.flatMap((field) =>
        demographicFilterAnswers[field].map((answer) => [field, answer] as const),
      );
      // A member gives one answer per field: one member moves one cell of each field.
      const noisy = noisyCounts(
        keys.map(([field, answer]) => exact.get(`${field}\u0000${answer}`) ?? 0),
        demographicFilterFields.length,
        matrixShare,
        options.random ?? cryptoBytes,
      );
      const Matrix: Record<string, Record<string, number | null>> = {};
      for (const field of demographicFilterFields) Matrix[field] = {};
      const allMembers = community.Users ?? 0;
      keys.forEach(([field, answer], index) => {
        const members = noisy.values[index]!;
        // Shown when it clears MIN_GROUP_SIZE by its margin, as the export's rows: an answer
        // nobody gave must not read as a group.
        Matrix[field]![answer] =
          community.Withheld ||
          members - noisy.margin < options.minGroupSize ||
          isWithheld(members, allMembers, options.minGroupSize)
            ? null
            : members;
      });
      return { Type: name, ...community, Matrix, CountsMargin: noisy.margin };
    },
  );
  return { ...answer, Budget: budget };
}

/** `stancedna/filter`: the averages and count of the members the filters select. */
export async function filterCommunity(
  db: Db,
  user: SessionUser | null,
  name: ReportName,
  query: unknown,
  options: AnalyticsOptions,
) {
  const staff = requireStaff(user, 'AdminHub', options.adminEmails);
  const filters = await parseFilters(db, query, {
    scoresReport: name,
    entryIds: entryIdsOf(name),
  });
  askForFreshScores(db, options);
  const { answer, budget } = await answerPrivately(
    db,
    staff.id,
    { call: 'stancedna/filter', key: [name, questionKeyOf(filters)] },
    options.privacy,
    (trx, epsilonMicro) => noisyAveragesOf(trx, name, filters, epsilonMicro, options),
  );
  return { ...answer, Budget: budget };
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
  const staff = requireStaff(user, 'CanSeeDetailedOpinionReport', options.adminEmails);
  // Score ranges on an opinion's voters are on the Opinion DNA, the report of the sidebar's
  // Elements Spectrum (docs/decisions/072).
  const filters = await parseFilters(db, query, {
    scoresReport: opinionVotersReport,
    entryIds: entryIdsOf(opinionVotersReport),
  });
  const opinion = await analyticsRepository.findListedOpinion(db, slug);
  if (!opinion) throw notFound(`There is no opinion "${slug}"`);
  const minimum = options.minGroupSize;
  const random = options.random ?? cryptoBytes;
  const { answer, budget } = await answerPrivately(
    db,
    staff.id,
    { call: 'opinion/allvotes', key: [opinion.id, questionKeyOf(filters)] },
    options.privacy,
    async (trx, epsilonMicro) => {
      const { totals, cells } = await inSnapshot(trx, async (snapshot) => ({
        totals: await analyticsRepository.countOpinionVotes(snapshot, opinion.id, filters),
        cells: await analyticsRepository.countOpinionVotesByAnswer(
          snapshot,
          opinion.id,
          filters,
          demographicFilterFields,
        ),
      }));
      const [usersShare, votesShare, matrixShare] = splitEpsilon(epsilonMicro, [4, 2, 4]) as [
        bigint,
        bigint,
        bigint,
      ];
      // The filtered voters, noised on their own (a voter counts once), and their five counts (a
      // voter has one rating: they move one of the five by one).
      const voters = noisyCounts([totals.voters], 1, usersShare, random);
      const users = voters.values[0]!;
      const votes = noisyCounts(totals.ratings, 1, votesShare, random);
      const noisyVotes = votes.values.map(atLeastZero);
      // How many voted on the opinion at all is public (its page shows the counts to everyone).
      // With no filters the group is the whole: there is no complement to compare with.
      const isEveryone = questionKeyOf(filters) === '';
      const reason = withholdingReason(users, isEveryone ? users : totals.allVoters, minimum);
      const exact = new Map(cells.map((cell) => [`${cell.field}\u0000${cell.answer}`, cell]));
      const keys = demographicFilterFields.flatMap((field) =>
        demographicFilterAnswers[field].map((answerValue) => [field, answerValue] as const),
      );
      // One voter: one answer per field, one rating in it.
      const matrix = noisyCounts(
        keys.flatMap(
          ([field, answerValue]) =>
            exact.get(`${field}\u0000${answerValue}`)?.ratings ?? [0, 0, 0, 0, 0],
        ),
        demographicFilterFields.length,
        matrixShare,
        random,
      );
      const Matrix: Record<string, Record<string, number[] | null>> = {};
      for (const field of demographicFilterFields) Matrix[field] = {};
      keys.forEach(([field, answerValue], index) => {
        const counts = matrix.values.slice(index * 5, index * 5 + 5);
        const voters = counts.reduce((sum, count) => sum + count, 0);
        // A cell is withheld when small, when the rest of the filtered voters are few, or when
        // the same answer's voters outside the filters are few. (How many voters gave each
        // answer is public: the opinion's insights show it to everyone, under the same rule.)
        const allWithAnswer = exact.get(`${field}\u0000${answerValue}`)?.allVoters ?? 0;
        // An answer fewer than MIN_GROUP_SIZE voters gave at all is withheld whatever its noise,
        // as the opinion's insights withhold it: no noisy cell stands for an answer nobody gave.
        const withheld =
          reason !== null ||
          allWithAnswer < minimum ||
          isWithheld(voters, users, minimum) ||
          isWithheld(voters, allWithAnswer, minimum);
        Matrix[field]![answerValue] = withheld ? null : counts.map(atLeastZero);
      });
      return {
        Title: opinion.title,
        Slug: opinion.slug,
        Users: reason ? null : atLeastZero(users),
        UsersMargin: voters.margin,
        Votes: reason ? null : noisyVotes,
        CountsMargin: votes.margin,
        Matrix,
        MatrixMargin: matrix.margin,
        Withheld: reason !== null,
        Reason: reason,
        // Public on the opinion's page to everyone, so exact, under the small-group rule: of
        // all its voters, whatever the filters (docs/decisions/077-minds-changed.md).
        Movement: (
          await getMovements(trx, [{ id: opinion.id, voters: totals.allVoters }], minimum)
        ).get(opinion.id)!,
      };
    },
  );
  return { ...answer, Budget: budget };
}

// ---------------------------------------------------------------------------------------------
// CSV.

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

/** The ε shares of the export's answers' rows: members, entry counts, sums. */
const exportRowShares = [2, 3, 4];

type ExportTable = { withheld: string | null; rows: (string | number | null)[][] };

/**
 * `stancedna/report`: the noisy aggregate table of the filtered members as CSV, one row per
 * demographic field and answer (and one for all of them): members, then each entry's mean and
 * its margin. Never a row per member, no ids: two exports differ by noise, not by a person.
 */
export async function exportReport(
  db: Db,
  user: SessionUser | null,
  name: ReportName,
  query: unknown,
  options: AnalyticsOptions,
): Promise<Readable> {
  const staff = requireStaff(user, 'AdminHub', options.adminEmails);
  const entryIds = entryIdsOf(name);
  const filters = await parseFilters(db, query, { scoresReport: name, entryIds });
  askForFreshScores(db, options);
  const entryNames = entryNamesOf(name);
  const fields = demographicFilterFields;
  const random = options.random ?? cryptoBytes;
  const { answer } = await answerPrivately<ExportTable>(
    db,
    staff.id,
    { call: 'stancedna/report', key: [name, questionKeyOf(filters)] },
    options.privacy,
    async (trx, epsilonMicro) => {
      const { filtered, whole, isEveryone } = await summarize(trx, name, entryIds.length, filters);
      const cells = await analyticsRepository.summarizeExportTable(
        trx,
        name,
        entryIds.length,
        filters,
        fields,
      );
      const exact = new Map(cells.map((cell) => [`${cell.field}\u0000${cell.answer}`, cell]));
      const empty = { members: 0, entries: entryIds.map(() => ({ members: 0, sum: 0 })) };
      const keys: [string, string][] = [
        ['all', ''],
        ...fields.flatMap((field) =>
          demographicFilterAnswers[field].map((answer) => [field, answer] as [string, string]),
        ),
      ];
      const table = keys.map(([field, answer]) =>
        field === 'all'
          ? { members: filtered.members, entries: filtered.entries }
          : (exact.get(`${field}\u0000${answer}`) ?? empty),
      );
      // Half of ε for the 'all' row, noised as a filter answer is (a member moves its members by
      // one, its entries' counts and sums once each); half for the answers' rows together (a
      // member is in one row per field).
      const [allHalf, rowsHalf] = splitEpsilon(epsilonMicro, [1, 1]) as [bigint, bigint];
      const [allShare, wholeShare, allCountsShare, allSumsShare] = splitEpsilon(
        allHalf,
        communityShares,
      ) as [bigint, bigint, bigint, bigint];
      const [membersShare, countsShare, sumsShare] = splitEpsilon(rowsHalf, exportRowShares) as [
        bigint,
        bigint,
        bigint,
      ];
      const allMembers = noisyCounts([table[0]!.members], 1, allShare, random);
      const answerMembers = noisyCounts(
        table.slice(1).map((row) => row.members),
        fields.length,
        membersShare,
        random,
      );
      const members = {
        values: [...allMembers.values, ...answerMembers.values],
        margins: table.map((_, index) => (index === 0 ? allMembers.margin : answerMembers.margin)),
      };
      const entriesOf = (row: (typeof table)[number]) =>
        row.entries.map((entry) => ({ count: entry.members, sum: entry.sum }));
      const allAverages = noisyMeans(
        entriesOf(table[0]!),
        100,
        { counts: allCountsShare, sums: allSumsShare },
        random,
      );
      const rowAverages = noisyMeans(
        table.slice(1).flatMap(entriesOf),
        100,
        { counts: countsShare, sums: sumsShare },
        random,
        fields.length * entryIds.length,
      );
      const averages = {
        means: [...allAverages.means, ...rowAverages.means],
        margins: [...allAverages.margins, ...rowAverages.margins],
      };
      const at = (row: number, entry: number) => row * entryIds.length + entry;
      const all = members.values[0]!;
      const noisyWhole = isEveryone
        ? all
        : noisyCounts([whole.members], 1, wholeShare, random).values[0]!;
      const withheld = withholdingReason(all, noisyWhole, options.minGroupSize);
      const rows = keys.map(([field, answer], index) => {
        const count = members.values[index]!;
        // An answer's row is shown when its noisy members clear MIN_GROUP_SIZE by their margin:
        // with ten fields' worth of noise, a row for an answer nobody gave would otherwise
        // clear it about every other time, and read as a group.
        const clears = index === 0 || count - members.margins[index]! >= options.minGroupSize;
        const shown = withheld === null && clears && !isWithheld(count, all, options.minGroupSize);
        const record: (string | number | null)[] = [
          field,
          field !== 'all' && numericAnswers.has(field as DemographicFilterField)
            ? Number(answer)
            : answer,
          shown ? atLeastZero(count) : null,
          members.margins[index]!,
          shown ? null : 'withheld',
        ];
        for (let entry = 0; entry < entryIds.length; entry += 1) {
          record.push(shown ? (averages.means[at(index, entry)] ?? null) : null);
          record.push(shown ? (averages.margins[at(index, entry)] ?? null) : null);
        }
        return record;
      });
      return { withheld, rows: withheld === null ? rows : [] };
    },
  );
  if (answer.withheld) throw new HttpError(409, `The export is refused. ${answer.withheld}.`);
  const columns = [
    'field',
    'answer',
    'members',
    'members_margin',
    'note',
    ...entryNames.flatMap((entry) => [entry, `${entry} margin`]),
  ];
  return Readable.from(answer.rows).pipe(csvStream(columns));
}

const numericAnswers = new Set<DemographicFilterField>([
  'education',
  'householdIncome',
  'politicalSpectrum',
  'numChildren',
]);

/** Whether the member may download topic reports (listing conversations comes with the admin hub). */
export function mayExportTopicReports(
  user: SessionUser | null,
  options: Pick<AnalyticsOptions, 'adminEmails'>,
): boolean {
  return user !== null && toCurrentUser(user, options.adminEmails).AdminHub;
}

/**
 * Keyset pages of a list, each asked for while the previous one is being read (so the database
 * round trips overlap), at most two pages held at once.
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

/** Rows fetched per database round trip while reading a topic's opinions. */
export const exportPageSize = 1000;

/**
 * `topic/report`: the topic's opinions with their vote distributions, as a CSV stream. Staff see
 * the counts noised like every staff figure (docs/decisions/082): a member votes once on each of
 * the topic's opinions, so one member moves the table by at most its number of opinions. The
 * movement of minds is public on every opinion's page, so it stays exact, under the rule.
 */
export async function exportTopicReport(
  db: Db,
  user: SessionUser | null,
  slug: string,
  options: AnalyticsOptions,
): Promise<{ slug: string; stream: Readable }> {
  // Listing conversations (canListConvos) comes with the admin hub.
  const staff = requireStaff(user, 'AdminHub', options.adminEmails);
  const topic = await analyticsRepository.findTopic(db, slug);
  if (!topic) throw notFound(`There is no topic "${slug}"`);
  const topicId = topic.id;
  const random = options.random ?? cryptoBytes;
  const { answer } = await answerPrivately(
    db,
    staff.id,
    { call: 'topic/report', key: topicId },
    options.privacy,
    async (trx, epsilonMicro) => {
      const opinions: Awaited<ReturnType<typeof analyticsRepository.listTopicOpinionsPage>> = [];
      const pages = pagesOf(
        (after) => analyticsRepository.listTopicOpinionsPage(trx, topicId, after, exportPageSize),
        (opinion) => opinion.id,
      );
      for await (const page of pages) opinions.push(...page);
      const votesOf = (opinion: (typeof opinions)[number]) => [
        opinion.votes1,
        opinion.votes2,
        opinion.votes3,
        opinion.votes4,
        opinion.votes5,
      ];
      const total = (votes: number[]) => votes.reduce((sum, count) => sum + count, 0);
      const noisy = noisyCounts(
        opinions.flatMap(votesOf),
        Math.max(1, opinions.length),
        epsilonMicro,
        random,
      );
      // Members who moved toward Agree / Disagree, empty when withheld (docs/decisions/077).
      const movements = await getMovements(
        trx,
        opinions.map((opinion) => ({ id: opinion.id, voters: total(votesOf(opinion)) })),
        options.minGroupSize,
      );
      return opinions.map((opinion, index) => {
        const votes = noisy.values.slice(index * 5, index * 5 + 5).map(atLeastZero);
        const movement = movements.get(opinion.id);
        return [
          opinion.slug,
          opinion.title,
          `/o/${opinion.slug}`,
          new Date(opinion.createdAt).toISOString(),
          ...votes,
          total(votes),
          noisy.margin,
          movement?.TowardAgree ?? '',
          movement?.TowardDisagree ?? '',
        ];
      });
    },
  );
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
    'votes_margin',
    'moved_toward_agree',
    'moved_toward_disagree',
  ];
  return { slug: topic.slug, stream: Readable.from(answer).pipe(csvStream(columns)) };
}
