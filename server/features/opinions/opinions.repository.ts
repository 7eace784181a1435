import { sql } from 'kysely';
import { inTransaction, type Db } from '../../db/database.ts';

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

export async function findOpinionIdBySlug(db: Db, slug: string) {
  return db.selectFrom('opinions').select('id').where('slug', '=', slug).executeTakeFirst();
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

export async function findOpinionById(db: Db, id: number) {
  return db
    .selectFrom('opinions')
    .select(['id', 'slug', 'title', 'authorId', 'deleted', 'listed', 'numVotes'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A vote as the endpoint receives it: the session it came with, the opinion and the rating. */
export type VoteInSession = { tokenHash: string; opinionId: number; rating: number };

/** What a cast vote changed: the opinion's counters after it and the rating it replaced. */
export type AppliedVote = { counts: number[]; previousRating: number | null };

/**
 * Casts votes, each in the session it came with, in one round trip and one transaction: the
 * database function cast_votes_in_sessions (server/db/functions/cast-votes-in-sessions.sql,
 * docs/decisions/014-voting.md and 023) finds each session's member, refreshes idle clocks last touched before `touchBefore`,
 * records the ratings and moves the opinions' counters and insight counts. Answers, per vote in order: null when its
 * session is dead (nothing was written); else its member and `applied`, null when the opinion does
 * not exist or is deleted, otherwise the counters after the batch and the rating it replaced (null
 * for a first vote). A first vote that brings its member's count to one of `milestoneThresholds`
 * queues a milestone check in the same transaction. A (session, opinion) pair may appear once.
 */
export async function applyVotesInSessions(
  db: Db,
  votes: readonly VoteInSession[],
  options: {
    milestoneThresholds: readonly number[];
    idleCutoff: Date;
    touchBefore: Date;
    /** How long after the batch its opinions' tidbit refreshes are due (decision 075). */
    insightsSettleMs: number;
  },
): Promise<Array<{ userId: number; applied: AppliedVote | null } | null>> {
  const result = await sql<{
    voteIndex: number;
    voteUserId: number;
    voteCounts: number[] | null;
    votePrevious: number | null;
  }>`
    select vote_index, vote_user_id, vote_counts, vote_previous from cast_votes_in_sessions(
      ${votes.map((vote) => vote.tokenHash)}::text[],
      ${votes.map((vote) => vote.opinionId)}::integer[],
      ${votes.map((vote) => vote.rating)}::integer[],
      ${[...options.milestoneThresholds]}::integer[],
      ${options.idleCutoff},
      ${options.touchBefore},
      ${options.insightsSettleMs}::integer
    )
  `.execute(db);
  const answers: Array<{ userId: number; applied: AppliedVote | null } | null> = votes.map(
    () => null,
  );
  for (const row of result.rows) {
    answers[row.voteIndex - 1] = {
      userId: row.voteUserId,
      applied: row.voteCounts ? { counts: row.voteCounts, previousRating: row.votePrevious } : null,
    };
  }
  return answers;
}

export async function isSlugTaken(db: Db, slug: string): Promise<boolean> {
  const row = await db
    .selectFrom('opinions')
    .select('id')
    .where('slug', '=', slug)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertOpinion(
  trx: Db,
  values: { slug: string; title: string; authorId: number; topicIds: readonly number[] },
) {
  const row = await trx
    .insertInto('opinions')
    .values({ slug: values.slug, title: values.title, authorId: values.authorId, tidbit: null })
    .returning(['id', 'slug'])
    .executeTakeFirstOrThrow();
  await replaceOpinionTopics(trx, row.id, values.topicIds);
  return row;
}

export async function updateOpinionTitle(trx: Db, id: number, title: string) {
  await trx
    .updateTable('opinions')
    .set({ title, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function replaceOpinionTopics(
  trx: Db,
  opinionId: number,
  topicIds: readonly number[],
) {
  await trx.deleteFrom('opinionTopics').where('opinionId', '=', opinionId).execute();
  if (topicIds.length === 0) return;
  await trx
    .insertInto('opinionTopics')
    .values(topicIds.map((topicId) => ({ opinionId, topicId })))
    .execute();
}

export async function setOpinionDeleted(db: Db, id: number, deleted: boolean) {
  await db
    .updateTable('opinions')
    .set({ deleted, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Votes on the opinion by anyone but `userId`. */
export async function countVotesByOthers(db: Db, opinionId: number, userId: number) {
  const row = await db
    .selectFrom('votes')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('opinionId', '=', opinionId)
    .where('userId', '!=', userId)
    .executeTakeFirstOrThrow();
  return row.count;
}

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

/** Each member's number of votes on listed opinions, counted from the raw votes. */
const rawMemberVoteCounts = sql`
  select v.user_id, count(*)::int as votes
  from votes v join opinions o on o.id = v.opinion_id
  where o.listed
  group by v.user_id
`;

/** Each opinion's votes by the UTC day of their updated_at, counted from the raw votes. */
const rawVoteDays = sql`
  select opinion_id, (updated_at at time zone 'UTC')::date as day, count(*)::int as votes
  from votes group by 1, 2
`;

/** Opinions whose votes by day (opinion_vote_days) disagree with their raw votes, by day. */
export async function findVoteDayDrift(db: Db) {
  const result = await sql<{
    id: number;
    slug: string;
    day: string;
    stored: number;
    actual: number;
  }>`
    select o.id, o.slug, coalesce(d.day, raw.day)::text as day,
      coalesce(d.votes, 0) as stored, coalesce(raw.votes, 0) as actual
    from opinion_vote_days d
    full join (${rawVoteDays}) raw on raw.opinion_id = d.opinion_id and raw.day = d.day
    join opinions o on o.id = coalesce(d.opinion_id, raw.opinion_id)
    where coalesce(d.votes, 0) <> coalesce(raw.votes, 0)
    order by o.id, 3
  `.execute(db);
  return result.rows;
}

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

/**
 * Rebuilds every opinion's derived counters (with its votes by day), and members' counts of listed
 * votes, from the raw rows: in one transaction, so that no reader sees the days emptied and a
 * rebuild that fails leaves the counters as they were.
 */
export async function rebuildCounters(db: Db) {
  await inTransaction(db, async (trx) => {
    await sql`
      update opinions o set
        votes1 = raw.votes[1], votes2 = raw.votes[2], votes3 = raw.votes[3],
        votes4 = raw.votes[4], votes5 = raw.votes[5], num_comments = raw.comments
      from (${rawCounts}) raw
      where o.id = raw.opinion_id
    `.execute(trx);
    await sql`
      insert into member_vote_counts (user_id, listed_votes)
      select u.id, coalesce(raw.votes, 0) from users u left join (${rawMemberVoteCounts}) raw
        on raw.user_id = u.id
      on conflict (user_id) do update set listed_votes = excluded.listed_votes
    `.execute(trx);
    await sql`delete from opinion_vote_days`.execute(trx);
    await sql`
      insert into opinion_vote_days (opinion_id, day, votes) select * from (${rawVoteDays}) raw
    `.execute(trx);
    // The arguments' good points by side and credits (server/db/functions/argument-tallies.sql,
    // argument-persuasion.sql).
    await sql`select rebuild_argument_tallies()`.execute(trx);
    await sql`select rebuild_argument_persuaded()`.execute(trx);
  });
}

/** Members whose count of listed votes (member_vote_counts) disagrees with their raw votes. */
export async function findMemberVoteCountDrift(db: Db) {
  const result = await sql<{ username: string; stored: number; actual: number }>`
    select u.username, coalesce(m.listed_votes, 0) as stored, coalesce(raw.votes, 0) as actual
    from users u
    left join member_vote_counts m on m.user_id = u.id
    left join (${rawMemberVoteCounts}) raw on raw.user_id = u.id
    where coalesce(m.listed_votes, 0) <> coalesce(raw.votes, 0)
    order by u.id
  `.execute(db);
  return result.rows;
}

/** A live opinion with the same title, compared without regard to case. */
export async function findLiveOpinionByTitle(db: Db, title: string) {
  return db
    .selectFrom('opinions')
    .select(['id', 'slug'])
    .where(sql`lower(title)`, '=', title.toLowerCase())
    .where('deleted', '=', false)
    .where('listed', '=', true)
    .executeTakeFirst();
}

/**
 * The listed, live opinions with the most votes, most first (ties: the older first): the top
 * bands of votes read along the index `opinions_by_vote_band`, only their rows sorted by votes
 * (docs/decisions/084-what-a-vote-costs.md).
 */
export async function listMostVotedOpinions(db: Db, limit: number) {
  return db
    .selectFrom('opinions')
    .select([
      'id',
      'slug',
      'title',
      'numComments',
      'votes1',
      'votes2',
      'votes3',
      'votes4',
      'votes5',
      sql<number>`num_votes`.as('numVotes'),
    ])
    .where('listed', '=', true)
    .where('deleted', '=', false)
    .orderBy(sql`vote_band desc`)
    .orderBy(sql`num_votes desc`)
    .orderBy('id')
    .limit(limit)
    .execute();
}
