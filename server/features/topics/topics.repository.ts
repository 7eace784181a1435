import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** Every topic with its listed, live opinions counted (countListedOpinionsInTopic's rule). */
export async function listAllTopics(db: Db) {
  return db
    .selectFrom('topics')
    .leftJoin('opinionTopics', 'opinionTopics.topicId', 'topics.id')
    .leftJoin('opinions', (join) =>
      join
        .onRef('opinions.id', '=', 'opinionTopics.opinionId')
        .on('opinions.listed', '=', true)
        .on('opinions.deleted', '=', false),
    )
    .select([
      'topics.id',
      'topics.slug',
      'topics.title',
      sql<number>`count(opinions.id)::int`.as('numOpinions'),
    ])
    .groupBy('topics.id')
    .orderBy(sql`lower(topics.title)`)
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

export async function findTopicById(db: Db, id: number) {
  return db
    .selectFrom('topics')
    .select(['id', 'slug', 'title'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findTopicsByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('topics').select(['id', 'slug', 'title']).where('id', 'in', ids).execute();
}

export async function findTopicByTitle(db: Db, title: string) {
  return db
    .selectFrom('topics')
    .select(['id', 'slug', 'title'])
    .where(sql`lower(title)`, '=', title.toLowerCase())
    .executeTakeFirst();
}

export async function isTopicSlugTaken(db: Db, slug: string): Promise<boolean> {
  const row = await db
    .selectFrom('topics')
    .select('id')
    .where('slug', '=', slug)
    .executeTakeFirst();
  return row !== undefined;
}

/** Inserts a topic; undefined when its title or slug was taken in the meantime. */
export async function insertTopic(
  db: Db,
  values: { slug: string; title: string; createdBy: number },
) {
  return db
    .insertInto('topics')
    .values({ ...values, description: '' })
    .onConflict((conflict) => conflict.doNothing())
    .returning(['id', 'slug', 'title'])
    .executeTakeFirst();
}

export async function insertTopicFollow(db: Db, userId: number, topicId: number) {
  await db
    .insertInto('topicFollows')
    .values({ userId, topicId })
    .onConflict((conflict) => conflict.columns(['userId', 'topicId']).doNothing())
    .execute();
}

export async function deleteTopicFollow(db: Db, userId: number, topicId: number) {
  await db
    .deleteFrom('topicFollows')
    .where('userId', '=', userId)
    .where('topicId', '=', topicId)
    .execute();
}

/** How many members follow the topic, and whether `userId` is one of them. */
export async function countTopicFollowers(db: Db, topicId: number, userId: number | null) {
  const row = await db
    .selectFrom('topicFollows')
    .select([
      sql<number>`count(*)::int`.as('followers'),
      sql<boolean>`coalesce(bool_or(user_id = ${userId ?? 0}), false)`.as('isFollowedByUser'),
    ])
    .where('topicId', '=', topicId)
    .executeTakeFirstOrThrow();
  return row;
}
