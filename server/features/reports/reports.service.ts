import type { ResponseOf } from '../../../contract/calls.ts';
import { isSubscriptionOpen } from '../../../contract/payments.base.ts';
import type {
  getDetailedReport,
  getQuiz,
  getUserReports,
  Leaning,
  ReportName,
} from '../../../contract/reports.ts';
import {
  bandRanges,
  bands,
  classifyClimate,
  leaningOf,
  sixteenTypeOf,
} from '../../../contract/report-readings.ts';
import {
  isReportName,
  quizGateFields,
  quizSlugOf,
  reportNames,
} from '../../../contract/reports.ts';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../http.ts';
import { enqueueUniqueJob } from '../../jobs/queue.ts';
import { announceChange } from '../../cache-changes.ts';
import { cachesPerDatabase, createReadCache } from '../../read-cache.ts';
import { shareResponseBody } from '../../serializer.ts';
import { getDemographics } from '../demographics/demographics.service.ts';
import {
  completionOf,
  createAlphaAccumulator,
  getInstrumentContent,
  hasEnoughAnswers,
  itemSlug,
  renderDetailedReport,
  scoreItem,
  scoreReport,
  seedInstrumentAnswers,
  type Answers,
  type InstrumentContent,
  type Report,
  type ReportScore,
} from '../instruments/index.ts';
import { getOpinionsInOrder } from '../opinions/opinions.service.ts';
import {
  answerPrivately,
  mayShowWhole,
  noisyMeans,
  splitEpsilon,
  type PrivacyOptions,
} from '../privacy/index.ts';
import type { MemberContext } from '../sessions/sessions.service.ts';
import { toCurrentUser } from '../users/users.service.ts';
import { entryNamesOf, getReportsContent } from './reports.content.ts';
import type { Norm } from './reports.norms.ts';
import {
  communityAverageOf,
  comparisonGroupOf,
  elementStandardError,
  emptyNorm,
  halfWidthOf,
  percentileOf,
  summarizeScores,
  totalStandardError,
} from './reports.norms.ts';
import * as reportsRepository from './reports.repository.ts';
import type { NormRow } from './reports.repository.ts';

/** The job that recomputes every report's norms (docs/decisions/041). */
export const computeNormsJobKind = 'compute-report-norms';
/** Norms older than this are recomputed: on start, and when a detailed report reads them. */
export const normsMaxAgeMs = 10 * 60_000;
/** A process asks for a recomputation at most this often, however many reads find them stale. */
const normsRequestIntervalMs = 60_000;

const quizLoginMessage = 'Please log in or sign up to answer this quiz';
const reportsLoginMessage = 'Please log in or sign up to see your reports';

/** What the sharing feature and the report calls read of one member's report. */
export type MemberReport = {
  name: ReportName;
  title: string;
  locked: boolean;
  completion: number;
  entries: {
    name: string;
    poles: { low: string; high: string };
    isTotal: boolean;
    score: number | null;
    /** Half-width of the 90 % interval in score points. */
    uncertainty: number | null;
  }[];
  headline: string | null;
};

/** A report is locked unless it is free (Ownership) or the member's subscription opens it. */
export function isReportLocked(report: Report, subscriptionStatus: string): boolean {
  return report.requiresSubscription && !isSubscriptionOpen(subscriptionStatus);
}

// ---------------------------------------------------------------------------------------------
// A member's report: scores, intervals, leanings and headline, from one code path.

/** One report scored for one member, as every call reads it: arrays in entry order. */
export type ReportEvaluation = {
  score: ReportScore;
  /** Items of the report the member answered. */
  answered: number;
  /** Per entry (elements, then the total): the rounded score, null when missing. */
  values: (number | null)[];
  /** Per entry: the half-width of the 90 % interval, null when unscored. */
  halfWidths: (number | null)[];
  leanings: (Leaning | null)[];
  headline: string | null;
};

export function evaluateReport(
  report: Report,
  answers: Answers,
  norms: readonly Norm[] | undefined,
): ReportEvaluation {
  const score = scoreReport(report, answers);
  const elementErrors = score.elements.map((element, index) =>
    element.score === null
      ? null
      : elementStandardError(element.answered, element.itemCount, norms?.[index]),
  );
  const values = score.elements.map((element) => element.score);
  const errors = [...elementErrors];
  if (score.total) {
    values.push(score.total.score);
    errors.push(score.total.score === null ? null : totalStandardError(elementErrors as number[]));
  }
  const halfWidths = errors.map((error) => (error === null ? null : halfWidthOf(error)));
  const leanings = values.map((value, index) => {
    const halfWidth = halfWidths[index];
    return value === null || halfWidth === null || halfWidth === undefined
      ? null
      : leaningOf(value, halfWidth);
  });
  const answered = score.elements.reduce((sum, element) => sum + element.answered, 0);
  return {
    score,
    answered,
    values,
    halfWidths,
    leanings,
    headline: headlineOf(report, score),
  };
}

/**
 * Sixteen Types: the letters by score, X only for an axis at exactly 50 or unscored (each axis's
 * clarity is shown beside its letter, from its interval: docs/decisions/070); climate: the class
 * of the total. Nothing before anything is scored.
 */
function headlineOf(report: Report, score: ReportScore): string | null {
  if (report.name === 'sixteen') {
    return sixteenTypeOf(
      report.elements.map((element, index) => ({
        letters: element.letters ?? { low: 'X', high: 'X' },
        score: score.elements[index]?.score ?? null,
      })),
    );
  }
  const total = score.total?.score ?? null;
  if (report.name === 'climate' && total !== null) {
    return classifyClimate(total);
  }
  return null;
}

/**
 * Per entry, the member's percentile among the other members with a score on it and the size of
 * that group (docs/decisions/071); an unscored entry has no percentile and counts every member
 * with a score.
 */
function percentilesOf(evaluation: ReportEvaluation, norms: readonly Norm[] | undefined) {
  const percentiles: (number | null)[] = [];
  const members: number[] = [];
  evaluation.values.forEach((value, index) => {
    const norm = norms?.[index] ?? emptyNorm;
    percentiles.push(value === null ? null : percentileOf(value, norm));
    members.push(value === null ? norm.members : comparisonGroupOf(value, norm).others);
  });
  return { percentiles, members };
}

/** Per database: each quiz item's id by its opinion's id, held once every item exists. */
const itemIdsByOpinion = new WeakMap<Db, ReadonlyMap<number, string>>();

/**
 * Which quiz item each opinion is. Items only change when they are made (seed, ensureQuizItems),
 * so once all exist the map is held for the process; until then it is read each time.
 */
async function loadItemIdsByOpinion(db: Db): Promise<ReadonlyMap<number, string>> {
  const held = itemIdsByOpinion.get(db);
  if (held) return held;
  const rows = await reportsRepository.listItemOpinions(db);
  const map = new Map(rows.map((row) => [row.opinionId, row.itemId]));
  if (map.size >= getInstrumentContent().items.size) itemIdsByOpinion.set(db, map);
  return map;
}

/**
 * A member's answers: their votes on the quiz items, by item id. A request's member comes with
 * every vote they cast, as the members cache holds them (validated before the request is answered,
 * docs/decisions/023-performance-machinery.md#members-cache), so no query is needed; without them, one query joins the items to the
 * member's votes.
 */
async function loadAnswers(
  db: Db,
  member: { id: number; ratings?: ReadonlyMap<number, number> | undefined },
): Promise<Map<string, number>> {
  if (!member.ratings) {
    const rows = await reportsRepository.listMemberAnswers(db, member.id);
    return new Map(rows.map((row) => [row.itemId, row.rating]));
  }
  const itemIds = await loadItemIdsByOpinion(db);
  const answers = new Map<string, number>();
  for (const [opinionId, rating] of member.ratings) {
    const itemId = itemIds.get(opinionId);
    if (itemId !== undefined) answers.set(itemId, rating);
  }
  return answers;
}

/** The report of one member as the sharing feature and the web's cards read it. */
export async function readMemberReport(
  db: Db,
  user: {
    id: number;
    subscriptionStatus: string;
    /** The member's votes by opinion id when the caller has them (a request's `member.ratings`). */
    ratings?: ReadonlyMap<number, number>;
  },
  name: ReportName,
): Promise<MemberReport> {
  const report = getInstrumentContent().reports[name];
  const [answers, norms] = await Promise.all([loadAnswers(db, user), loadNorms(db)]);
  const locked = isReportLocked(report, user.subscriptionStatus);
  const evaluation = evaluateReport(report, answers, norms.byReport.get(name));
  return {
    name,
    title: report.title,
    locked,
    completion: evaluation.score.completion,
    entries: entriesOf(report).map((entry, index) => ({
      name: entry.Name,
      poles: { low: entry.Poles.Low, high: entry.Poles.High },
      isTotal: entry.IsTotal,
      score: locked ? null : (evaluation.values[index] ?? null),
      uncertainty: locked ? null : (evaluation.halfWidths[index] ?? null),
    })),
    headline: locked ? null : evaluation.headline,
  };
}

// ---------------------------------------------------------------------------------------------
// Norms: computed by a job over every member, read from a per-process cache.

type NormsSnapshot = {
  byReport: ReadonlyMap<string, Norm[]>;
  /** When the oldest norm was computed; null when there are none. */
  oldest: Date | null;
  rows: number;
};

const normsCaches = cachesPerDatabase(
  (ttlMs) => ({ norms: createReadCache<NormsSnapshot>({ ttlMs, maxEntries: 1 }) }),
  {
    onChange(caches, change) {
      if (change.on === 'norms') caches.norms.clear();
    },
  },
);

async function loadNorms(db: Db): Promise<NormsSnapshot> {
  return normsCaches(db).norms.get('all', async () => {
    const rows = await reportsRepository.listNorms(db);
    const byReport = new Map<string, Norm[]>();
    let oldest: Date | null = null;
    for (const row of rows) {
      const norms = byReport.get(row.report) ?? [];
      norms[row.entryIndex] = {
        members: row.members,
        mean: row.mean,
        sd: row.sd,
        alpha: row.alpha,
        histogram: row.histogram,
      };
      byReport.set(row.report, norms);
      if (oldest === null || row.computedAt < oldest) oldest = row.computedAt;
    }
    return { byReport, oldest, rows: rows.length };
  });
}

/** Norm rows every report has: one per element and one per total. */
function expectedNormRows(content: InstrumentContent): number {
  return Object.values(content.reports).reduce(
    (sum, report) => sum + report.elements.length + (report.total ? 1 : 0),
    0,
  );
}

function areNormsStale(
  norms: { oldest: Date | null; rows: number },
  now: Date,
  content: InstrumentContent,
): boolean {
  if (norms.oldest === null || norms.rows < expectedNormRows(content)) return true;
  return now.getTime() - norms.oldest.getTime() > normsMaxAgeMs;
}

/** Queues a recomputation unless one is already waiting; returns whether it queued one. */
export function requestNormsComputation(db: Db): Promise<boolean> {
  return enqueueUniqueJob(db, computeNormsJobKind, {}, computeNormsJobKind);
}

/** On start: queue a recomputation when the norms are missing or older than 10 minutes. */
export async function requestNormsIfStale(db: Db, now = new Date()): Promise<boolean> {
  const age = await reportsRepository.findNormsAge(db);
  if (!areNormsStale(age, now, getInstrumentContent())) return false;
  return requestNormsComputation(db);
}

const lastNormsRequest = new WeakMap<Db, number>();

/** A read that found the norms stale asks for new ones, at most once a minute per process. */
async function requestFreshNorms(db: Db, norms: NormsSnapshot, now: Date): Promise<void> {
  if (!areNormsStale(norms, now, getInstrumentContent())) return;
  const last = lastNormsRequest.get(db);
  if (last !== undefined && now.getTime() - last < normsRequestIntervalMs) return;
  lastNormsRequest.set(db, now.getTime());
  await requestNormsComputation(db);
}

/** A batch of members' quiz answers: ids in (after, upTo], each member's answers by item id. */
export type MemberAnswersBatch = {
  after: number;
  upTo: number;
  byMember: Map<number, Map<string, number>>;
};

/**
 * Walks every member's quiz answers in batches of `membersPerBatch` members, in id order, so that
 * work over all members (norms, stored scores) holds one batch in memory at a time and gives the
 * event loop back between batches.
 */
export async function forEachMemberAnswersBatch(
  db: Db,
  membersPerBatch: number,
  visit: (batch: MemberAnswersBatch) => void | Promise<void>,
): Promise<number> {
  let after = 0;
  for (;;) {
    const upTo = await reportsRepository.findMemberBatchEnd(db, after, membersPerBatch);
    if (upTo === null) return after;
    const byMember = new Map<number, Map<string, number>>();
    for (const answer of await reportsRepository.listAnswersOfMembers(db, after, upTo)) {
      let memberAnswers = byMember.get(answer.userId);
      if (!memberAnswers) byMember.set(answer.userId, (memberAnswers = new Map()));
      memberAnswers.set(answer.itemId, answer.rating);
    }
    await visit({ after, upTo, byMember });
    after = upTo;
  }
}

/** Members per batch while the norms are computed. */
const normsMembersPerBatch = 500;

/**
 * Recomputes every report's norms from the raw votes and replaces them at once: per entry, the
 * members with a score, their mean, SD and histogram, and per element Cronbach's alpha over the
 * keyed answers of the members who have a score on it. Members are read in batches; what is kept
 * across batches is the scores (one number per member and entry) and each element's alpha sums.
 */
export async function computeReportNorms(
  db: Db,
  content: InstrumentContent = getInstrumentContent(),
  now = new Date(),
): Promise<void> {
  const reports = Object.values(content.reports).map((report) => ({
    report,
    scoresByEntry: Array.from(
      { length: report.elements.length + (report.total ? 1 : 0) },
      () => [] as number[],
    ),
    alphas: report.elements.map((element) => createAlphaAccumulator(element.items.length)),
  }));
  await forEachMemberAnswersBatch(db, normsMembersPerBatch, ({ byMember }) => {
    for (const memberAnswers of byMember.values()) {
      for (const { report, scoresByEntry, alphas } of reports) {
        const score = scoreReport(report, memberAnswers);
        const values = score.elements.map((element) => element.score);
        if (score.total) values.push(score.total.score);
        values.forEach((value, index) => {
          if (value !== null) scoresByEntry[index]?.push(value);
        });
        report.elements.forEach((element, index) => {
          const row = keyedAnswers(element.items, memberAnswers);
          if (row) alphas[index]!.add(row);
        });
      }
    }
  });
  const rows: NormRow[] = reports.flatMap(({ report, scoresByEntry, alphas }) =>
    scoresByEntry.map((scores, index) => {
      const alpha = alphas[index]?.alpha() ?? null;
      return {
        report: report.name,
        entryIndex: index,
        ...summarizeScores(scores),
        alpha: alpha === null || Number.isFinite(alpha) ? alpha : null,
      };
    }),
  );
  await reportsRepository.replaceNorms(db, rows, now);
  announceChange(db, { on: 'norms' });
}

/**
 * A member's keyed scores on an element's items (undefined where unanswered), or null when they
 * answered too few of them for a score: such members do not count towards the element's alpha.
 */
function keyedAnswers(
  items: Report['elements'][number]['items'],
  memberAnswers: ReadonlyMap<string, number>,
): (number | undefined)[] | null {
  const row = items.map((item) => {
    const rating = memberAnswers.get(item.id);
    return rating === undefined || rating === 0 ? undefined : scoreItem(item.keying, rating);
  });
  const answered = row.filter((value) => value !== undefined).length;
  return hasEnoughAnswers(answered, items.length) ? row : null;
}

// ---------------------------------------------------------------------------------------------
// The calls.

function requireMember(viewer: MemberContext | null, message: string): MemberContext {
  if (!viewer) throw new HttpError(401, message);
  return viewer;
}

/** The member as loadAnswers reads them: their id and their votes. */
const voterOf = (member: MemberContext) => ({ id: member.user.id, ratings: member.ratings });

/** Per database: the creation of the quiz items in flight, which concurrent reads share. */
const itemsBeingCreated = new WeakMap<Db, Promise<unknown>>();

/**
 * Quiz items are opinions made from content (docs/decisions/010); a database seeded without the
 * demo has none yet, and an item added to content has none until it is made. Made on the first
 * quiz read that misses one (idempotent: existing items and votes are kept).
 */
async function ensureQuizItems(db: Db) {
  let creation = itemsBeingCreated.get(db);
  if (!creation) {
    creation = seedInstrumentAnswers(db, []).finally(() => {
      itemsBeingCreated.delete(db);
      itemIdsByOpinion.delete(db);
    });
    itemsBeingCreated.set(db, creation);
  }
  await creation;
}

export async function getQuizPage(
  db: Db,
  viewer: MemberContext | null,
  rawSlug: string,
): Promise<ResponseOf<typeof getQuiz>> {
  const member = requireMember(viewer, quizLoginMessage);
  const slug = quizSlugOf(rawSlug.trim());
  const content = getInstrumentContent();
  const quiz = Object.hasOwn(content.quizzes, slug) ? content.quizzes[slug] : undefined;
  if (!quiz) throw new HttpError(404, `There is no quiz called "${slug}"`);
  let itemIds = await loadItemIdsByOpinion(db);
  if (itemIds.size < content.items.size) {
    await ensureQuizItems(db);
    itemIds = await loadItemIdsByOpinion(db);
  }
  const opinionByItem = new Map([...itemIds].map(([opinionId, itemId]) => [itemId, opinionId]));
  const opinionIds = quiz.itemIds.flatMap((itemId) => {
    const opinionId = opinionByItem.get(itemId);
    return opinionId === undefined ? [] : [opinionId];
  });
  const [answers, opinions, demographics] = await Promise.all([
    loadAnswers(db, voterOf(member)),
    getOpinionsInOrder(db, opinionIds, member.ratings),
    getDemographics(db, member.user),
  ]);
  const percentages: Record<string, number> = {};
  for (const name of getReportsContent().reportsByQuiz.get(slug) ?? []) {
    percentages[name] = completionOf(content.reports[name], answers);
  }
  return {
    Quiz: {
      Slug: slug,
      Title: quiz.title,
      Desc: quiz.description,
      EstimatedMinutes: quiz.estimatedMinutes,
      OpinionIDs: opinionIds,
    },
    Opinions: opinions,
    Percentages: percentages,
    // Saved details answer the gate, a field left empty included: the form offered 'Prefer not to
    // say' for it, and a member who chose it is not asked again (docs/decisions/067).
    MyDemographicsComplete: demographics.HasConsented,
    Gate: [...quizGateFields],
  };
}

type UserReportsPage = ResponseOf<typeof getUserReports>;

/**
 * A member's reports page, kept while what it is made from stays the same objects: the member as
 * the members cache holds them (replaced whenever their row or votes change, docs/decisions/023-performance-machinery.md#members-cache),
 * the norms snapshot (replaced when the read cache loads it again) and the item map. It is sent
 * as the same bytes, serialized and compressed once (shareResponseBody), like a cached opinion.
 */
const userReportsPages = new WeakMap<
  MemberContext,
  { norms: NormsSnapshot; itemIds: ReadonlyMap<number, string>; page: UserReportsPage }
>();

export async function getUserReportsPage(
  db: Db,
  viewer: MemberContext | null,
): Promise<UserReportsPage> {
  const member = requireMember(viewer, reportsLoginMessage);
  const [itemIds, norms] = await Promise.all([loadItemIdsByOpinion(db), loadNorms(db)]);
  const held = userReportsPages.get(member);
  if (held && held.norms === norms && held.itemIds === itemIds) return held.page;
  const answers = await loadAnswers(db, voterOf(member));
  const content = getInstrumentContent();
  const page: UserReportsPage = {
    Reports: {},
    Completion: {},
    Locked: {},
    Entries: {},
    Headlines: {},
    Uncertainty: {},
    Percentiles: {},
    Members: {},
  };
  for (const name of reportNames) {
    const report = content.reports[name];
    const locked = isReportLocked(report, member.user.subscriptionStatus);
    const evaluation = evaluateReport(report, answers, norms.byReport.get(name));
    page.Completion[name] = evaluation.score.completion;
    page.Locked[name] = locked;
    page.Entries[name] = entryNamesOf(report);
    // A locked report's scores never leave the server: not even as a key.
    if (locked) continue;
    if (evaluation.answered === 0) {
      page.Reports[name] = null;
      continue;
    }
    page.Reports[name] = evaluation.values;
    if (evaluation.headline !== null) page.Headlines[name] = evaluation.headline;
    const { percentiles, members } = percentilesOf(evaluation, norms.byReport.get(name));
    page.Uncertainty[name] = evaluation.halfWidths;
    page.Percentiles[name] = percentiles;
    page.Members[name] = members;
  }
  userReportsPages.set(member, { norms, itemIds, page: shareResponseBody(page) });
  return page;
}

type DetailedReport = ResponseOf<typeof getDetailedReport>;

/** The card's entries: its elements in content order, then its total. */
function entriesOf(report: Report): DetailedReport['Entries'] {
  const entries: DetailedReport['Entries'] = report.elements.map((element) => ({
    ID: element.id,
    Name: element.name,
    Help: element.help,
    Poles: { Low: element.poles.low, High: element.poles.high },
    Group: element.group ?? null,
    Letters: element.letters ? { Low: element.letters.low, High: element.letters.high } : null,
    IsTotal: false,
  }));
  if (report.total) {
    entries.push({
      ID: 'total',
      Name: report.total.name,
      Help: report.total.help,
      Poles: { Low: report.total.poles.low, High: report.total.poles.high },
      Group: null,
      Letters: null,
      IsTotal: true,
    });
  }
  return entries;
}

/** docs/decisions/010's rule in plain words: the open key every card shows. */
export const scoringFormula =
  'Each answer becomes an item score from 0 to 100. For a statement keyed +, Strongly Agree ' +
  'scores 100, Agree 75, Neutral 50, Disagree 25 and Strongly Disagree 0 (100 × (5 − r) / 4 for ' +
  'a rating r from 1, Strongly Agree, to 5, Strongly Disagree); a statement keyed − is scored ' +
  'the other way round. An element’s score is the mean of its answered statements’ scores, ' +
  'rounded to a whole number with halves away from 50, and needs at least half of its ' +
  'statements answered. A total is the rounded mean of its elements’ scores and needs every ' +
  'element. Bands: ' +
  bands
    .map((band) => `${bandRanges[band][0]}–${bandRanges[band][1]} ${band.toLowerCase()}`)
    .join(', ') +
  '. ' +
  'Each score is shown with its 90 % interval, 1.645 standard errors either side: the standard ' +
  'error is SD × √(1 − reliability), with the element’s reliability (Cronbach’s alpha, adjusted ' +
  'to the number of statements answered) measured on members’ answers once 100 members have a ' +
  'score, and 25 / √(statements answered) before that.';

function scoringKeyOf(report: Report): DetailedReport['Scoring'] {
  const entries: DetailedReport['Scoring']['Entries'] = report.elements.map((element) => ({
    Name: element.name,
    Items: element.items.map((item) => ({
      Text: item.text,
      Keying: item.keying,
      Link: `/o/${itemSlug(item.id)}`,
    })),
  }));
  if (report.total) entries.push({ Name: report.total.name, Items: [] });
  return { Formula: scoringFormula, Entries: entries };
}

/**
 * The community averages staff see beside a report (docs/decisions/082): noisy means of the
 * norms' members (a noisy sum of their rounded scores over a noisy count), each with its 95 %
 * margin, paid from the staff member's privacy budget once a day per report. With the budget
 * spent they are withheld (null) and the page still opens.
 */
async function noisyCommunity(
  db: Db,
  staffId: number,
  name: string,
  entryCount: number,
  normOf: (index: number) => Norm,
  options: { minGroupSize: number; privacy: PrivacyOptions },
): Promise<Pick<DetailedReport, 'Community' | 'CommunityMargins' | 'Budget'>> {
  try {
    const { answer, budget } = await answerPrivately(
      db,
      staffId,
      { call: 'reports/getdetailed', key: name },
      options.privacy,
      async (_trx, epsilonMicro) => {
        const [countsShare, sumsShare] = splitEpsilon(epsilonMicro, [2, 3]) as [bigint, bigint];
        const exact = Array.from({ length: entryCount }, (_, index) => {
          const norm = normOf(index);
          // communityAverageOf's rule on the exact norm, then the noise.
          const isShown = communityAverageOf(norm, options.minGroupSize) !== null;
          return { count: norm.members, sum: Math.round((norm.mean ?? 0) * norm.members), isShown };
        });
        const noisy = noisyMeans(exact, 100, { counts: countsShare, sums: sumsShare });
        const shown = (index: number) =>
          exact[index]!.isShown && mayShowWhole(noisy.counts[index]!, options.minGroupSize);
        return {
          Community: noisy.means.map((mean, index) => (shown(index) ? mean : null)),
          CommunityMargins: noisy.margins.map((margin, index) => (shown(index) ? margin : null)),
        };
      },
    );
    return { ...answer, Budget: budget };
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode !== 429) throw error;
    return {
      Community: Array.from({ length: entryCount }, () => null),
      CommunityMargins: Array.from({ length: entryCount }, () => null),
    };
  }
}

export async function getDetailedReportPage(
  db: Db,
  viewer: MemberContext | null,
  rawName: string,
  options: {
    adminEmails: readonly string[];
    minGroupSize: number;
    /** ε per answer and the daily budget: staff's community averages are noisy (decision 082). */
    privacy: PrivacyOptions;
    /** Told when a stale-norms request could not be queued; the read goes on. */
    onNormsRequestFailed?: (error: unknown) => void;
  },
): Promise<DetailedReport> {
  const member = requireMember(viewer, reportsLoginMessage);
  const name = rawName.trim();
  if (!isReportName(name)) throw new HttpError(404, `There is no report called "${name}"`);
  const report = getInstrumentContent().reports[name];
  const [answers, norms] = await Promise.all([loadAnswers(db, voterOf(member)), loadNorms(db)]);
  await requestFreshNorms(db, norms, new Date()).catch((error: unknown) =>
    options.onNormsRequestFailed?.(error),
  );
  const entryNorms = norms.byReport.get(name) ?? [];
  const entries = entriesOf(report);
  const normOf = (index: number) => entryNorms[index] ?? emptyNorm;
  const locked = isReportLocked(report, member.user.subscriptionStatus);
  const evaluation = evaluateReport(report, answers, entryNorms);
  const page: DetailedReport = {
    Name: name,
    Title: report.title,
    Intro: report.intro,
    Sources: report.sources.map((source) => ({ Title: source.title, Url: source.url })),
    Entries: entries,
    Reports: {},
    Uncertainty: null,
    Leanings: null,
    Percentiles: null,
    Members: entries.map((_entry, index) => normOf(index).members),
    Answered: [
      ...evaluation.score.elements.map((element) => element.answered),
      ...(report.total ? [evaluation.answered] : []),
    ],
    Headline: null,
    DetailedReports: { Text: renderDetailedReport(report, null) },
    Completion: evaluation.score.completion,
    Locked: locked,
    Quizzes: getReportsContent().quizzesByReport.get(name) ?? [],
    Scoring: scoringKeyOf(report),
  };
  if (toCurrentUser(member.user, options.adminEmails).AdminHub) {
    Object.assign(
      page,
      await noisyCommunity(db, member.user.id, name, entries.length, normOf, options),
    );
    page.MinGroupSize = options.minGroupSize;
  }
  if (locked) return page;
  page.Reports = { [name]: evaluation.answered === 0 ? null : evaluation.values };
  page.Uncertainty = evaluation.halfWidths;
  page.Leanings = evaluation.leanings;
  const { percentiles, members } = percentilesOf(evaluation, entryNorms);
  page.Percentiles = percentiles;
  page.Members = members;
  page.Headline = evaluation.headline;
  page.DetailedReports = {
    Text: renderDetailedReport(report, evaluation.score, {
      halfWidths: evaluation.halfWidths,
      headline: evaluation.headline,
    }),
  };
  return page;
}
