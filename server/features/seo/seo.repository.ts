import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** An opinion's votes per rating, Strongly Agree (1) first; undefined for an unknown id. */
export async function findVoteCounts(db: Db, opinionId: number): Promise<number[] | undefined> {
  const row = await db
    .selectFrom('opinions')
    .select(['votes1', 'votes2', 'votes3', 'votes4', 'votes5'])
    .where('id', '=', opinionId)
    .executeTakeFirst();
  return row && [row.votes1, row.votes2, row.votes3, row.votes4, row.votes5];
}

/**
 * Every listed, live opinion with when its page last changed in substance: its title or state
 * (updated_at), or a new live comment. Votes move every minute and are left out. Newest first,
 * at most `limit`.
 */
export async function listSitemapOpinions(db: Db, limit: number) {
  const result = await sql<{ slug: string; modifiedAt: Date }>`
    select o.slug, greatest(o.updated_at, max(c.created_at)) as modified_at
    from opinions o
    left join comments c on c.opinion_id = o.id and not c.deleted and c.hidden_at is null
    where o.listed and not o.deleted
    group by o.id
    order by modified_at desc, o.id desc
    limit ${limit}
  `.execute(db);
  return result.rows;
}

/** Every topic with when its page last changed: its creation or its newest listed, live opinion. */
export async function listSitemapTopics(db: Db, limit: number) {
  const result = await sql<{ slug: string; modifiedAt: Date }>`
    select t.slug, greatest(t.created_at, max(o.created_at)) as modified_at
    from topics t
    left join opinion_topics ot on ot.topic_id = t.id
    left join opinions o on o.id = ot.opinion_id and o.listed and not o.deleted
    group by t.id
    order by modified_at desc, t.id desc
    limit ${limit}
  `.execute(db);
  return result.rows;
}
