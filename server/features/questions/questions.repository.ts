import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/*
 * Questions, categories, positions, images and the argument rows the ranking reads
 * (docs/decisions/047-questions-and-arguments.md).
 */

/** The top-level comments that are arguments: pro, con or neutral, live and not hidden. */
const argumentTypes = ['pro', 'con', 'neutral'] as const;

/** Postgres's time to the microsecond, as the cursor carries it (a Date keeps milliseconds). */
const exactTime = (column: string) =>
  sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

// ---------------------------------------------------------------------------------- categories

export async function listCategories(db: Db) {
  return db
    .selectFrom('categories')
    .leftJoin('convos', 'convos.categoryId', 'categories.id')
    .select([
      'categories.id',
      'categories.title',
      sql<number>`count(convos.id)::int`.as('numConvos'),
    ])
    .groupBy('categories.id')
    .orderBy(sql`lower(categories.title)`)
    .orderBy('categories.id')
    .execute();
}

export async function findCategoryById(db: Db, id: number) {
  return db
    .selectFrom('categories')
    .select(['id', 'title'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findCategoryByTitle(db: Db, title: string) {
  return db
    .selectFrom('categories')
    .select(['id', 'title'])
    .where(sql<string>`lower(title)`, '=', title.toLowerCase())
    .executeTakeFirst();
}

/** The new category, or undefined when its title (in any case) is taken. */
export async function insertCategory(db: Db, title: string) {
  return db
    .insertInto('categories')
    .values({ title })
    .onConflict((conflict) => conflict.expression(sql`lower(title)`).doNothing())
    .returning(['id', 'title'])
    .executeTakeFirst();
}

export async function updateCategoryTitle(db: Db, id: number, title: string) {
  return db
    .updateTable('categories')
    .set({ title })
    .where('id', '=', id)
    .returning(['id', 'title'])
    .executeTakeFirst();
}

export async function countConvosInCategory(db: Db, categoryId: number): Promise<number> {
  const row = await db
    .selectFrom('convos')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('categoryId', '=', categoryId)
    .executeTakeFirstOrThrow();
  return row.count;
}

/** Deletes the category when it holds no question; false when it does (or is gone). */
export async function deleteEmptyCategory(db: Db, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('categories')
    .where('id', '=', id)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('convos').select('id').where('convos.categoryId', '=', id))),
    )
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

// -------------------------------------------------------------------------------------- convos

const convoColumns = [
  'convos.id',
  'convos.slug',
  'convos.title',
  'convos.description',
  'convos.categoryId',
  'convos.imageId',
  'convos.createdAt',
  'categories.title as categoryTitle',
] as const;

export type ConvoPosition = { createdAt: string; id: number };

/** A page of questions, newest first, after `after` (exclusive); one more row says there is more. */
export async function listConvoPage(
  db: Db,
  options: { categoryId: number | null; after: ConvoPosition | null; limit: number },
) {
  const after = options.after;
  const rows = await db
    .selectFrom('convos')
    .innerJoin('categories', 'categories.id', 'convos.categoryId')
    .select([...convoColumns, exactTime('convos.created_at').as('createdAtExact')])
    .$if(options.categoryId !== null, (query) =>
      query.where('convos.categoryId', '=', options.categoryId!),
    )
    .$if(after !== null, (query) =>
      query.where((eb) =>
        eb.or([
          eb('convos.createdAt', '<', sql<Date>`${after!.createdAt}::timestamptz`),
          eb.and([
            eb('convos.createdAt', '=', sql<Date>`${after!.createdAt}::timestamptz`),
            eb('convos.id', '<', after!.id),
          ]),
        ]),
      ),
    )
    .orderBy('convos.createdAt', 'desc')
    .orderBy('convos.id', 'desc')
    .limit(options.limit + 1)
    .execute();
  return { rows: rows.slice(0, options.limit), hasMore: rows.length > options.limit };
}

export type ConvoRow = Awaited<ReturnType<typeof listConvoPage>>['rows'][number];

export async function findConvoBySlug(db: Db, slug: string) {
  return db
    .selectFrom('convos')
    .innerJoin('categories', 'categories.id', 'convos.categoryId')
    .select([...convoColumns, exactTime('convos.created_at').as('createdAtExact')])
    .where('convos.slug', '=', slug)
    .executeTakeFirst();
}

export async function findConvoById(db: Db, id: number) {
  return db
    .selectFrom('convos')
    .select(['id', 'slug', 'imageId'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function isConvoSlugTaken(db: Db, slug: string): Promise<boolean> {
  const row = await db
    .selectFrom('convos')
    .select('id')
    .where('slug', '=', slug)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Per question: votes on its live positions together, how many live positions, how many live
 * arguments on them.
 */
export async function countConvoActivity(db: Db, convoIds: readonly number[]) {
  if (convoIds.length === 0) return [];
  return db
    .selectFrom('convoPositions as p')
    .innerJoin('opinions as o', 'o.id', 'p.opinionId')
    .select([
      'p.convoId',
      sql<number>`coalesce(sum(o.num_votes), 0)::int`.as('numVotes'),
      sql<number>`count(*)::int`.as('numPositions'),
      sql<number>`coalesce(sum((
        select count(*) from comments c
        where c.opinion_id = o.id and c.parent_id is null
          and c.response_type in ('pro', 'con', 'neutral')
          and not c.deleted and c.hidden_at is null
      )), 0)::int`.as('numArguments'),
    ])
    .where('p.convoId', 'in', convoIds)
    .where('o.deleted', '=', false)
    .groupBy('p.convoId')
    .execute();
}

export async function insertConvo(
  db: Db,
  values: {
    slug: string;
    title: string;
    description: string;
    categoryId: number;
    createdBy: number | null;
    createdAt?: Date;
  },
) {
  return db
    .insertInto('convos')
    .values({ ...values, updatedAt: values.createdAt ?? new Date() })
    .returning(['id', 'slug'])
    .executeTakeFirstOrThrow();
}

export async function updateConvo(
  db: Db,
  id: number,
  values: { title: string; description: string; categoryId: number },
) {
  await db
    .updateTable('convos')
    .set({ ...values, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function replaceConvoPositions(db: Db, convoId: number, opinionIds: number[]) {
  await db.deleteFrom('convoPositions').where('convoId', '=', convoId).execute();
  if (opinionIds.length === 0) return;
  await db
    .insertInto('convoPositions')
    .values(opinionIds.map((opinionId, position) => ({ convoId, opinionId, position })))
    .execute();
}

/** A question's positions in order, with what the page shows of each opinion's votes. */
export async function listPositions(db: Db, convoId: number) {
  return db
    .selectFrom('convoPositions as p')
    .innerJoin('opinions as o', 'o.id', 'p.opinionId')
    .select([
      'o.id',
      'o.deleted',
      'o.votes1',
      'o.votes2',
      'o.votes3',
      'o.votes4',
      'o.votes5',
      'o.numVotes',
    ])
    .where('p.convoId', '=', convoId)
    .orderBy('p.position')
    .execute();
}

/** The opinions that may be positions: listed ones, with whether they are deleted. */
export async function findPositionCandidates(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('opinions')
    .select(['id', 'deleted', 'listed'])
    .where('id', 'in', ids)
    .execute();
}

// -------------------------------------------------------------------------------------- images

export type ImageFile = { width: number; height: number; webp: Uint8Array };

/**
 * Stores an image's files and makes it the question's image; the one it replaces goes with its
 * files. Run in a transaction.
 */
export async function replaceConvoImage(
  trx: Db,
  convoId: number,
  createdBy: number | null,
  files: readonly ImageFile[],
): Promise<number> {
  const image = await trx
    .insertInto('convoImages')
    .values({ convoId, createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('convoImageFiles')
    .values(files.map((file) => ({ imageId: image.id, ...file })))
    .execute();
  await trx.updateTable('convos').set({ imageId: image.id }).where('id', '=', convoId).execute();
  await trx
    .deleteFrom('convoImages')
    .where('convoId', '=', convoId)
    .where('id', '<>', image.id)
    .execute();
  return image.id;
}

/** Removes the question's image and its files. */
export async function deleteConvoImages(trx: Db, convoId: number) {
  await trx.updateTable('convos').set({ imageId: null }).where('id', '=', convoId).execute();
  await trx.deleteFrom('convoImages').where('convoId', '=', convoId).execute();
}

/** The sizes of each image's files (no bytes), smallest first. */
export async function listImageSizes(db: Db, imageIds: readonly number[]) {
  if (imageIds.length === 0) return [];
  return db
    .selectFrom('convoImageFiles')
    .select(['imageId', 'width', 'height'])
    .where('imageId', 'in', imageIds)
    .orderBy('imageId')
    .orderBy('width')
    .execute();
}

export async function findImageFile(db: Db, imageId: number, width: number) {
  return db
    .selectFrom('convoImageFiles')
    .select(['webp'])
    .where('imageId', '=', imageId)
    .where('width', '=', width)
    .executeTakeFirst();
}

// ----------------------------------------------------------------------------------- arguments

/**
 * Every argument on a position of a question, as it stood at `asOf`: created by then, with the
 * good points given by then split by the giver's vote on the position at that time (the rating
 * then in force: the current one if it was last changed by then, else the one it replaced).
 * `opinionIds` narrows it to those positions.
 */
export async function listArgumentRows(
  db: Db,
  options: { asOf: Date; opinionIds?: readonly number[] },
) {
  const asOf = options.asOf;
  // The giver's vote on this position, looked up by the whole primary key for each good point:
  // a join on votes let the planner, without statistics on freshly loaded tables, read each
  // giver's every vote.
  const ratingThen = sql<number | null>`(select case when v.updated_at <= ${asOf} then v.rating
    when v.created_at <= ${asOf} then v.previous_rating end
    from votes v where v.user_id = l.user_id and v.opinion_id = c.opinion_id)`;
  return db
    .selectFrom('comments as c')
    .innerJoin('opinions as o', 'o.id', 'c.opinionId')
    .leftJoin('commentLikes as l', (join) =>
      join.onRef('l.commentId', '=', 'c.id').on('l.createdAt', '<=', asOf),
    )
    .select([
      'c.id',
      'c.opinionId',
      'c.responseType',
      'c.createdAt',
      sql<number>`count(l.user_id)::int`.as('likes'),
      sql<number>`(count(l.user_id) filter (where ${ratingThen} in (1, 2)))::int`.as('likesAgree'),
      sql<number>`(count(l.user_id) filter (where ${ratingThen} in (4, 5)))::int`.as(
        'likesDisagree',
      ),
      // Minds changed at the ranking's time (docs/decisions/077-minds-changed.md).
      sql<number>`(select count(*) from persuasions p where p.comment_id = c.id
        and p.created_at <= ${asOf} and (p.withdrawn_at is null or p.withdrawn_at > ${asOf}))::int`.as(
        'persuaded',
      ),
    ])
    .where('c.parentId', 'is', null)
    .where('c.responseType', 'in', argumentTypes)
    .where('c.deleted', '=', false)
    .where('c.hiddenAt', 'is', null)
    .where('c.createdAt', '<=', asOf)
    .where('o.deleted', '=', false)
    .$if(options.opinionIds !== undefined, (query) =>
      query.where('c.opinionId', 'in', options.opinionIds!.length ? options.opinionIds! : [0]),
    )
    .$if(options.opinionIds === undefined, (query) =>
      query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('convoPositions as p')
            .select('p.convoId')
            .whereRef('p.opinionId', '=', 'c.opinionId'),
        ),
      ),
    )
    .groupBy('c.id')
    .execute();
}

/**
 * The voters on each side of each position as things stood at `asOf` (the rating then in force,
 * as listArgumentRows reads it): counted from the votes rather than the opinion's counters, so
 * that a vote cast between two pages cannot move an argument across the cursor.
 */
export async function countVotersBySideAt(db: Db, asOf: Date) {
  const ratingThen = sql`case when v.updated_at <= ${asOf} then v.rating
    when v.created_at <= ${asOf} then v.previous_rating end`;
  return db
    .selectFrom('votes as v')
    .select([
      'v.opinionId',
      sql<number>`(count(*) filter (where ${ratingThen} in (1, 2)))::int`.as('votersAgree'),
      sql<number>`(count(*) filter (where ${ratingThen} in (4, 5)))::int`.as('votersDisagree'),
    ])
    .where('v.createdAt', '<=', asOf)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('convoPositions as p')
          .select('p.convoId')
          .whereRef('p.opinionId', '=', 'v.opinionId'),
      ),
    )
    .groupBy('v.opinionId')
    .execute();
}

/**
 * The positions' opinions with their voters by side (now), and the question each belongs to (the
 * oldest, when several gather it).
 */
export async function listPositionOpinions(db: Db, opinionIds?: readonly number[]) {
  if (opinionIds !== undefined && opinionIds.length === 0) return [];
  return db
    .selectFrom('convoPositions as p')
    .innerJoin('convos as c', 'c.id', 'p.convoId')
    .innerJoin('opinions as o', 'o.id', 'p.opinionId')
    .distinctOn('p.opinionId')
    .select([
      'p.opinionId',
      'o.slug',
      'o.title',
      'o.numVotes',
      sql<number>`o.votes1 + o.votes2`.as('votersAgree'),
      sql<number>`o.votes4 + o.votes5`.as('votersDisagree'),
      'c.slug as convoSlug',
      'c.title as convoTitle',
      'c.imageId',
    ])
    .$if(opinionIds !== undefined, (query) => query.where('p.opinionId', 'in', opinionIds!))
    .orderBy('p.opinionId')
    .orderBy('c.createdAt')
    .orderBy('c.id')
    .execute();
}

/** What an argument tuple shows beyond its rank: its text, type and author. */
export async function listArgumentDetails(db: Db, commentIds: readonly number[]) {
  if (commentIds.length === 0) return [];
  return db
    .selectFrom('comments as c')
    .innerJoin('users as u', 'u.id', 'c.authorId')
    .select(['c.id', 'c.bodyHtml', 'c.responseType', 'u.username'])
    .where('c.id', 'in', commentIds)
    .execute();
}

/**
 * Per category, its questions with the most votes on their live positions, at most `perCategory`
 * each (ties: the newer first).
 */
export async function listTopQuestionsByCategory(db: Db, perCategory: number) {
  const result = await sql<{
    id: number;
    slug: string;
    title: string;
    categoryId: number;
    numVotes: number;
  }>`
    select id, slug, title, category_id, num_votes
    from (
      select c.id, c.slug, c.title, c.category_id, v.num_votes,
        row_number() over (
          partition by c.category_id order by v.num_votes desc, c.created_at desc, c.id desc
        ) as place
      from convos c
        cross join lateral (
          select coalesce(sum(o.num_votes), 0)::int as num_votes
          from convo_positions p join opinions o on o.id = p.opinion_id
          where p.convo_id = c.id and not o.deleted
        ) v
    ) ranked
    where place <= ${perCategory}
    order by category_id, place`.execute(db);
  return result.rows;
}
