import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** Escapes LIKE wildcards so a query is matched literally. */
function containsPattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export async function searchOpinions(db: Db, query: string, limit: number) {
  return db
    .selectFrom('opinions')
    .select(['id', 'slug', 'title'])
    .where('listed', '=', true)
    .where('deleted', '=', false)
    .where('title', 'ilike', containsPattern(query))
    .orderBy(sql`position(lower(${query}) in lower(title))`)
    .orderBy('numVotes', 'desc')
    .limit(limit)
    .execute();
}

export async function searchTopics(db: Db, query: string, limit: number) {
  return db
    .selectFrom('topics')
    .select(['id', 'slug', 'title'])
    .where('title', 'ilike', containsPattern(query))
    .orderBy('title')
    .limit(limit)
    .execute();
}

export async function searchPeople(db: Db, query: string, limit: number) {
  return db
    .selectFrom('users')
    .select(['id', 'username'])
    .where((eb) =>
      eb.or([
        eb('username', 'ilike', containsPattern(query)),
        eb('fullName', 'ilike', containsPattern(query)),
      ]),
    )
    .orderBy('karma', 'desc')
    .limit(limit)
    .execute();
}
