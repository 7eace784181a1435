import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * The votes by day (opinion_vote_days) of the last 7 UTC days up to `now`'s, today included, as
 * a joinable subquery of (opinion_id, recent_votes): one row per opinion and day to sum, however
 * many votes they hold (docs/decisions/023-performance-machinery.md#vote-batches).
 */
function recentVotesByOpinion(now: Date) {
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const firstDay = day(new Date(now.getTime() - 6 * 86_400_000));
  return sql`
    select opinion_id, sum(votes)::int as recent_votes from opinion_vote_days
    where day between ${firstDay}::date and ${day(now)}::date
    group by opinion_id
  `;
}

/**
 * What the feed score of every listed, live opinion (of one topic, when given) is computed from,
 * at reference time `now` (docs/decisions/004-feed-ranking.md): its votes cast or changed in the
 * last 7 UTC days up to `now`'s, all its votes, its age and its topics. Opinions created after
 * `now` are left out, so a page computed later for the same `now` ranks the same opinions.
 */
export async function listScoringInputs(db: Db, options: { now: Date; topicId?: number }) {
  const result = await sql<{
    id: number;
    authorId: number | null;
    recentVotes: number;
    numVotes: number;
    createdAt: Date;
    topicIds: number[];
  }>`
    select o.id, o.author_id, coalesce(recent.recent_votes, 0) as recent_votes, o.num_votes,
      o.created_at,
      array(select ot.topic_id from opinion_topics ot where ot.opinion_id = o.id) as topic_ids
    from opinions o
    left join (${recentVotesByOpinion(options.now)}) recent on recent.opinion_id = o.id
    where o.listed and not o.deleted and o.created_at <= ${options.now}
      ${
        options.topicId === undefined
          ? sql``
          : sql`and exists (
              select 1 from opinion_topics t where t.opinion_id = o.id and t.topic_id = ${options.topicId}
            )`
      }
  `.execute(db);
  return result.rows;
}

export type FeedViewerContext = {
  votedIds: number[];
  followedTopicIds: number[];
  recentIds: number[];
};

/**
 * What members' feeds need to know about them, for several feed requests in one round trip (the
 * requests of concurrent members travel together: docs/decisions/023-performance-machinery.md#batching): every opinion each member
 * voted on, the topics they follow, and their own live opinions created after their `since`
 * (newest first, at most `recentLimit`). Answers one context per request, in order.
 */
export async function findFeedViewerContexts(
  db: Db,
  requests: ReadonlyArray<{ userId: number; since: Date }>,
  recentLimit: number,
): Promise<FeedViewerContext[]> {
  const result = await sql<FeedViewerContext & { position: number }>`
    select
      wanted.position,
      array(select opinion_id from votes where user_id = wanted.user_id) as voted_ids,
      array(
        select topic_id from topic_follows where user_id = wanted.user_id
      ) as followed_topic_ids,
      array(
        select id from opinions
        where author_id = wanted.user_id and listed and not deleted and created_at > wanted.since
        order by created_at desc
        limit ${recentLimit}
      ) as recent_ids
    from unnest(
      ${requests.map((request) => request.userId)}::integer[],
      ${requests.map((request) => request.since.toISOString())}::timestamptz[]
    ) with ordinality as wanted (user_id, since, position)
  `.execute(db);
  const contexts: FeedViewerContext[] = requests.map(() => ({
    votedIds: [],
    followedTopicIds: [],
    recentIds: [],
  }));
  for (const { position, ...context } of result.rows) contexts[Number(position) - 1] = context;
  return contexts;
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

/** Listed opinions with the most votes cast or changed in the last 7 UTC days up to `now`'s. */
export async function listTrendingOpinions(db: Db, now: Date, limit: number) {
  const result = await sql<{ slug: string; title: string; recentVotes: number }>`
    select o.slug, o.title, recent.recent_votes
    from (${recentVotesByOpinion(now)}) recent
    join opinions o on o.id = recent.opinion_id
    where o.listed and not o.deleted and recent.recent_votes > 0
    order by recent.recent_votes desc, o.id desc
    limit ${limit}
  `.execute(db);
  return result.rows;
}
