import { z } from 'zod';
import { opinionTitleLimits } from '../../../contract/opinions.base.ts';
import {
  allCategories,
  questionLink,
  strongestArgumentsPerSide,
  type ArgumentSort,
} from '../../../contract/questions.base.ts';
import type {
  ArgumentTuple,
  Category,
  ConvoImage,
  ConvoTuple,
  Position,
} from '../../../contract/questions.ts';
import {
  cursorId,
  cursorTimeMs,
  cursorTimestamp,
  decodeCursor,
  encodeCursor,
} from '../../cursor.ts';
import { databaseNow } from '../../db/clock.ts';
import { inTransaction, type Db } from '../../db/database.ts';
import type { SessionUser } from '../../db/schema.ts';
import { HttpError, notFound } from '../../http.ts';
import { announceChange } from '../../cache-changes.ts';
import { cachesPerDatabase, createReadCache } from '../../read-cache.ts';
import { shareResponseBody } from '../../serializer.ts';
import { slugify, uniqueSlug } from '../../slug.ts';
import { toPlainExcerpt } from '../comments/comments.service.ts';
import {
  computePercentages,
  createOpinion,
  getOpinionsInOrder,
} from '../opinions/opinions.service.ts';
import { resolveSession } from '../sessions/sessions.service.ts';
import { toCurrentUser } from '../users/users.service.ts';
import { decodeUpload, encodeConvoImage } from './questions.images.ts';
import { canManageQuestions } from './questions.permissions.ts';
import {
  argumentPageSize,
  rankArguments,
  type ArgumentRow,
  type RankedArgument,
} from './questions.ranking.ts';
import * as questionsRepository from './questions.repository.ts';

/** Questions per page of the question feed. */
export const convoPageSize = 20;

const titleLength = 120;
const excerptLength = 300;

// ------------------------------------------------------------------------------------- images

/** Where an image file is served (questions.routes.ts). */
export function convoImagePath(imageId: number, width: number): string {
  return `/api/convo/image/${imageId}/${width}`;
}

const noImage: ConvoImage = { ImageSrc: '', ImageSrcSet: '', ImageWidth: 0, ImageHeight: 0 };

type ImageSize = { width: number; height: number };

/** The image fields for an image's files (smallest first): `ImageSrc` is the middle one. */
function toImageFields(imageId: number | null, sizes: readonly ImageSize[] | undefined) {
  if (imageId === null || !sizes || sizes.length === 0) return noImage;
  const shown = sizes[Math.min(1, sizes.length - 1)]!;
  return {
    ImageSrc: convoImagePath(imageId, shown.width),
    ImageSrcSet: sizes
      .map((size) => `${convoImagePath(imageId, size.width)} ${size.width}w`)
      .join(', '),
    ImageWidth: shown.width,
    ImageHeight: shown.height,
  };
}

async function loadImageFields(db: Db, imageIds: readonly (number | null)[]) {
  const ids = [...new Set(imageIds.filter((id): id is number => id !== null))];
  const sizes = new Map<number, ImageSize[]>();
  for (const row of await questionsRepository.listImageSizes(db, ids)) {
    const list = sizes.get(row.imageId) ?? [];
    list.push({ width: row.width, height: row.height });
    sizes.set(row.imageId, list);
  }
  return (imageId: number | null) => toImageFields(imageId, imageId ? sizes.get(imageId) : []);
}

/** An image file's bytes for the image route, or null. */
export async function findImageFile(db: Db, imageId: number, width: number) {
  const row = await questionsRepository.findImageFile(db, imageId, width);
  return row ? Buffer.from(row.webp) : null;
}

// --------------------------------------------------------------------------------- categories

function toCategory(row: { id: number; title: string; numConvos?: number }): Category {
  return { ID: row.id, Title: row.title, NumConvos: row.numConvos ?? 0 };
}

export async function listCategories(db: Db): Promise<Category[]> {
  return (await questionsRepository.listCategories(db)).map(toCategory);
}

/** The member, when logged in and allowed to manage questions; else 401 or 403. */
function requireStaff(
  viewer: SessionUser | null,
  adminEmails: readonly string[],
  doing: string,
): SessionUser {
  if (!viewer) throw new HttpError(401, `Log in to ${doing}`);
  if (!canManageQuestions(toCurrentUser(viewer, adminEmails))) {
    throw new HttpError(403, `Your account is not allowed to ${doing}`);
  }
  return viewer;
}

type Actor = { viewer: SessionUser | null; adminEmails: readonly string[] };

export async function createCategory(db: Db, actor: Actor, title: string) {
  requireStaff(actor.viewer, actor.adminEmails, 'manage categories');
  const created = await questionsRepository.insertCategory(db, title);
  if (!created) throw new HttpError(409, 'title: a category with this title exists already');
  questionsChanged(db);
  return { Category: toCategory(created) };
}

export async function editCategory(db: Db, actor: Actor, input: { id: number; title: string }) {
  requireStaff(actor.viewer, actor.adminEmails, 'manage categories');
  const category = await questionsRepository.findCategoryById(db, input.id);
  if (!category) throw notFound('id: there is no category with that id');
  const taken = await questionsRepository.findCategoryByTitle(db, input.title);
  if (taken && taken.id !== category.id) {
    throw new HttpError(409, 'title: a category with this title exists already');
  }
  let updated;
  try {
    updated = await questionsRepository.updateCategoryTitle(db, category.id, input.title);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new HttpError(409, 'title: a category with this title exists already');
    }
    throw error;
  }
  if (!updated) throw notFound('id: there is no category with that id');
  questionsChanged(db);
  const numConvos = await questionsRepository.countConvosInCategory(db, category.id);
  return { Category: toCategory({ ...updated, numConvos }) };
}

export async function deleteCategory(db: Db, actor: Actor, id: number) {
  requireStaff(actor.viewer, actor.adminEmails, 'manage categories');
  const category = await questionsRepository.findCategoryById(db, id);
  if (!category) throw notFound('id: there is no category with that id');
  if (!(await questionsRepository.deleteEmptyCategory(db, id))) {
    throw new HttpError(409, 'This category holds questions: move or edit them first');
  }
  questionsChanged(db);
  return {};
}

// ------------------------------------------------------------------------------ question feed

const convoCursorShape = z.object({ t: cursorTimestamp, i: cursorId });

type ConvoFeedPage = {
  Feed: ConvoTuple[];
  Categories: Category[];
  EndReached: boolean;
  After: string;
};

/** The question feed: newest first, in one category or all (docs/decisions/047). */
export async function getConvoFeed(
  db: Db,
  input: { categoryID: number | typeof allCategories; after?: string | undefined },
): Promise<ConvoFeedPage> {
  if (input.after) return loadConvoFeedPage(db, input.categoryID, input.after);
  return questionCaches(db).convoFirstPages.get(String(input.categoryID), async () =>
    // Sent as the same bytes to every reader while it is held.
    shareResponseBody(await loadConvoFeedPage(db, input.categoryID, undefined)),
  );
}

async function loadConvoFeedPage(
  db: Db,
  categoryID: number | typeof allCategories,
  after: string | undefined,
): Promise<ConvoFeedPage> {
  const position = after ? decodeCursor(after, convoCursorShape) : null;
  const categoryId = categoryID === allCategories ? null : categoryID;
  const categories = await listCategories(db);
  if (categoryId !== null && !categories.some((category) => category.ID === categoryId)) {
    throw notFound('categoryID: there is no category with that id');
  }
  const { rows, hasMore } = await questionsRepository.listConvoPage(db, {
    categoryId,
    after: position ? { createdAt: position.t, id: position.i } : null,
    limit: convoPageSize,
  });
  const feed = await toConvoTuples(db, rows);
  const last = rows.at(-1);
  return {
    Feed: feed,
    Categories: categories,
    EndReached: !hasMore,
    After: hasMore && last ? encodeCursor({ t: last.createdAtExact, i: last.id }) : '',
  };
}

async function toConvoTuples(
  db: Db,
  rows: readonly (questionsRepository.ConvoRow & { createdAtExact: string })[],
): Promise<ConvoTuple[]> {
  const ids = rows.map((row) => row.id);
  const [activity, imageOf] = await Promise.all([
    questionsRepository.countConvoActivity(db, ids),
    loadImageFields(
      db,
      rows.map((row) => row.imageId),
    ),
  ]);
  const activityOf = new Map(activity.map((row) => [row.convoId, row]));
  return rows.map((row) => {
    const counts = activityOf.get(row.id);
    return {
      ID: row.id,
      Slug: row.slug,
      Title: row.title,
      Description: row.description,
      Link: questionLink(row.slug),
      ...imageOf(row.imageId),
      NumVotes: counts?.numVotes ?? 0,
      ConvoTitle: row.title,
      PosTitle: '',
      Category: { ID: row.categoryId, Title: row.categoryTitle },
      NumPositions: counts?.numPositions ?? 0,
      NumArguments: counts?.numArguments ?? 0,
      Created: row.createdAt.toISOString(),
    };
  });
}

// ------------------------------------------------------------------------------ argument feed

type PositionInfo = Awaited<ReturnType<typeof questionsRepository.listPositionOpinions>>[number];
type RankableArgument = ArgumentRow & { opinionId: number };

/**
 * The first pages (docs/decisions/047, 076): the argument feed's per sort, read from the top of
 * the argument tallies' indexes, and the question feed's per category, each kept for
 * READ_CACHE_MS (loaded again ahead of expiry); a staff write drops them. Later pages are indexed
 * reads of their own, not kept.
 */
const questionCaches = cachesPerDatabase(
  (ttlMs, clock) => ({
    convoFirstPages: createReadCache<ConvoFeedPage>({
      ttlMs,
      maxEntries: 200,
      clock,
    }),
    /** The argument feed's first page per sort: the same for every reader. */
    argumentFirstPages: createReadCache<ArgumentFeedPage>({
      ttlMs,
      maxEntries: 10,
      clock,
    }),
  }),
  {
    onChange(caches, change) {
      if (change.on !== 'questions') return;
      caches.convoFirstPages.clear();
      caches.argumentFirstPages.clear();
    },
  },
);

/** After a staff write: the next reads of every process see it. */
function questionsChanged(db: Db) {
  announceChange(db, { on: 'questions' });
}

/** An argument cursor: the ranking's time (t), the last sort key (k) and id (i) served. */
const argumentCursorShape = z.object({ t: cursorTimeMs, k: z.number(), i: cursorId });

/**
 * The argument feed: every argument on a position of a question, in bridging order (or most
 * liked, or newest), 20 a page, as things stood when the first page was read: arguments and
 * good points that arrive later wait for a fresh first page, so pages never repeat or skip one.
 */
export async function getArgumentFeed(
  db: Db,
  input: { after?: string | undefined; sort: ArgumentSort },
): Promise<ArgumentFeedPage> {
  if (input.after) return loadArgumentFeedPage(db, input.sort, input.after);
  return questionCaches(db).argumentFirstPages.get(input.sort, async () =>
    // Sent as the same bytes to every reader while it is held.
    shareResponseBody(await loadArgumentFeedPage(db, input.sort, undefined)),
  );
}

type ArgumentFeedPage = {
  Feed: ArgumentTuple[];
  Categories: Category[];
  EndReached: boolean;
  After: string;
};

/**
 * A page of the argument feed (docs/decisions/047, 076): the first one as things stand now, a
 * later one as they stood at its cursor's time t (the first page's), from the cursor's key and id
 * on; one row more than a page says whether the list goes on.
 */
async function loadArgumentFeedPage(
  db: Db,
  sort: ArgumentSort,
  after: string | undefined,
): Promise<ArgumentFeedPage> {
  const cursor = after ? decodeCursor(after, argumentCursorShape) : null;
  const asOf = cursor ? new Date(cursor.t) : await databaseNow(db);
  const [rows, categories] = await Promise.all([
    questionsRepository.listArgumentPage(db, {
      sort,
      asOf,
      after: cursor ? { key: cursor.k, id: cursor.i } : null,
      limit: argumentPageSize + 1,
    }),
    listCategories(db),
  ]);
  const positions = await questionsRepository.listPositionOpinions(db, [
    ...new Set(rows.map((row) => row.opinionId)),
  ]);
  const positionOf = new Map(positions.map((position) => [position.opinionId, position]));
  // The rows come in the database's order, which is the pure ranking's (questions.ranking.ts);
  // ranking them here gives each its key, score and badge by that one definition.
  const ranked = rankArguments(rows, sort);
  const page = ranked.slice(0, argumentPageSize);
  const endReached = ranked.length <= argumentPageSize;
  const feed = await toArgumentTuples(db, page, (opinionId) => positionOf.get(opinionId));
  const last = page.at(-1);
  return {
    Feed: feed,
    Categories: categories,
    EndReached: endReached,
    After:
      !endReached && last ? encodeCursor({ t: asOf.getTime(), k: last.key, i: last.row.id }) : '',
  };
}

/** An argument's `Title`: the first sentence of its text, cut at 120 characters. */
export function argumentTitle(bodyHtml: string): string {
  return firstLine(toPlainExcerpt(bodyHtml, 100_000), titleLength);
}

/** Where the question page shows a position: its anchor on the page. */
export function positionLink(convoSlug: string, opinionId: number): string {
  return `${questionLink(convoSlug)}#position-${opinionId}`;
}

/** The first line of a text, cut at `limit` characters. */
function firstLine(text: string, limit: number): string {
  const sentence = text.split(/(?<=[.!?])\s/)[0] ?? text;
  return sentence.length <= limit ? sentence : `${sentence.slice(0, limit - 1).trimEnd()}…`;
}

async function toArgumentTuples(
  db: Db,
  page: readonly RankedArgument<RankableArgument>[],
  positionOf: (
    opinionId: number,
  ) =>
    | Pick<PositionInfo, 'slug' | 'title' | 'numVotes' | 'convoSlug' | 'convoTitle' | 'imageId'>
    | undefined,
): Promise<ArgumentTuple[]> {
  const details = await questionsRepository.listArgumentDetails(
    db,
    page.map((entry) => entry.row.id),
  );
  const detailOf = new Map(details.map((row) => [row.id, row]));
  const imageOf = await loadImageFields(
    db,
    page.map((entry) => positionOf(entry.row.opinionId)?.imageId ?? null),
  );
  return page.flatMap((entry) => {
    const detail = detailOf.get(entry.row.id);
    const position = positionOf(entry.row.opinionId);
    if (!detail || !position) return [];
    const text = toPlainExcerpt(detail.bodyHtml, 100_000);
    return [
      {
        ID: entry.row.id,
        Title: firstLine(text, titleLength),
        Description:
          text.length <= excerptLength ? text : `${text.slice(0, excerptLength - 1).trimEnd()}…`,
        Link: `/o/${position.slug}#comment-${entry.row.id}`,
        ...imageOf(position.imageId),
        NumVotes: position.numVotes,
        ConvoTitle: position.convoTitle,
        ConvoLink: questionLink(position.convoSlug),
        PosTitle: position.title,
        PosLink: `/o/${position.slug}`,
        ResponseType: detail.responseType as ArgumentTuple['ResponseType'],
        UsernameCased: detail.username,
        LikeNum: entry.row.likes,
        // Minds it changed, as they stand now (docs/decisions/077-minds-changed.md).
        Persuaded: detail.persuadedCount,
        Bridging: Math.round(entry.bridging * 1e4) / 1e4,
        Convincing: entry.convincing,
        Created: entry.row.createdAt.toISOString(),
      },
    ];
  });
}

// ------------------------------------------------------------------------------ question page

/**
 * A question's page: the question, its live positions in order with the viewer's vote and the
 * results once they voted (as the opinion page), and each position's strongest arguments for and
 * against by bridging rank.
 */
export async function getConvoPage(
  db: Db,
  slug: string,
  options: { sessionTokenHash: string | null; onDeadSession: () => void },
): Promise<{ Convo: Omit<ConvoTuple, 'ConvoTitle' | 'PosTitle'>; Positions: Position[] }> {
  const row = await questionsRepository.findConvoBySlug(db, slug);
  if (!row) throw notFound();
  const member = options.sessionTokenHash
    ? await resolveSession(db, options.sessionTokenHash)
    : null;
  if (options.sessionTokenHash && !member) options.onDeadSession();
  const positionRows = (await questionsRepository.listPositions(db, row.id)).filter(
    (position) => !position.deleted,
  );
  const opinionIds = positionRows.map((position) => position.id);
  const [tuples, opinions, tallied] = await Promise.all([
    toConvoTuples(db, [row]),
    getOpinionsInOrder(db, opinionIds, member?.ratings ?? null),
    // Per position, the strongest few of each side, those that changed the most minds first,
    // then by bridging rank, read from the tallies.
    questionsRepository.listStrongestArguments(
      db,
      positionRows.map((position) => ({
        opinionId: position.id,
        votersAgree: position.votes1 + position.votes2,
        votersDisagree: position.votes4 + position.votes5,
      })),
      strongestArgumentsPerSide,
    ),
  ]);
  const { ConvoTitle: _convoTitle, PosTitle: _posTitle, ...convo } = tuples[0]!;
  const countsOf = new Map(positionRows.map((position) => [position.id, position]));
  const argumentsOf = new Map(tallied.counts.map((entry) => [entry.opinionId, entry.count]));
  const strongest = (opinionId: number, type: 'pro' | 'con') =>
    rankArguments(
      tallied.strongest.filter(
        (argument) => argument.opinionId === opinionId && argument.responseType === type,
      ),
      'persuasive',
    );
  const chosen = opinionIds.map((id) => ({
    id,
    count: argumentsOf.get(id) ?? 0,
    pro: strongest(id, 'pro'),
    con: strongest(id, 'con'),
  }));
  const opinionById = new Map(opinions.map((opinion) => [opinion.ArtifactID, opinion]));
  const shown = await toArgumentTuples(
    db,
    chosen.flatMap((entry) => [...entry.pro, ...entry.con]),
    (opinionId) => {
      const opinion = opinionById.get(opinionId);
      if (!opinion) return undefined;
      return {
        slug: opinion.Slug,
        title: opinion.Title,
        numVotes: opinion.NumVotes,
        convoSlug: row.slug,
        convoTitle: row.title,
        imageId: row.imageId,
      };
    },
  );
  const tupleOf = new Map(shown.map((tuple) => [tuple.ID, tuple]));
  const tuplesOf = (entries: readonly RankedArgument<RankableArgument>[]) =>
    entries.flatMap((entry) => tupleOf.get(entry.row.id) ?? []);
  const chosenOf = new Map(chosen.map((entry) => [entry.id, entry]));
  const positions = opinions.map((opinion): Position => {
    const counts = countsOf.get(opinion.ArtifactID)!;
    const here = chosenOf.get(opinion.ArtifactID);
    return {
      Opinion: opinion,
      Results:
        opinion.Rating === 0
          ? null
          : {
              Percentages: computePercentages([
                counts.votes1,
                counts.votes2,
                counts.votes3,
                counts.votes4,
                counts.votes5,
              ]),
            },
      For: tuplesOf(here?.pro ?? []),
      Against: tuplesOf(here?.con ?? []),
      NumArguments: here?.count ?? 0,
    };
  });
  return { Convo: convo, Positions: positions };
}

// ---------------------------------------------------------------------------- staff: questions

function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'
  );
}

type ConvoForm = {
  title: string;
  description: string;
  categoryID: number;
  positions: { opinionID?: number | undefined; title?: string | undefined }[];
};

/** The form's new positions' titles, tidied and checked like an opinion's title. */
function newPositionTitle(raw: string): string {
  const title = raw.replace(/\s+/g, ' ').trim();
  if (title.length < opinionTitleLimits.min || title.length > opinionTitleLimits.max) {
    throw new HttpError(
      400,
      `positions: a new position's title must be ${opinionTitleLimits.min} to ${opinionTitleLimits.max} characters long`,
    );
  }
  return title;
}

/** Checks the form against the database (category, existing opinions) before anything is written. */
async function checkConvoForm(db: Db, form: ConvoForm) {
  const category = await questionsRepository.findCategoryById(db, form.categoryID);
  if (!category) throw new HttpError(400, 'categoryID: there is no category with that id');
  const chosenIds = form.positions.flatMap((choice) =>
    choice.opinionID === undefined ? [] : [choice.opinionID],
  );
  if (new Set(chosenIds).size !== chosenIds.length) {
    throw new HttpError(400, 'positions: an opinion is chosen twice');
  }
  const found = new Map(
    (await questionsRepository.findPositionCandidates(db, chosenIds)).map((row) => [row.id, row]),
  );
  for (const id of chosenIds) {
    const opinion = found.get(id);
    if (!opinion || !opinion.listed) {
      throw new HttpError(400, `positions: there is no opinion with id ${id}`);
    }
    if (opinion.deleted) throw new HttpError(400, `positions: opinion ${id} has been removed`);
  }
  const newTitles = form.positions.flatMap((choice) =>
    choice.title === undefined ? [] : [newPositionTitle(choice.title)],
  );
  const lowered = newTitles.map((title) => title.toLowerCase());
  if (new Set(lowered).size !== lowered.length) {
    throw new HttpError(400, 'positions: a new position is given twice');
  }
}

/**
 * The opinion ids of the form's positions, in order, creating the new ones (as opinions of the
 * staff member, without topics) in the caller's transaction.
 */
async function resolvePositions(trx: Db, actor: Actor, form: ConvoForm): Promise<number[]> {
  const ids: number[] = [];
  for (const choice of form.positions) {
    if (choice.opinionID !== undefined) {
      ids.push(choice.opinionID);
      continue;
    }
    const title = newPositionTitle(choice.title!);
    try {
      const created = await createOpinion(trx, actor.viewer, actor.adminEmails, {
        title,
        topics: [],
        topicSearch: '',
      });
      ids.push(created.ArtifactID);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 409) {
        throw new HttpError(
          409,
          `positions: "${title}" is an opinion already (${error.message.replace(/^title: /, '')}); choose it instead`,
        );
      }
      throw error;
    }
  }
  if (new Set(ids).size !== ids.length) {
    throw new HttpError(400, 'positions: an opinion is chosen twice');
  }
  return ids;
}

/** Creates a question with its positions (staff with CanCreateOpinions). */
export async function createConvo(db: Db, actor: Actor, form: ConvoForm) {
  const staff = requireStaff(actor.viewer, actor.adminEmails, 'create questions');
  await checkConvoForm(db, form);
  const base = slugify(form.title, 'question');
  for (let attempt = 1; ; attempt++) {
    const slug = await uniqueSlug(base, (candidate) =>
      questionsRepository.isConvoSlugTaken(db, candidate),
    );
    try {
      const created = await inTransaction(db, async (trx) => {
        const opinionIds = await resolvePositions(trx, actor, form);
        const convo = await questionsRepository.insertConvo(trx, {
          slug,
          title: form.title,
          description: form.description,
          categoryId: form.categoryID,
          createdBy: staff.id,
        });
        await questionsRepository.replaceConvoPositions(trx, convo.id, opinionIds);
        return { ID: convo.id, Slug: convo.slug };
      });
      questionsChanged(db);
      return created;
    } catch (error) {
      // Another question took the slug meanwhile: try the next free one.
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
    }
  }
}

/** Changes a question's title, description, category and positions; its slug stays. */
export async function editConvo(db: Db, actor: Actor, form: ConvoForm & { id: number }) {
  requireStaff(actor.viewer, actor.adminEmails, 'edit questions');
  const convo = await questionsRepository.findConvoById(db, form.id);
  if (!convo) throw notFound('id: there is no question with that id');
  await checkConvoForm(db, form);
  await inTransaction(db, async (trx) => {
    const opinionIds = await resolvePositions(trx, actor, form);
    await questionsRepository.updateConvo(trx, convo.id, {
      title: form.title,
      description: form.description,
      categoryId: form.categoryID,
    });
    await questionsRepository.replaceConvoPositions(trx, convo.id, opinionIds);
  });
  questionsChanged(db);
  return { ID: convo.id, Slug: convo.slug };
}

/**
 * Replaces a question's image with the upload, re-encoded (questions.images.ts). The slow work
 * happens before the one short transaction that stores the files and points the question at
 * them; any refusal comes before it, so a failed upload stores nothing.
 */
export async function uploadConvoImage(
  db: Db,
  actor: Actor,
  input: { convoID: number; contentType: string; data: string },
): Promise<ConvoImage> {
  const staff = requireStaff(actor.viewer, actor.adminEmails, 'upload question images');
  const convo = await questionsRepository.findConvoById(db, input.convoID);
  if (!convo) throw notFound('convoID: there is no question with that id');
  const files = await encodeConvoImage(decodeUpload(input.contentType, input.data));
  const imageId = await inTransaction(db, async (trx) => {
    if (!(await questionsRepository.findConvoById(trx, convo.id))) {
      throw notFound('convoID: there is no question with that id');
    }
    return questionsRepository.replaceConvoImage(trx, convo.id, staff.id, files);
  });
  questionsChanged(db);
  return toImageFields(imageId, files);
}

export async function deleteConvoImage(db: Db, actor: Actor, convoId: number) {
  requireStaff(actor.viewer, actor.adminEmails, 'remove question images');
  const convo = await questionsRepository.findConvoById(db, convoId);
  if (!convo) throw notFound('convoID: there is no question with that id');
  await inTransaction(db, (trx) => questionsRepository.deleteConvoImages(trx, convo.id));
  questionsChanged(db);
  return {};
}

/**
 * Arguments whose tallies (good points by the giver's side) disagree with the raw rows, for
 * verify-counts: each with what is stored and what the rows say (ranked/good points/agreeing/
 * disagreeing).
 */
export async function findArgumentTallyDrift(db: Db) {
  return questionsRepository.findArgumentTallyDrift(db);
}

/** Every category, by title, with its most-voted questions (the encyclopedia's index). */
export async function listCategoriesWithTopQuestions(db: Db, perCategory: number) {
  const [categories, questions] = await Promise.all([
    listCategories(db),
    questionsRepository.listTopQuestionsByCategory(db, perCategory),
  ]);
  return categories.map((category) => ({
    ...category,
    Questions: questions
      .filter((question) => question.categoryId === category.ID)
      .map((question) => ({
        ID: question.id,
        Slug: question.slug,
        Title: question.title,
        Link: questionLink(question.slug),
        NumVotes: question.numVotes,
      })),
  }));
}
