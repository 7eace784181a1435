import { sql, type Kysely } from 'kysely';
import { castVoteFunction } from './20261121T1700-create-search-indexes.ts';

// cast_votes records a batch of votes in one round trip and one transaction, with a handful of
// set-based statements however large the batch (docs/decisions/014-voting.md and
// 023-batched-database-work.md): the members' votes rows upserted, each keeping the rating it
// replaced in previous_rating, then every opinion's counters moved by the sum of its differences.
// One commit covers the batch, so a busy server pays one commit for many votes, and a vote is
// acknowledged only after it. A (member, opinion) pair may appear once per call.
//
// Each vote answers the counters of its opinion after the whole batch: what the opinion stands at
// once the vote is counted.
//
// Locks, always in this order, so that concurrent batches (other processes, or this one's next
// batch) queue instead of deadlocking: the opinions' rows in id order; then, in user id order, a
// transaction-level advisory lock per voter (class 6001), which only cast_votes takes. A votes
// row is only written while its opinion's row is held.
//
// cast_votes_in_sessions is the vote endpoint's whole round trip: it finds the member behind each
// vote's session token hash (live: not expired, not idle since p_idle_cutoff), refreshes the idle
// clock of sessions last seen before p_touch_before, and casts the votes of live sessions through
// cast_votes. It answers one row per live session's vote; a vote whose session is dead gets none,
// and one whose opinion is missing or deleted gets null counters.
//
// Milestones: a vote award counts a member's votes on listed opinions (quiz answers are not
// public activity). Holding the voter's advisory lock, the count after the upsert sees every
// earlier vote of the member committed and no other in flight, so the batch knows exactly which
// counts its new votes passed through; when one is a threshold (p_thresholds, from
// contract/milestones.ts) it queues a check-milestones job in the same transaction.
/**
 * The batch function; 20261121T2300 replaces it (member vote counts), and its down() restores this.
 * One statement with semicolons inside: runStatements would split it.
 */
export const castVotesFunction = `
    create function cast_votes(
      p_user_ids integer[], p_opinion_ids integer[], p_ratings integer[], p_thresholds integer[]
    )
    returns table (vote_index integer, vote_counts integer[], vote_previous integer)
    language plpgsql as $$
    declare
      v_count_cap integer := coalesce((select max(t) from unnest(p_thresholds) t), 0) + 1;
      v_user_ids integer[];
      v_opinion_ids integer[];
      v_ratings integer[];
      v_previous integer[];
    begin
      perform 1 from opinions o where o.id = any(p_opinion_ids) order by o.id for update;
      perform pg_advisory_xact_lock(6001, voter.id)
      from (select distinct unnest(p_user_ids) as id order by 1) voter;

      with upserted as (
        insert into votes as v (user_id, opinion_id, rating)
        select i.user_id, i.opinion_id, i.rating
        from unnest(p_user_ids, p_opinion_ids, p_ratings) as i (user_id, opinion_id, rating)
        where exists (select 1 from opinions o where o.id = i.opinion_id and not o.deleted)
        on conflict (user_id, opinion_id) do update set
          rating = excluded.rating,
          previous_rating = v.rating,
          updated_at = case when v.rating = excluded.rating then v.updated_at else now() end
        returning v.user_id, v.opinion_id, v.rating, v.previous_rating
      )
      select array_agg(u.user_id), array_agg(u.opinion_id), array_agg(u.rating),
        array_agg(u.previous_rating)
      into v_user_ids, v_opinion_ids, v_ratings, v_previous
      from upserted u;
      if v_user_ids is null then
        return;
      end if;

      insert into jobs (kind, payload, dedupe_key)
      select 'check-milestones', jsonb_build_object('userId', added.user_id),
        'check-milestones:' || added.user_id
      from (
        select a.user_id, count(*) as votes
        from unnest(v_user_ids, v_opinion_ids, v_previous) as a (user_id, opinion_id, previous)
        join opinions o on o.id = a.opinion_id and o.listed
        where a.previous is null
        group by a.user_id
      ) added
      cross join lateral (
        select count(*) as votes from (
          select 1 from votes v join opinions o on o.id = v.opinion_id
          where v.user_id = added.user_id and o.listed
          limit v_count_cap
        ) mine
      ) total
      where exists (
        select 1 from unnest(p_thresholds) t where t > total.votes - added.votes and t <= total.votes
      )
      order by added.user_id
      on conflict (dedupe_key) where done_at is null and attempts = 0 do nothing;

      return query
      with moved as (
        update opinions o set
          votes1 = o.votes1 + d.d1,
          votes2 = o.votes2 + d.d2,
          votes3 = o.votes3 + d.d3,
          votes4 = o.votes4 + d.d4,
          votes5 = o.votes5 + d.d5
        from (
          select a.opinion_id,
            sum((a.rating = 1)::int - coalesce((a.previous = 1)::int, 0)) as d1,
            sum((a.rating = 2)::int - coalesce((a.previous = 2)::int, 0)) as d2,
            sum((a.rating = 3)::int - coalesce((a.previous = 3)::int, 0)) as d3,
            sum((a.rating = 4)::int - coalesce((a.previous = 4)::int, 0)) as d4,
            sum((a.rating = 5)::int - coalesce((a.previous = 5)::int, 0)) as d5
          from unnest(v_opinion_ids, v_ratings, v_previous) as a (opinion_id, rating, previous)
          group by a.opinion_id
        ) d
        where o.id = d.opinion_id
        returning o.id, array[o.votes1, o.votes2, o.votes3, o.votes4, o.votes5] as counts
      )
      select i.position::integer, m.counts, a.previous
      from unnest(p_user_ids, p_opinion_ids) with ordinality as i (user_id, opinion_id, position)
      join unnest(v_user_ids, v_opinion_ids, v_previous) as a (user_id, opinion_id, previous)
        on a.user_id = i.user_id and a.opinion_id = i.opinion_id
      join moved m on m.id = i.opinion_id;
    end
    $$
  `;

/** The endpoint's function; 20261121T2500 replaces it, and its down() restores this. */
export const castVotesInSessionsFunction = `
    create function cast_votes_in_sessions(
      p_token_hashes text[], p_opinion_ids integer[], p_ratings integer[], p_thresholds integer[],
      p_idle_cutoff timestamptz, p_touch_before timestamptz
    )
    returns table (
      vote_index integer, vote_user_id integer, vote_counts integer[], vote_previous integer
    )
    language plpgsql as $$
    begin
      update sessions s set last_seen_at = now()
      where s.token_hash = any(p_token_hashes) and s.expires_at > now()
        and s.last_seen_at > p_idle_cutoff and s.last_seen_at < p_touch_before;
      return query
      with live as (
        select i.position::integer as position, s.user_id
        from unnest(p_token_hashes) with ordinality as i (token_hash, position)
        join sessions s on s.token_hash = i.token_hash
        where s.expires_at > now() and s.last_seen_at > p_idle_cutoff
      ),
      batch as (
        select array_agg(l.position order by l.position) as positions,
          array_agg(l.user_id order by l.position) as user_ids
        from live l
      ),
      applied as (
        select b.positions[c.vote_index] as position, c.vote_counts, c.vote_previous
        from batch b,
          cast_votes(
            b.user_ids,
            array(select p_opinion_ids[p] from unnest(b.positions) as p),
            array(select p_ratings[p] from unnest(b.positions) as p),
            p_thresholds
          ) c
        where b.user_ids is not null
      )
      select l.position, l.user_id, c.vote_counts, c.vote_previous
      from live l left join applied c on c.position = l.position;
    end
    $$
  `;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(castVotesFunction).execute(db);
  await sql.raw(castVotesInSessionsFunction).execute(db);
  await sql.raw('drop function cast_vote(integer, integer, integer)').execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(castVoteFunction).execute(db);
  await sql
    .raw(
      'drop function cast_votes_in_sessions(text[], integer[], integer[], integer[], timestamptz, timestamptz)',
    )
    .execute(db);
  await sql.raw('drop function cast_votes(integer[], integer[], integer[], integer[])').execute(db);
}
