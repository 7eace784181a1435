import { sql, type Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

// Search ranks by full-text match and trigram similarity (docs/decisions/016-search.md); both need
// their own GIN indexes to stay fast as the tables grow. pg_trgm is a trusted extension
// (PostgreSQL ≥ 13) and PGlite loads it in server/db/database.ts. Topic titles become unique
// without regard to case so that two members creating the same topic at once get one topic.
// Votes: cast_vote records a member's rating and moves the opinion's derived counters by the
// difference in one round trip and one transaction (docs/decisions/014-voting.md). The upsert
// keeps the rating it replaced in votes.previous_rating: ON CONFLICT DO UPDATE reads the newest
// committed row even when another request of the same member inserted it a moment before, so the
// counters move from the right rating. The counters change in a second statement, which in a
// plpgsql function reads a fresh snapshot: a single statement joining the upsert's CTE to the
// UPDATE was measured to read the opinion's counters from before a concurrent vote committed.
// A vote commits synchronously: an acknowledged vote survives a crash of the database server
// (asynchronous commit was measured faster on a hot opinion, but loses acknowledged votes).
/** The single-vote function; replaced by cast_votes in 20261121T2100, whose down() restores it. */
export const castVoteFunction = `
    create function cast_vote(p_user_id integer, p_opinion_id integer, p_rating integer)
    returns table (counts integer[], previous integer)
    language plpgsql as $$
    declare
      v_previous integer;
    begin
      insert into votes as v (user_id, opinion_id, rating)
      select p_user_id, p_opinion_id, p_rating
      where exists (select 1 from opinions o where o.id = p_opinion_id and not o.deleted)
      on conflict (user_id, opinion_id) do update set
        rating = excluded.rating,
        previous_rating = v.rating,
        updated_at = case when v.rating = excluded.rating then v.updated_at else now() end
      returning v.previous_rating into v_previous;
      if not found then
        return;
      end if;
      return query
      update opinions o set
        votes1 = o.votes1 + (p_rating = 1)::int - coalesce((v_previous = 1)::int, 0),
        votes2 = o.votes2 + (p_rating = 2)::int - coalesce((v_previous = 2)::int, 0),
        votes3 = o.votes3 + (p_rating = 3)::int - coalesce((v_previous = 3)::int, 0),
        votes4 = o.votes4 + (p_rating = 4)::int - coalesce((v_previous = 4)::int, 0),
        votes5 = o.votes5 + (p_rating = 5)::int - coalesce((v_previous = 5)::int, 0)
      where o.id = p_opinion_id
      returning array[o.votes1, o.votes2, o.votes3, o.votes4, o.votes5], v_previous;
    end
    $$
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create extension if not exists pg_trgm;

    alter table votes add column previous_rating smallint
      check (previous_rating between 1 and 5);

    create index opinions_title_fts on opinions using gin (to_tsvector('english', title));
    create index opinions_title_trgm on opinions using gin (title gin_trgm_ops);
    create index topics_title_fts on topics using gin (to_tsvector('english', title));
    create index topics_title_trgm on topics using gin (title gin_trgm_ops);
    create unique index topics_title_lower on topics (lower(title));
    create index users_username_trgm on users using gin (username gin_trgm_ops);
    create index users_full_name_trgm on users using gin (full_name gin_trgm_ops);

    create index topic_follows_topic on topic_follows (topic_id, user_id);
  `,
  );
  // One statement with semicolons inside: runStatements would split it.
  await sql.raw(castVoteFunction).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    drop function cast_vote(integer, integer, integer);
    drop index topic_follows_topic;
    drop index users_full_name_trgm;
    drop index users_username_trgm;
    drop index topics_title_lower;
    drop index topics_title_trgm;
    drop index topics_title_fts;
    drop index opinions_title_trgm;
    drop index opinions_title_fts;
    alter table votes drop column previous_rating;
  `,
  );
}
