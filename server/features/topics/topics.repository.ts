import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export async function listAllTopics(db: Db) {
  return db
    .selectFrom('topics')
    .select(['id', 'slug', 'title'])
    .orderBy(sql`lower(title)`)
    .execute();
}

export async function findTopicBySlug(db: Db, slug: string) {
  return db
    .selectFrom('topics')
    .select(['id', 'slug', 'title', 'description'])
    .where('slug', '=', slug)
    .executeTakeFirst();
}

export async function countListedOpinionsInTopic(db: Db, topicId: number): Promise<number> {
  const row = await db
    .selectFrom('opinionTopics')
    .innerJoin('opinions', 'opinions.id', 'opinionTopics.opinionId')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('opinionTopics.topicId', '=', topicId)
    .where('opinions.listed', '=', true)
    .where('opinions.deleted', '=', false)
    .executeTakeFirstOrThrow();
  return row.count;
}
