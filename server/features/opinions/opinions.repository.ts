import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

const opinionColumns = [
  'opinions.id',
  'opinions.slug',
  'opinions.title',
  'opinions.authorId',
  'opinions.tidbit',
  'opinions.deleted',
  'opinions.votes1',
  'opinions.votes2',
  'opinions.votes3',
  'opinions.votes4',
  'opinions.votes5',
  'opinions.numVotes',
  'opinions.numComments',
  'opinions.createdAt',
] as const;

export async function findOpinionBySlug(db: Db, slug: string) {
  return db
    .selectFrom('opinions')
    .leftJoin('users', 'users.id', 'opinions.authorId')
    .select([...opinionColumns, 'users.username as authorUsername'])
    .where('opinions.slug', '=', slug)
    .executeTakeFirst();
}

export async function findOpinionsByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('opinions')
    .leftJoin('users', 'users.id', 'opinions.authorId')
    .select([...opinionColumns, 'users.username as authorUsername'])
    .where('opinions.id', 'in', ids)
    .execute();
}

export type OpinionWithAuthor = Awaited<ReturnType<typeof findOpinionsByIds>>[number];

export async function listTopicsOfOpinions(db: Db, opinionIds: readonly number[]) {
  if (opinionIds.length === 0) return [];
  return db
    .selectFrom('opinionTopics')
    .innerJoin('topics', 'topics.id', 'opinionTopics.topicId')
    .select(['opinionTopics.opinionId', 'topics.id', 'topics.slug', 'topics.title'])
    .where('opinionTopics.opinionId', 'in', opinionIds)
    .orderBy('topics.title')
    .execute();
}

export async function listRatingsOfUser(db: Db, userId: number, opinionIds: readonly number[]) {
  if (opinionIds.length === 0) return [];
  return db
    .selectFrom('votes')
    .select(['opinionId', 'rating'])
    .where('userId', '=', userId)
    .where('opinionId', 'in', opinionIds)
    .execute();
}

export async function listRecentOpinionsOfAuthor(
  db: Db,
  authorId: number,
  since: Date,
  limit: number,
) {
  return db
    .selectFrom('opinions')
    .select('id')
    .where('authorId', '=', authorId)
    .where('listed', '=', true)
    .where('deleted', '=', false)
    .where('createdAt', '>', since)
    .orderBy('createdAt', 'desc')
    .limit(limit)
    .execute();
}

export type FeedPosition = { score: number; id: number };

/**
 * One page of listed, live opinions ranked by the feed score (see docs/decisions/004), after the
 * cursor position. `now` is fixed per paging session so scores do not drift between pages.
 */
export async function listFeedPage(
  db: Db,
  options: {
    now: Date;
    limit: number;
    after: FeedPosition | null;
    topicId?: number;
    excludeVotedBy?: number;
    excludeAuthoredBy?: number;
  },
) {
  const weekAgo = new Date(options.now.getTime() - 7 * 86_400_000);
  const scored = db
    .selectFrom('opinions')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('votes')
          .select(['opinionId', sql<number>`count(*)::int`.as('recentVotes')])
          .where('updatedAt', '>', weekAgo)
          .groupBy('opinionId')
          .as('recent'),
      (join) => join.onRef('recent.opinionId', '=', 'opinions.id'),
    )
    .select([
      'opinions.id',
      sql<string>`round((
        ln(1 + coalesce(recent.recent_votes, 0))
        + 0.3 * ln(1 + opinions.num_votes)
        + 2 * exp(-greatest(0, extract(epoch from (${options.now}::timestamptz - opinions.created_at))) / 1209600.0)
      )::numeric, 6)`.as('score'),
    ])
    .where('opinions.listed', '=', true)
    .where('opinions.deleted', '=', false)
    .$if(options.topicId !== undefined, (query) =>
      query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('opinionTopics')
            .select(sql.lit(1).as('one'))
            .whereRef('opinionTopics.opinionId', '=', 'opinions.id')
            .where('opinionTopics.topicId', '=', options.topicId!),
        ),
      ),
    )
    .$if(options.excludeVotedBy !== undefined, (query) =>
      query.where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('votes as own')
              .select(sql.lit(1).as('one'))
              .whereRef('own.opinionId', '=', 'opinions.id')
              .where('own.userId', '=', options.excludeVotedBy!),
          ),
        ),
      ),
    )
    .$if(options.excludeAuthoredBy !== undefined, (query) =>
      query.where((eb) =>
        eb.or([
          eb('opinions.authorId', 'is', null),
          eb('opinions.authorId', '!=', options.excludeAuthoredBy!),
        ]),
      ),
    )
    .where('opinions.createdAt', '<=', options.now);

  const after = options.after;
  const rows = await db
    .selectFrom(scored.as('scored'))
    .select(['scored.id', 'scored.score'])
    .$if(after !== null, (query) =>
      query.where((eb) =>
        eb.or([
          eb('scored.score', '<', String(after!.score)),
          eb.and([eb('scored.score', '=', String(after!.score)), eb('scored.id', '<', after!.id)]),
        ]),
      ),
    )
    .orderBy('scored.score', 'desc')
    .orderBy('scored.id', 'desc')
    .limit(options.limit + 1)
    .execute();
  return {
    positions: rows
      .slice(0, options.limit)
      .map((row) => ({ id: row.id, score: Number(row.score) })),
    hasMore: rows.length > options.limit,
  };
}

export async function countSiteTotals(db: Db) {
  const opinions = await db
    .selectFrom('opinions')
    .select([
      sql<number>`count(*)::int`.as('opinions'),
      sql<number>`coalesce(sum(num_votes), 0)::int`.as('votes'),
    ])
    .where('listed', '=', true)
    .where('deleted', '=', false)
    .executeTakeFirstOrThrow();
  const comments = await db
    .selectFrom('comments')
    .select(sql<number>`count(*)::int`.as('comments'))
    .where('deleted', '=', false)
    .executeTakeFirstOrThrow();
  return { opinions: opinions.opinions, votes: opinions.votes, comments: comments.comments };
}

/** Listed opinions with the most votes cast or changed in the week before `now`. */
export async function listTrendingOpinions(db: Db, now: Date, limit: number) {
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000);
  return db
    .selectFrom('votes')
    .innerJoin('opinions', 'opinions.id', 'votes.opinionId')
    .select(['opinions.slug', 'opinions.title', sql<number>`count(*)::int`.as('recentVotes')])
    .where('votes.updatedAt', '>', weekAgo)
    .where('opinions.listed', '=', true)
    .where('opinions.deleted', '=', false)
    .groupBy(['opinions.id', 'opinions.slug', 'opinions.title'])
    .orderBy('recentVotes', 'desc')
    .orderBy('opinions.id', 'desc')
    .limit(limit)
    .execute();
}

/** The newest live comments on live opinions, for the activity rows. */
export async function listLatestComments(db: Db, limit: number) {
  return db
    .selectFrom('comments')
    .innerJoin('opinions', 'opinions.id', 'comments.opinionId')
    .innerJoin('users', 'users.id', 'comments.authorId')
    .select([
      'comments.id',
      'comments.createdAt',
      'opinions.title as opinionTitle',
      'opinions.slug as opinionSlug',
      'users.username',
    ])
    .where('comments.deleted', '=', false)
    .where('opinions.deleted', '=', false)
    .orderBy('comments.createdAt', 'desc')
    .orderBy('comments.id', 'desc')
    .limit(limit)
    .execute();
}

/** Per-opinion counts of raw votes by rating and of live comments, as a joinable subquery. */
const rawCounts = sql`
  select o.id as opinion_id,
    array[coalesce(v.r1, 0), coalesce(v.r2, 0), coalesce(v.r3, 0), coalesce(v.r4, 0), coalesce(v.r5, 0)] as votes,
    coalesce(c.n, 0) as comments
  from opinions o
  left join (
    select opinion_id,
      count(*) filter (where rating = 1)::int as r1, count(*) filter (where rating = 2)::int as r2,
      count(*) filter (where rating = 3)::int as r3, count(*) filter (where rating = 4)::int as r4,
      count(*) filter (where rating = 5)::int as r5
    from votes group by opinion_id
  ) v on v.opinion_id = o.id
  left join (
    select opinion_id, count(*)::int as n from comments where not deleted group by opinion_id
  ) c on c.opinion_id = o.id
`;

/** Opinions whose derived counters disagree with their raw votes and comments. */
export async function findCounterDrift(db: Db) {
  const result = await sql<{
    id: number;
    slug: string;
    stored: number[];
    actual: number[];
    storedComments: number;
    actualComments: number;
  }>`
    select o.id, o.slug, array[o.votes1, o.votes2, o.votes3, o.votes4, o.votes5] as stored,
      raw.votes as actual, o.num_comments as stored_comments, raw.comments as actual_comments
    from opinions o join (${rawCounts}) raw on raw.opinion_id = o.id
    where array[o.votes1, o.votes2, o.votes3, o.votes4, o.votes5] <> raw.votes
      or o.num_comments <> raw.comments
    order by o.id
  `.execute(db);
  return result.rows;
}

/** Rebuilds every opinion's derived counters from the raw rows. */
export async function rebuildOpinionCounters(db: Db) {
  await sql`
    update opinions o set
      votes1 = raw.votes[1], votes2 = raw.votes[2], votes3 = raw.votes[3],
      votes4 = raw.votes[4], votes5 = raw.votes[5], num_comments = raw.comments
    from (${rawCounts}) raw
    where o.id = raw.opinion_id
  `.execute(db);
}
