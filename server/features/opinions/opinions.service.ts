import type { Activity, Opinion, TopicSummary, VoteResults } from '../../../contract/entities.ts';
import { noVotesMarker } from '../../../contract/constants.ts';
import { awardThresholds } from '../../../contract/milestones.ts';
import { pendingTopicSearchError } from '../../../contract/opinions.ts';
import { batcherPerDatabase } from '../../db/batcher.ts';
import { inTransaction, type Db } from '../../db/database.ts';
import { DatabaseUnavailableError } from '../../db/outages.ts';
import type { SessionUser } from '../../db/schema.ts';
import { HttpError, notFound } from '../../http.ts';
import { announceChange } from '../../cache-changes.ts';
import { cachesPerDatabase, createReadCache } from '../../read-cache.ts';
import { shareResponseBody } from '../../serializer.ts';
import { resolveTopicIds } from '../topics/topics.service.ts';
import { liveSessionBounds, resolveSessionWithRating } from '../sessions/sessions.service.ts';
import { quizOfOpinionSlug, type QuizLink } from '../reports/index.ts';
import { wordStoredTidbit } from '../insights/index.ts';
import { toCurrentUser } from '../users/users.service.ts';
import { canSeeOpinion, editRight } from './opinions.permissions.ts';
import { getMovement, type Movement } from '../minds/minds.service.ts';
import * as opinionsRepository from './opinions.repository.ts';
import type { AppliedVote, OpinionWithAuthor, VoteInSession } from './opinions.repository.ts';
import { slugify, uniqueSlug } from '../../slug.ts';

const removedMessage = 'This content has been removed';
const voteLoginMessage = 'Log in or sign up to vote';

export { noVotesMarker };

/**
 * Whole percentages for ratings 1..5 that sum to exactly 100 over the ratings chosen (largest
 * remainder method, ties to the lower rating), with 999 for a rating nobody chose.
 */
export function computePercentages(counts: readonly number[]): number[] {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return counts.map(() => noVotesMarker);
  const exact = counts.map((count) => (count * 100) / total);
  const floors = exact.map(Math.floor);
  let missing = 100 - floors.reduce((sum, value) => sum + value, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .filter(({ index }) => (counts[index] ?? 0) > 0)
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (missing === 0) break;
    floors[index] = (floors[index] ?? 0) + 1;
    missing--;
  }
  return floors.map((value, index) => ((counts[index] ?? 0) === 0 ? noVotesMarker : value));
}

export function sharesShown(numVotes: number): number {
  return Math.max(0, Math.round((numVotes - 20) / 25));
}

function countsOf(row: OpinionWithAuthor): number[] {
  return [row.votes1, row.votes2, row.votes3, row.votes4, row.votes5];
}

/** An opinion's row and its topics: what every viewer sees alike, so what the cache holds. */
type OpinionBundle = { row: OpinionWithAuthor; topics: TopicSummary[] };

/**
 * Bundles by opinion id (with them go the unvoted pages made from them, and those pages' shared
 * bytes), and opinion ids by slug, which never change. Any change to an opinion drops its bundle.
 */
const opinionCaches = cachesPerDatabase(
  (ttlMs, clock) => ({
    bundleById: createReadCache<OpinionBundle | null>({ ttlMs, maxEntries: 20_000, clock }),
    idBySlug: createReadCache<number | null>({ ttlMs, maxEntries: 20_000, clock }),
  }),
  {
    onChange: (caches, change) => {
      if (change.on === 'opinion') caches.bundleById.delete(String(change.id));
    },
  },
);

async function loadBundles(db: Db, ids: readonly number[]) {
  const [rows, topicRows] = await Promise.all([
    opinionsRepository.findOpinionsByIds(db, ids),
    opinionsRepository.listTopicsOfOpinions(db, ids),
  ]);
  const bundles = new Map<number, OpinionBundle>();
  for (const row of rows) bundles.set(row.id, { row, topics: [] });
  for (const topic of topicRows) {
    bundles.get(topic.opinionId)?.topics.push({
      ArtifactID: topic.id,
      Slug: topic.slug,
      Title: topic.title,
      Link: `/t/${topic.slug}`,
      ArtifactType: 'topic',
    });
  }
  return bundles;
}

/** The bundles of the given opinions, from the cache where it holds them; missing ids are left out. */
async function getBundles(db: Db, ids: readonly number[]): Promise<Map<number, OpinionBundle>> {
  const cache = opinionCaches(db).bundleById;
  const missing = ids.filter((id) => !cache.has(String(id)));
  let batch: Promise<Map<number, OpinionBundle>> | undefined;
  // Every miss shares one load of all of them: two queries for a whole feed page.
  const loadMissing = () => (batch ??= loadBundles(db, missing));
  const bundles = await Promise.all(
    ids.map((id) => cache.get(String(id), async () => (await loadMissing()).get(id) ?? null)),
  );
  const byId = new Map<number, OpinionBundle>();
  for (const bundle of bundles) if (bundle) byId.set(bundle.row.id, bundle);
  return byId;
}

async function getBundleBySlug(db: Db, slug: string): Promise<OpinionBundle | null> {
  const id = await opinionCaches(db).idBySlug.get(
    slug,
    async () => (await opinionsRepository.findOpinionIdBySlug(db, slug))?.id ?? null,
  );
  if (id === null) return null;
  return (await getBundles(db, [id])).get(id) ?? null;
}

function toOpinion(bundle: OpinionBundle, rating: number): Opinion {
  const { row } = bundle;
  return {
    UID: row.authorId ?? 0,
    Slug: row.slug,
    Title: row.title,
    Link: `/o/${row.slug}`,
    ArtifactID: row.id,
    NumVotes: row.numVotes,
    NumComments: row.numComments,
    NumShares: sharesShown(row.numVotes),
    Rating: rating,
    Deleted: row.deleted,
    Topics: bundle.topics,
    Tidbit: wordStoredTidbit(row.tidbit),
    Created: row.createdAt.toISOString(),
    AuthorUsername: row.authorUsername ?? '',
  };
}

/**
 * Loads opinions by id and returns them in the order of `ids`, each with the viewer's rating from
 * `ratings` (their votes, as the members cache holds them; null for a visitor).
 */
export async function getOpinionsInOrder(
  db: Db,
  ids: readonly number[],
  ratings: ReadonlyMap<number, number> | null,
): Promise<Opinion[]> {
  if (ids.length === 0) return [];
  const bundles = await getBundles(db, ids);
  return ids.flatMap((id) => {
    const bundle = bundles.get(id);
    if (!bundle) return [];
    const rating = ratings?.get(id) ?? 0;
    return [rating === 0 ? unvotedOpinionOf(bundle) : toOpinion(bundle, rating)];
  });
}

type OpinionPage = {
  Opinion: Opinion;
  Results: VoteResults | null;
  Quiz: QuizLink | null;
  Movement: Movement;
};

/**
 * The opinion page's data, for the member behind the session token hash if the session is live
 * (their rating comes from the members cache: docs/decisions/023-performance-machinery.md#members-cache), else as a visitor sees it,
 * after calling `onDeadSession` (the route clears the cookie). A deleted opinion is gone (410) for
 * everyone except members who may delete content: they still see it, marked Deleted, so that
 * they can restore it.
 */
export async function getOpinionPage(
  db: Db,
  slug: string,
  options: {
    sessionTokenHash: string | null;
    onDeadSession: () => void;
    adminEmails: readonly string[];
    /** MIN_GROUP_SIZE, for the movement's figures; without it (a share card) they are withheld. */
    minGroupSize?: number;
  },
): Promise<OpinionPage> {
  const bundle = await getBundleBySlug(db, slug);
  if (!bundle) throw notFound();
  const [found, movement] = await Promise.all([
    options.sessionTokenHash
      ? resolveSessionWithRating(db, options.sessionTokenHash, bundle.row.id)
      : null,
    options.minGroupSize === undefined
      ? noMovement
      : getMovement(db, bundle.row.id, bundle.row.numVotes, options.minGroupSize),
  ]);
  if (options.sessionTokenHash && !found) options.onDeadSession();
  const viewer = found?.user ?? null;
  if (!canSeeOpinion(bundle.row, toCurrentUser(viewer, options.adminEmails))) {
    throw new HttpError(410, removedMessage);
  }
  const rating = found?.rating ?? 0;
  if (rating === 0) return unvotedPageOf(bundle, movement);
  return {
    Opinion: toOpinion(bundle, rating),
    Results: { Percentages: computePercentages(countsOf(bundle.row)) },
    Quiz: quizOf(bundle.row),
    Movement: movement,
  };
}

/**
 * The quiz that asks an opinion, when it is a quiz item (no author, its slug naming the item):
 * from content, not a query, so it is the same for every viewer (docs/decisions/041).
 */
function quizOf(row: OpinionWithAuthor): QuizLink | null {
  return row.authorId === null ? quizOfOpinionSlug(row.slug) : null;
}

/**
 * The page of an opinion as everyone who has not voted on it sees it, visitors included: made
 * once per cached bundle and sent as the same bytes (shareResponseBody) until the bundle leaves
 * the cache.
 */
const unvotedPages = new WeakMap<OpinionBundle, OpinionPage>();
const unvotedOpinions = new WeakMap<OpinionBundle, Opinion>();

const noMovement: Movement = { TowardAgree: null, TowardDisagree: null };

/** The opinion as every viewer who has not voted on it sees it, its bytes shared. */
function unvotedOpinionOf(bundle: OpinionBundle): Opinion {
  let opinion = unvotedOpinions.get(bundle);
  if (!opinion) {
    // Members' feed pages are put together from it.
    opinion = shareResponseBody(toOpinion(bundle, 0));
    unvotedOpinions.set(bundle, opinion);
  }
  return opinion;
}

function unvotedPageOf(bundle: OpinionBundle, movement: Movement): OpinionPage {
  let page = unvotedPages.get(bundle);
  const isSameMovement =
    page?.Movement.TowardAgree === movement.TowardAgree &&
    page.Movement.TowardDisagree === movement.TowardDisagree;
  if (!page || !isSameMovement) {
    page = shareResponseBody({
      Opinion: unvotedOpinionOf(bundle),
      Results: null,
      Quiz: quizOf(bundle.row),
      Movement: movement,
    });
    unvotedPages.set(bundle, page);
  }
  return page;
}

/** SQLSTATE of a unique violation: another request took the same slug first. */
const uniqueViolation = '23505';
const slugAttempts = 5;

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown }).code === uniqueViolation;
}

function requireMember(viewer: SessionUser | null, action: string): SessionUser {
  if (!viewer) throw new HttpError(401, `Log in or sign up to ${action}`);
  return viewer;
}

type VoteAnswer = { userId: number; applied: AppliedVote | null } | null;

/** A vote as the batch takes it: the vote, and the process's insights settle time (decision 075). */
type CastVote = VoteInSession & { insightsSettleMs: number };

/**
 * Casts votes with as few calls as allowed: a call takes each (session, opinion) pair once, so a
 * second vote on an opinion from one session within the batch goes in a following call.
 */
async function castVotesInRounds(db: Db, votes: readonly CastVote[]) {
  const rounds: number[][] = [];
  const seen = new Map<string, number>();
  votes.forEach((vote, index) => {
    const key = `${vote.tokenHash}:${vote.opinionId}`;
    const round = seen.get(key) ?? 0;
    seen.set(key, round + 1);
    (rounds[round] ??= []).push(index);
  });
  const answers: VoteAnswer[] = votes.map(() => null);
  const live = liveSessionBounds(Date.now());
  for (const round of rounds) {
    const roundAnswers = await opinionsRepository.applyVotesInSessions(
      db,
      round.map((index) => votes[index]!),
      {
        milestoneThresholds: awardThresholds.votes,
        idleCutoff: live.idleCutoff,
        touchBefore: live.touchBefore,
        // One process's votes share its setting; the longest wins should two ever differ.
        insightsSettleMs: Math.max(...votes.map((vote) => vote.insightsSettleMs)),
      },
    );
    round.forEach((index, position) => (answers[index] = roundAnswers[position] ?? null));
  }
  return answers;
}

/**
 * Votes go to the database in batches: every vote that arrives while earlier ones are being
 * written travels in the next single transaction, together with the look-up of its session
 * (docs/decisions/023-performance-machinery.md#batching). When a batch fails as a whole (two sessions of one member voting on one
 * opinion in it, or a member deleted a moment ago), each of its votes is cast again on its own,
 * so only a vote at fault fails. Not when the database is unavailable: then every vote of the
 * batch gets its 503 at once, instead of waiting out the timeout once more on its own
 * (docs/decisions/036-database-outages.md).
 */
const voteBatchers = batcherPerDatabase(
  async (db, votes: CastVote[]): Promise<Array<VoteAnswer | Error>> => {
    try {
      return await castVotesInRounds(db, votes);
    } catch (error) {
      if (votes.length === 1 || error instanceof DatabaseUnavailableError) throw error;
      return Promise.all(
        votes.map((vote) =>
          castVotesInRounds(db, [vote]).then(
            ([answer]) => answer ?? null,
            (failure: unknown) => (failure instanceof Error ? failure : new Error(String(failure))),
          ),
        ),
      );
    }
  },
  // One batch at a time on PostgreSQL too: two concurrent batches split the waiting votes between
  // them and each pays a batch's fixed cost (3,600 against 3,100 votes/s on the benchmark); and a
  // finished batch waits up to 2 ms for its voters' next votes (docs/decisions/023-performance-machinery.md#batching and 027).
  { maxBatch: 200, maxInFlight: 1, lingerMs: 2 },
);

/**
 * Records the vote (new or changed) of the member whose session token hash the request carried,
 * and answers the opinion's percentages after it. The session look-up, the raw vote and the
 * derived counters are one round trip and one transaction (docs/decisions/014-voting.md and 023);
 * the answer leaves only once it has committed. A first vote that reaches a vote award queues the
 * milestone check in the same transaction (docs/decisions/020). 401 without a live session.
 */
export async function castVoteInSession(
  db: Db,
  sessionTokenHash: string | null,
  opinionId: number,
  rating: number,
  options: { insightsSettleMs: number },
): Promise<{ Rating: number; Results: VoteResults }> {
  const answer = sessionTokenHash
    ? await voteBatchers(db)({
        tokenHash: sessionTokenHash,
        opinionId,
        rating,
        insightsSettleMs: options.insightsSettleMs,
      })
    : null;
  if (!answer) throw new HttpError(401, voteLoginMessage);
  announceChange(db, { on: 'opinion', id: opinionId, what: 'votes' });
  if (!answer.applied) {
    const opinion = await opinionsRepository.findOpinionById(db, opinionId);
    if (opinion?.deleted) throw new HttpError(410, removedMessage);
    throw notFound('id: there is no opinion with that id');
  }
  return {
    Rating: rating,
    Results: { Percentages: computePercentages(answer.applied.counts) },
  };
}

type OpinionFormInput = { title: string; topics: number[]; topicSearch?: string | undefined };

/** The steps every opinion form passes before anything is written, in order. */
async function checkOpinionForm(db: Db, input: OpinionFormInput, exceptId?: number) {
  if (input.topicSearch && input.topicSearch.trim() !== '') {
    throw new HttpError(400, pendingTopicSearchError);
  }
  const topicIds = await resolveTopicIds(db, input.topics);
  const duplicate = await opinionsRepository.findLiveOpinionByTitle(db, input.title);
  if (duplicate && duplicate.id !== exceptId) {
    throw new HttpError(409, `title: this opinion exists already at /o/${duplicate.slug}`);
  }
  return topicIds;
}

/** Creates an opinion with a readable, unique slug; for members allowed to create opinions. */
export async function createOpinion(
  db: Db,
  viewer: SessionUser | null,
  adminEmails: readonly string[],
  input: OpinionFormInput,
): Promise<{ Slug: string; ArtifactID: number }> {
  const author = requireMember(viewer, 'create opinions');
  if (!toCurrentUser(author, adminEmails).CanCreateOpinions) {
    throw new HttpError(403, 'Your account is not allowed to create opinions');
  }
  const topicIds = await checkOpinionForm(db, input);
  const base = slugify(input.title);
  // Two members can pick the same free slug at the same moment; the unique index lets one win
  // and the other tries the next free one.
  for (let attempt = 1; ; attempt++) {
    const slug = await uniqueSlug(base, (candidate) =>
      opinionsRepository.isSlugTaken(db, candidate),
    );
    try {
      const row = await inTransaction(db, (trx) =>
        opinionsRepository.insertOpinion(trx, {
          slug,
          title: input.title,
          authorId: author.id,
          topicIds,
        }),
      );
      return { Slug: row.slug, ArtifactID: row.id };
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= slugAttempts) throw error;
    }
  }
}

/** Refuses an edit the member has no right to (editRight), counting others' votes for an author. */
async function checkCanEdit(
  db: Db,
  editor: SessionUser,
  adminEmails: readonly string[],
  opinion: { id: number; authorId: number | null },
) {
  const right = editRight(opinion, {
    id: editor.id,
    capabilities: toCurrentUser(editor, adminEmails),
  });
  if (right === 'editor') return;
  if (right === 'none') {
    throw new HttpError(403, 'Only editors and the author can edit this opinion');
  }
  if ((await opinionsRepository.countVotesByOthers(db, opinion.id, editor.id)) > 0) {
    throw new HttpError(
      403,
      'Other members have voted on this opinion, so only an editor can change it now',
    );
  }
}

/** Changes an opinion's title and topics. Its slug stays, so shared links keep working. */
export async function editOpinion(
  db: Db,
  viewer: SessionUser | null,
  adminEmails: readonly string[],
  input: OpinionFormInput & { id: number },
): Promise<{ Slug: string; ArtifactID: number }> {
  const editor = requireMember(viewer, 'edit opinions');
  const opinion = await opinionsRepository.findOpinionById(db, input.id);
  if (!opinion) throw notFound('id: there is no opinion with that id');
  if (opinion.deleted) throw new HttpError(410, removedMessage);
  await checkCanEdit(db, editor, adminEmails, opinion);
  const topicIds = await checkOpinionForm(db, input, opinion.id);
  await inTransaction(db, async (trx) => {
    await opinionsRepository.updateOpinionTitle(trx, opinion.id, input.title);
    await opinionsRepository.replaceOpinionTopics(trx, opinion.id, topicIds);
  });
  announceChange(db, { on: 'opinion', id: opinion.id, what: 'content' });
  return { Slug: opinion.slug, ArtifactID: opinion.id };
}

/** Deletes (or, with deleted false, restores) an opinion; for members who may delete content. */
export async function setOpinionDeleted(
  db: Db,
  viewer: SessionUser | null,
  adminEmails: readonly string[],
  input: { opinionID: number; deleted: boolean },
): Promise<{ ArtifactID: number; Deleted: boolean }> {
  const moderator = requireMember(viewer, 'delete opinions');
  if (!toCurrentUser(moderator, adminEmails).CanDeleteContent) {
    throw new HttpError(403, 'Only moderators can delete opinions');
  }
  const opinion = await opinionsRepository.findOpinionById(db, input.opinionID);
  if (!opinion) throw notFound('opinionID: there is no opinion with that id');
  await opinionsRepository.setOpinionDeleted(db, opinion.id, input.deleted);
  announceChange(db, { on: 'opinion', id: opinion.id, what: 'content' });
  return { ArtifactID: opinion.id, Deleted: input.deleted };
}

/** The newest comments on live opinions as activity rows (the feed's card and /activity). */
export async function listLatestActivity(db: Db, limit: number): Promise<Activity[]> {
  const rows = await opinionsRepository.listLatestComments(db, limit);
  return rows.map((row) => ({
    CommentID: row.id,
    OpinionTitle: row.opinionTitle,
    Username: row.username,
    Link: `/o/${row.opinionSlug}#comment-${row.id}`,
    Created: row.createdAt.toISOString(),
  }));
}

/** The encyclopedia's 'Most voted': listed, live opinions by their votes, with their results. */
export async function listMostVotedOpinions(db: Db, limit: number) {
  const rows = await opinionsRepository.listMostVotedOpinions(db, limit);
  return rows.map((row) => ({
    ArtifactID: row.id,
    Slug: row.slug,
    Title: row.title,
    Link: `/o/${row.slug}`,
    NumVotes: row.numVotes,
    NumComments: row.numComments,
    Percentages: computePercentages([row.votes1, row.votes2, row.votes3, row.votes4, row.votes5]),
  }));
}
