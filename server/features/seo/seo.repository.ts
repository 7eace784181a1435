import { sql, type RawBuilder } from 'kysely';
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

/*
 * The sitemap's lists (docs/decisions/081-search-page-and-sitemap.md). Each kind is counted, and
 * listed a part at a time in the order of its ids, so that the parts of a sitemap index stay put
 * as the site grows (new pages join the last part). A part's rows are chosen first and only they
 * get their time of last change, which costs a look at their comments or opinions.
 */

type SitemapRow = { slug: string; modifiedAt: Date };

async function countRows(db: Db, query: RawBuilder<{ count: string | number }>) {
  const result = await query.execute(db);
  return Number(result.rows[0]?.count ?? 0);
}

/** Live opinions a visitor can find: listed (quiz items are not) and not removed. */
export async function countSitemapOpinions(db: Db): Promise<number> {
  return countRows(
    db,
    sql<{
      count: string | number;
    }>`select count(*) as count from opinions where listed and not deleted`,
  );
}

/**
 * A part of the listed, live opinions, each with when its page last changed in substance: its
 * title or state (updated_at), or a new live comment. Votes move every minute and are left out.
 */
export async function listSitemapOpinions(db: Db, offset: number, limit: number) {
  const result = await sql<SitemapRow>`
    select o.slug, greatest(o.updated_at, (
      select max(c.created_at) from comments c
      where c.opinion_id = o.id and not c.deleted and c.hidden_at is null
    )) as modified_at
    from (
      select id, slug, updated_at from opinions
      where listed and not deleted
      order by id
      limit ${limit} offset ${offset}
    ) o
    order by o.id
  `.execute(db);
  return result.rows;
}

export async function countSitemapTopics(db: Db): Promise<number> {
  return countRows(db, sql<{ count: string | number }>`select count(*) as count from topics`);
}

/** A part of the topics, each with when its page last changed: its creation or newest opinion. */
export async function listSitemapTopics(db: Db, offset: number, limit: number) {
  const result = await sql<SitemapRow>`
    select t.slug, greatest(t.created_at, (
      select max(o.created_at) from opinion_topics ot
      join opinions o on o.id = ot.opinion_id and o.listed and not o.deleted
      where ot.topic_id = t.id
    )) as modified_at
    from (select id, slug, created_at from topics order by id limit ${limit} offset ${offset}) t
    order by t.id
  `.execute(db);
  return result.rows;
}

export async function countSitemapQuestions(db: Db): Promise<number> {
  return countRows(db, sql<{ count: string | number }>`select count(*) as count from convos`);
}

/** A part of the questions, each with its last edit. */
export async function listSitemapQuestions(db: Db, offset: number, limit: number) {
  const result = await sql<SitemapRow>`
    select slug, updated_at as modified_at from convos
    order by id
    limit ${limit} offset ${offset}
  `.execute(db);
  return result.rows;
}

/**
 * Members whose profile shows something they chose to publish: a live, visible comment or a
 * listed, live opinion of theirs. Members who only vote, answer quizzes or read are not listed:
 * their votes are not public, and a profile with nothing on it is not worth a crawler's visit.
 */
const publicContributor = sql<boolean>`u.erased_at is null and (
  exists (
    select 1 from comments c
    where c.author_id = u.id and not c.deleted and c.hidden_at is null
  )
  or exists (
    select 1 from opinions o
    where o.author_id = u.id and o.listed and not o.deleted
  )
)`;

export async function countSitemapProfiles(db: Db): Promise<number> {
  return countRows(
    db,
    sql<{
      count: string | number;
    }>`select count(*) as count from users u where ${publicContributor}`,
  );
}

/** A part of those members, each with the time of their newest such comment or opinion. */
export async function listSitemapProfiles(db: Db, offset: number, limit: number) {
  const result = await sql<{ username: string; modifiedAt: Date | null }>`
    select u.username, greatest(
      (
        select max(c.created_at) from comments c
        where c.author_id = u.id and not c.deleted and c.hidden_at is null
      ),
      (
        select max(o.created_at) from opinions o
        where o.author_id = u.id and o.listed and not o.deleted
      )
    ) as modified_at
    from (
      select u.id, u.username from users u
      where ${publicContributor}
      order by u.id
      limit ${limit} offset ${offset}
    ) u
    order by u.id
  `.execute(db);
  return result.rows;
}
