import { sql } from 'kysely';
import type { ArgumentSort } from '../../../contract/questions.base.ts';
import type { Db } from '../../db/database.ts';

/*
 * Questions, categories, positions, images and the argument rows the ranking reads
 * (docs/decisions/047-questions-and-arguments.md).
 */

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
    .select(['c.id', 'c.bodyHtml', 'c.responseType', 'c.persuadedCount', 'u.username'])
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

// ------------------------------------------------------------------- arguments from the tallies

/**
 * The bridging score of questions.ranking.ts (`bridgingScore`) in SQL: the same integer products,
 * division and square root, so the same double (docs/decisions/076-rankings-from-argument-tallies.md).
 */
function bridgingScoreSql(tally: string, position: string) {
  const la = sql.ref(`${tally}.likes_agree`);
  const ld = sql.ref(`${tally}.likes_disagree`);
  const va = sql.ref(`${position}.voters_agree`);
  const vd = sql.ref(`${position}.voters_disagree`);
  return sql<number>`sqrt(((${la} + 1)::bigint * (${ld} + 1))::float8
    / ((greatest(${va}, ${la}) + 2)::bigint * (greatest(${vd}, ${ld}) + 2))::float8)`;
}

/** A position's arguments in bridging order: the order of argument_tallies_bridging. */
const bridgingOrder = sql`(a.likes_agree + 1)::bigint * (a.likes_disagree + 1) desc, a.comment_id desc`;

/**
 * A position's arguments by the minds they changed, then in bridging order: the order of
 * argument_tallies_persuasive.
 */
const persuasiveOrder = sql`a.persuaded desc, ${bridgingOrder}`;

export type TalliedArgument = {
  id: number;
  opinionId: number;
  createdAt: Date;
  likes: number;
  likesAgree: number;
  likesDisagree: number;
  /** Live "this changed my mind" credits. */
  persuaded: number;
  votersAgree: number;
  votersDisagree: number;
};

/** Where a later page starts: after this sort key and id (questions.ranking.ts, `sortKey`). */
export type ArgumentCursor = { key: number; id: number };

/**
 * A page of the arguments on the live positions in `sort`'s order as things stood at `asOf`
 * (docs/decisions/047, 076), after `after` (from the top without it), at most `limit` rows: read
 * from the top of an index of argument_tallies, not by ranking every argument.
 *
 * The tallies are the counts now; the page reads them as they stood at `asOf` by taking back what
 * happened since, which the raw rows still show: good points given after `asOf`
 * (comment_likes_created), and votes changed after it (votes_updated), whose member was then on
 * the side of the rating it replaced (`previous_rating`, none for a vote cast after `asOf`): the
 * position's voters by side, and that member's good points on its arguments, move back. The
 * arguments so moved are read apart from the index and put back with their counts then. For a
 * first page `asOf` is now and there is nothing to take back.
 *
 * - `liked` and `recent` read argument_tallies_liked and argument_tallies_recent from the cursor on.
 * - `bridging`: a position's arguments are in bridging order in argument_tallies_bridging (for one
 *   position the score grows with (likes_agree + 1)(likes_disagree + 1)), so the next `limit`
 *   overall are among each position's next `limit`. Each position's next one comes first (one
 *   index probe per position); the `limit`-th best of those is a floor that at least `limit`
 *   arguments reach, so only the positions whose next one reaches it are read further.
 * - `persuasive` is read as `bridging` is, from argument_tallies_persuasive: its key, credits plus
 *   the bridging score (below 1), also grows with that index's order within a position. Credits
 *   given or withdrawn after `asOf` (persuasions_created, persuasions_withdrawn) are taken back too.
 */
export async function listArgumentPage(
  db: Db,
  options: {
    sort: ArgumentSort;
    asOf: Date;
    after: ArgumentCursor | null;
    limit: number;
  },
): Promise<TalliedArgument[]> {
  const { sort, asOf, after, limit } = options;
  const score = (tally: string) => bridgingScoreSql(tally, 'pos');
  const afterCursor = (key: ReturnType<typeof sql>, id: ReturnType<typeof sql>) =>
    after
      ? sql`(${key} < ${after.key}::float8 or (${key} = ${after.key}::float8 and ${id} < ${after.id}::integer))`
      : sql`true`;
  const sortKey = (tally: string) =>
    sort === 'bridging'
      ? score(tally)
      : sort === 'persuasive'
        ? sql`${sql.ref(`${tally}.persuaded`)}::float8 + ${score(tally)}`
        : sort === 'liked'
          ? sql`${sql.ref(`${tally}.likes`)}::float8`
          : sql`(extract(epoch from ${sql.ref(`${tally}.created_at`)}) * 1000)::float8`;
  const afterOf = (tally: string) => afterCursor(sortKey(tally), sql.ref(`${tally}.comment_id`));
  const common = sql`
    changed_votes as materialized (
      select v.user_id, v.opinion_id, v.rating as rating_now,
        case when v.created_at <= ${asOf} then v.previous_rating end as rating_then
      from votes v
      where v.updated_at > ${asOf}
    ),
    positions as materialized (
      select o.id as opinion_id,
        o.votes1 + o.votes2 - coalesce(d.agree, 0) as voters_agree,
        o.votes4 + o.votes5 - coalesce(d.disagree, 0) as voters_disagree
      from (select distinct p.opinion_id from convo_positions p) p
      join opinions o on o.id = p.opinion_id and not o.deleted
      left join (
        select c.opinion_id,
          sum((c.rating_now in (1, 2))::integer - coalesce((c.rating_then in (1, 2))::integer, 0))
            as agree,
          sum((c.rating_now in (4, 5))::integer - coalesce((c.rating_then in (4, 5))::integer, 0))
            as disagree
        from changed_votes c
        group by c.opinion_id
      ) d on d.opinion_id = o.id
    ),
    moved as materialized (
      -- What to take back from each tally to read it as of asOf.
      select m.comment_id, sum(m.likes)::integer as likes, sum(m.agree)::integer as agree,
        sum(m.disagree)::integer as disagree, sum(m.persuaded)::integer as persuaded
      from (
        select l.comment_id, 1 as likes,
          coalesce((v.rating in (1, 2))::integer, 0) as agree,
          coalesce((v.rating in (4, 5))::integer, 0) as disagree, 0 as persuaded
        from comment_likes l
        join argument_tallies a on a.comment_id = l.comment_id
        left join votes v on v.user_id = l.user_id and v.opinion_id = a.opinion_id
        where l.created_at > ${asOf}
        union all
        select a.comment_id, 0,
          (c.rating_now in (1, 2))::integer - coalesce((c.rating_then in (1, 2))::integer, 0),
          (c.rating_now in (4, 5))::integer - coalesce((c.rating_then in (4, 5))::integer, 0), 0
        from changed_votes c
        join comment_likes l on l.user_id = c.user_id and l.created_at <= ${asOf}
        join argument_tallies a on a.comment_id = l.comment_id and a.opinion_id = c.opinion_id
        ${sort === 'persuasive' ? movedCredits(asOf) : sql``}
      ) m
      group by m.comment_id
    ),
    moved_ids as materialized (
      select coalesce(array_agg(m.comment_id), '{}') as ids from moved m
    ),
    moved_then as materialized (
      -- The moved arguments as they stood then, after the cursor.
      select a.comment_id, a.opinion_id, a.created_at, a.likes - m.likes as likes,
        a.likes_agree - m.agree as likes_agree, a.likes_disagree - m.disagree as likes_disagree,
        a.persuaded - m.persuaded as persuaded, pos.voters_agree, pos.voters_disagree
      from moved m
      join argument_tallies a on a.comment_id = m.comment_id
      join positions pos on pos.opinion_id = a.opinion_id
      where a.ranked and a.created_at <= ${asOf}
    ),
    moved_after as materialized (
      select a.*, ${sortKey('a')} as key from moved_then a
      cross join lateral (select a.voters_agree, a.voters_disagree) pos
      where ${afterOf('a')}
    )`;
  const columns = sql`a.comment_id as id, a.opinion_id, a.created_at, a.likes, a.likes_agree,
    a.likes_disagree, a.persuaded, a.voters_agree, a.voters_disagree`;
  if (sort === 'bridging' || sort === 'persuasive') {
    const positionOrder = sort === 'persuasive' ? persuasiveOrder : bridgingOrder;
    const result = await sql<TalliedArgument>`
      with ${common},
      tops as materialized (
        select pos.opinion_id, pos.voters_agree, pos.voters_disagree, top.key
        from positions pos
        cross join moved_ids x
        cross join lateral (
          select ${sortKey('a')} as key
          from argument_tallies a
          where a.opinion_id = pos.opinion_id and a.ranked and a.created_at <= ${asOf}
            and a.comment_id <> all(x.ids) and ${afterOf('a')}
          order by ${positionOrder}
          limit 1
        ) top
      ),
      floor_key as (
        select coalesce(
          (select k.key from (
              select t.key from tops t union all select m.key from moved_after m
            ) k
            order by k.key desc offset ${limit - 1} limit 1),
          0) as key
      ),
      candidates as (
        select a.comment_id, a.opinion_id, a.created_at, a.likes, a.likes_agree,
          a.likes_disagree, a.persuaded, pos.voters_agree, pos.voters_disagree, ${sortKey('a')} as key
        from tops pos
        cross join floor_key f
        cross join moved_ids x
        cross join lateral (
          select a.* from argument_tallies a
          where a.opinion_id = pos.opinion_id and a.ranked and a.created_at <= ${asOf}
            and a.comment_id <> all(x.ids) and ${afterOf('a')}
          order by ${positionOrder}
          limit ${limit}
        ) a
        where pos.key >= f.key and ${sortKey('a')} >= f.key
        union all
        select m.comment_id, m.opinion_id, m.created_at, m.likes, m.likes_agree,
          m.likes_disagree, m.persuaded, m.voters_agree, m.voters_disagree, m.key
        from moved_after m
      )
      select ${columns} from candidates a
      order by a.key desc, a.comment_id desc
      limit ${limit}`.execute(db);
    return result.rows;
  }
  const order =
    sort === 'liked'
      ? sql`a.likes desc, a.comment_id desc`
      : sql`a.created_at desc, a.comment_id desc`;
  // The cursor as the index reads it: the same row comparison on the columns themselves.
  const indexedAfter = !after
    ? sql`true`
    : sort === 'liked'
      ? sql`(a.likes, a.comment_id) < (${after.key}::integer, ${after.id}::integer)`
      : sql`(a.created_at, a.comment_id) <
          (timestamptz 'epoch' + ${after.key}::bigint * interval '1 millisecond', ${after.id}::integer)`;
  const result = await sql<TalliedArgument>`
    with ${common},
    unmoved as (
      select a.comment_id, a.opinion_id, a.created_at, a.likes, a.likes_agree, a.likes_disagree,
        a.persuaded, pos.voters_agree, pos.voters_disagree
      from argument_tallies a
      cross join moved_ids x
      join positions pos on pos.opinion_id = a.opinion_id
      where a.ranked and a.created_at <= ${asOf} and a.comment_id <> all(x.ids) and ${indexedAfter}
      order by ${order}
      limit ${limit}
    ),
    candidates as (
      select * from unmoved
      union all
      select m.comment_id, m.opinion_id, m.created_at, m.likes, m.likes_agree, m.likes_disagree,
        m.persuaded, m.voters_agree, m.voters_disagree
      from moved_after m
    )
    select ${columns} from candidates a
    order by ${order}
    limit ${limit}`.execute(db);
  return result.rows;
}

const talliedColumns = sql`a.comment_id as id, a.opinion_id, a.created_at, a.likes, a.likes_agree,
  a.likes_disagree, a.persuaded, pos.voters_agree, pos.voters_disagree`;

/**
 * Credits given since `asOf` and still live (+1), and given by then but withdrawn since (−1): what
 * a tally's `persuaded` moved by after `asOf`, as rows of the `moved` union.
 */
function movedCredits(asOf: Date) {
  return sql`
        union all
        select p.comment_id, 0, 0, 0, 1
        from persuasions p
        join argument_tallies a on a.comment_id = p.comment_id
        where p.created_at > ${asOf} and p.withdrawn_at is null
        union all
        select p.comment_id, 0, 0, 0, -1
        from persuasions p
        join argument_tallies a on a.comment_id = p.comment_id
        where p.withdrawn_at > ${asOf} and p.created_at <= ${asOf}`;
}

/**
 * Per position of a question (`positions`: each opinion with its voters by side), its `perSide`
 * strongest `pro` and `con` arguments, those that changed the most minds first, then by bridging
 * rank (argument_tallies_persuasive), and how many arguments it has.
 */
export async function listStrongestArguments(
  db: Db,
  positions: readonly { opinionId: number; votersAgree: number; votersDisagree: number }[],
  perSide: number,
) {
  if (positions.length === 0) return { strongest: [], counts: [] };
  const ids = positions.map((position) => position.opinionId);
  const values = sql.join(
    positions.map(
      (position) =>
        sql`(${position.opinionId}::integer, ${position.votersAgree}::integer, ${position.votersDisagree}::integer)`,
    ),
  );
  const [strongest, counts] = await Promise.all([
    sql<TalliedArgument & { responseType: string }>`
      select ${talliedColumns}, side.response_type
      from (values ${values}) as pos (opinion_id, voters_agree, voters_disagree)
      cross join (values ('pro'), ('con')) as side (response_type)
      cross join lateral (
        select a.* from argument_tallies a
        join comments c on c.id = a.comment_id
        where a.opinion_id = pos.opinion_id and a.ranked and c.response_type = side.response_type
        order by ${persuasiveOrder}
        limit ${perSide}
      ) a`.execute(db),
    db
      .selectFrom('argumentTallies')
      .select(['opinionId', sql<number>`count(*)::int`.as('count')])
      .where('opinionId', 'in', ids)
      .where('ranked', '=', true)
      .groupBy('opinionId')
      .execute(),
  ]);
  return { strongest: strongest.rows, counts };
}

/** Rebuilds every argument tally from the raw rows (rebuild-counters, seeds without triggers). */
export async function rebuildArgumentTallies(db: Db): Promise<void> {
  await sql`select rebuild_argument_tallies()`.execute(db);
  await sql`select rebuild_argument_persuaded()`.execute(db);
}

/** Argument tallies that disagree with comments, comment_likes and votes (verify-counts). */
export async function findArgumentTallyDrift(db: Db) {
  const result = await sql<{
    id: number;
    stored: string;
    actual: string;
  }>`
    with actual as (
      select c.id, c.opinion_id,
        c.response_type in ('pro', 'con', 'neutral') and not c.deleted and c.hidden_at is null
          as ranked,
        date_trunc('milliseconds', c.created_at) as created_at,
        count(l.user_id)::integer as likes,
        (count(l.user_id) filter (where v.rating in (1, 2)))::integer as likes_agree,
        (count(l.user_id) filter (where v.rating in (4, 5)))::integer as likes_disagree,
        c.persuaded_count as persuaded
      from comments c
      left join comment_likes l on l.comment_id = c.id
      left join votes v on v.user_id = l.user_id and v.opinion_id = c.opinion_id
      where c.parent_id is null and c.opinion_id is not null
      group by c.id
    )
    select coalesce(x.id, t.comment_id) as id,
      case when t.comment_id is null then 'no row'
        else concat_ws('/', t.ranked, t.likes, t.likes_agree, t.likes_disagree, t.persuaded)
        end as stored,
      case when x.id is null then 'no comment'
        else concat_ws('/', x.ranked, x.likes, x.likes_agree, x.likes_disagree, x.persuaded)
        end as actual
    from actual x
    full join argument_tallies t on t.comment_id = x.id
    where t.comment_id is null or x.id is null
      or (t.opinion_id, t.ranked, t.created_at, t.likes, t.likes_agree, t.likes_disagree,
          t.persuaded)
        is distinct from (x.opinion_id, x.ranked, x.created_at, x.likes, x.likes_agree,
          x.likes_disagree, x.persuaded)
    order by 1`.execute(db);
  return result.rows;
}
