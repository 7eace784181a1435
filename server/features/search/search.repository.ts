import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * How alike a query and the closest stretch of a title must be to count as a match
 * (pg_trgm's word_similarity). The extension's default of 0.6 misses everyday typos such as
 * "climte" for "climate" (0.57); 0.45 keeps them without letting noise in.
 */
export const wordSimilarityThreshold = 0.45;

/** Escapes LIKE wildcards so a query is matched literally. */
function escapeLike(query: string): string {
  return query.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function containsPattern(query: string): string {
  return `%${escapeLike(query)}%`;
}

/**
 * The query as a prefix tsquery ('climat:* & chang:*'), so that words match while still being
 * typed; null when the query has no letters or digits. Only letters and digits reach to_tsquery,
 * so its syntax cannot be injected.
 */
export function toPrefixTsQuery(query: string): string | null {
  const words = (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
  return words.length > 0 ? words.map((word) => `${word}:*`).join(' & ') : null;
}

function matchesText(column: RawBuilder<unknown>, tsQuery: string | null) {
  return tsQuery === null
    ? sql<boolean>`false`
    : sql<boolean>`to_tsvector('english', ${column}) @@ to_tsquery('english', ${tsQuery})`;
}

function textRank(column: RawBuilder<unknown>, tsQuery: string | null) {
  return tsQuery === null
    ? sql<number>`0`
    : sql<number>`ts_rank(to_tsvector('english', ${column}), to_tsquery('english', ${tsQuery}))`;
}

/**
 * The relevance of a title to the query (docs/decisions/016-search.md): full-text rank, trigram
 * word similarity, a bonus when the title contains or starts with the query as typed.
 */
function titleRelevance(column: RawBuilder<unknown>, query: string, tsQuery: string | null) {
  return sql<number>`(
    4 * ${textRank(column, tsQuery)}
    + word_similarity(${query}, ${column})
    + case when ${column} ilike ${containsPattern(query)} then 0.2 else 0 end
    + case when ${column} ilike ${`${escapeLike(query)}%`} then 0.3 else 0 end
  )`;
}

function titleMatches(column: RawBuilder<unknown>, query: string, tsQuery: string | null) {
  return sql<boolean>`(
    ${matchesText(column, tsQuery)}
    or ${query} <% ${column}
    or ${column} ilike ${containsPattern(query)}
  )`;
}

/**
 * Runs `search` in a transaction whose word-similarity threshold is ours, so that the `<%`
 * operator (which the trigram indexes serve) matches at that threshold.
 */
export async function withSearchThreshold<T>(db: Db, search: (trx: Db) => Promise<T>) {
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('pg_trgm.word_similarity_threshold', ${String(wordSimilarityThreshold)}, true)`.execute(
      trx,
    );
    return search(trx);
  });
}

/**
 * Listed, live opinions by title. `withoutPositions` leaves out those a question gathers, which
 * are found as its positions instead: done here rather than on the rows found, so that a page of
 * `limit` rows is the `limit` best others (the results page's paging depends on it).
 */
export async function searchOpinions(
  db: Db,
  query: string,
  limit: number,
  { withoutPositions = false } = {},
) {
  const tsQuery = toPrefixTsQuery(query);
  const title = sql.ref('title');
  return db
    .selectFrom('opinions')
    .select([
      'id',
      'slug',
      'title',
      sql<number>`${titleRelevance(title, query, tsQuery)} + 0.02 * ln(1 + num_votes)`.as(
        'relevance',
      ),
    ])
    .where('listed', '=', true)
    .where('deleted', '=', false)
    .where(titleMatches(title, query, tsQuery))
    .$if(withoutPositions, (qb) =>
      qb.where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('convoPositions as p')
              .select('p.convoId')
              .whereRef('p.opinionId', '=', 'opinions.id'),
          ),
        ),
      ),
    )
    .orderBy('relevance', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function searchTopics(db: Db, query: string, limit: number) {
  const tsQuery = toPrefixTsQuery(query);
  const title = sql.ref('title');
  return db
    .selectFrom('topics')
    .select(['id', 'slug', 'title', titleRelevance(title, query, tsQuery).as('relevance')])
    .where(titleMatches(title, query, tsQuery))
    .orderBy('relevance', 'desc')
    .orderBy('title')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function searchPeople(db: Db, query: string, limit: number) {
  const pattern = containsPattern(query);
  return db
    .selectFrom('users')
    .select([
      'id',
      'username',
      sql<number>`(
        greatest(word_similarity(${query}, username), word_similarity(${query}, full_name))
        + case when username ilike ${pattern} or full_name ilike ${pattern} then 0.2 else 0 end
        + 0.01 * ln(1 + karma)
      )`.as('relevance'),
    ])
    .where('erasedAt', 'is', null)
    .where((eb) =>
      eb.or([
        eb('username', 'ilike', pattern),
        eb('fullName', 'ilike', pattern),
        sql<boolean>`${query} <% username`,
        sql<boolean>`${query} <% full_name`,
      ]),
    )
    .orderBy('relevance', 'desc')
    .orderBy('karma', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Questions by title (docs/decisions/047-questions-and-arguments.md). */
export async function searchConvos(db: Db, query: string, limit: number) {
  const tsQuery = toPrefixTsQuery(query);
  const title = sql.ref('title');
  return db
    .selectFrom('convos')
    .select(['id', 'slug', 'title', titleRelevance(title, query, tsQuery).as('relevance')])
    .where(titleMatches(title, query, tsQuery))
    .orderBy('relevance', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Positions: live opinions that a question gathers, by title, each with the (oldest) question it
 * belongs to, whose page shows it among the question's positions.
 */
export async function searchPositions(db: Db, query: string, limit: number) {
  const tsQuery = toPrefixTsQuery(query);
  const title = sql.ref('o.title');
  return db
    .selectFrom('opinions as o')
    .innerJoin(
      (eb) =>
        eb
          .selectFrom('convoPositions as p')
          .innerJoin('convos as c', 'c.id', 'p.convoId')
          .distinctOn('p.opinionId')
          .select(['p.opinionId', 'c.slug as convoSlug'])
          .orderBy('p.opinionId')
          .orderBy('c.createdAt')
          .orderBy('c.id')
          .as('q'),
      (join) => join.onRef('q.opinionId', '=', 'o.id'),
    )
    .select([
      'o.id',
      'o.slug',
      'o.title',
      'q.convoSlug',
      sql<number>`${titleRelevance(title, query, tsQuery)} + 0.02 * ln(1 + o.num_votes)`.as(
        'relevance',
      ),
    ])
    .where('o.listed', '=', true)
    .where('o.deleted', '=', false)
    .where(titleMatches(title, query, tsQuery))
    .orderBy('relevance', 'desc')
    .orderBy('o.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Arguments: live top-level pro, con and neutral comments on a question's positions whose words
 * match the query (full text, as the index `comments_argument_fts` holds them).
 */
export async function searchArguments(db: Db, query: string, limit: number) {
  const tsQuery = toPrefixTsQuery(query);
  if (tsQuery === null) return [];
  const body = sql.ref('c.body_source');
  return db
    .selectFrom('comments as c')
    .innerJoin('opinions as o', 'o.id', 'c.opinionId')
    .select([
      'c.id',
      'c.bodyHtml',
      'o.slug as opinionSlug',
      sql<number>`4 * ${textRank(body, tsQuery)} + 0.02 * ln(1 + c.like_count)`.as('relevance'),
    ])
    .where('c.parentId', 'is', null)
    .where('c.responseType', 'in', ['pro', 'con', 'neutral'])
    .where('c.deleted', '=', false)
    .where('c.hiddenAt', 'is', null)
    .where('o.deleted', '=', false)
    .where(matchesText(body, tsQuery))
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('convoPositions as p').select('p.convoId').whereRef('p.opinionId', '=', 'o.id'),
      ),
    )
    .orderBy('relevance', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute();
}
