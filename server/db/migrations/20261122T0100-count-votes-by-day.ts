import { sql, type Kysely } from 'kysely';
import { runStatements } from '../statements.ts';
import { castVotesInSessions as castVotesWithoutDays } from './20261121T2500-cast-votes-in-one-function.ts';

// opinion_vote_days: each opinion's votes by the UTC day they were last cast or changed on (their
// updated_at), a derived counter like votes1..votes5 (rebuilt by rebuild-counters, checked by
// verify-counts). The feed ranking and the trending card counted every vote of the last 7 days
// each time they were computed, every READ_CACHE_MS in every process: 40-57 ms on the embedded
// database with the benchmark's votes, on the server's only thread, and growing with the votes.
// Summed from the days they cost one row per opinion and day.
//
// A vote batch moves its votes itself, in the statement that writes them: a new vote adds one to
// today, a changed rating moves the vote from its old day to today (a rating sent again unchanged
// keeps its updated_at, so it stays). Every other write to votes (the demo seed, quiz seeds,
// tests, deletes by cascade) is moved by statement triggers, which stand aside for vote batches
// like the change-note triggers (stance.votes_noted, migration 20261121T2500). Decreases only
// ever update a day's row, so a delete never inserts one for an opinion being deleted.
const castVotesInSessions = `
    create or replace function cast_votes_in_sessions(
      p_token_hashes text[], p_opinion_ids integer[], p_ratings integer[], p_thresholds integer[],
      p_idle_cutoff timestamptz, p_touch_before timestamptz
    )
    returns table (
      vote_index integer, vote_user_id integer, vote_counts integer[], vote_previous integer
    )
    language plpgsql set plan_cache_mode = force_generic_plan as $$
    declare
      v_positions integer[];
      v_voters integer[];
      v_due_sessions text[];
      v_live_opinions integer[];
    begin
      -- The batch's live sessions, and its opinions locked in id order before any vote is written.
      with live as (
        select i.position::integer as position, s.user_id, s.token_hash,
          s.last_seen_at < p_touch_before as is_due
        from unnest(p_token_hashes) with ordinality as i (token_hash, position)
        join sessions s on s.token_hash = i.token_hash
        where s.token_hash = any(p_token_hashes) and s.expires_at > now()
          and s.last_seen_at > p_idle_cutoff
      ),
      locked as (
        select o.id from opinions o where o.id = any(p_opinion_ids) and not o.deleted
        order by o.id for update
      )
      select
        (select array_agg(l.position order by l.position) from live l),
        (select array_agg(l.user_id order by l.position) from live l),
        (select array_agg(l.token_hash) filter (where l.is_due) from live l),
        (select array_agg(k.id) from locked k)
      into v_positions, v_voters, v_due_sessions, v_live_opinions;
      if v_positions is null then
        return;
      end if;
      if v_due_sessions is not null then
        update sessions s set last_seen_at = now() where s.token_hash = any(v_due_sessions);
      end if;

      -- One statement: the votes, their voters' change notes, the member counters and milestone
      -- checks of first votes, the opinions' counters and their votes by day.
      perform set_config('stance.votes_noted', 'on', true);
      return query
      with upserted as (
        insert into votes as v (user_id, opinion_id, rating)
        select b.user_id, p_opinion_ids[b.position], p_ratings[b.position]
        from unnest(v_positions, v_voters) as b (position, user_id)
        where p_opinion_ids[b.position] = any(v_live_opinions)
        on conflict (user_id, opinion_id) do update set
          rating = excluded.rating,
          previous_rating = v.rating,
          updated_at = case when v.rating = excluded.rating then v.updated_at else now() end
        returning v.user_id, v.opinion_id, v.rating, v.previous_rating
      ),
      noted as (
        insert into member_changes (user_id, reason)
        select distinct u.user_id, 'votes' from upserted u
      ),
      added as (
        select u.user_id, count(*)::integer as votes
        from upserted u join opinions o on o.id = u.opinion_id and o.listed
        where u.previous_rating is null
        group by u.user_id
      ),
      counted as (
        insert into member_vote_counts as m (user_id, listed_votes)
        select added.user_id, added.votes from added order by added.user_id
        on conflict (user_id) do update set listed_votes = m.listed_votes + excluded.listed_votes
        returning m.user_id, m.listed_votes
      ),
      queued as (
        insert into jobs (kind, payload, dedupe_key)
        select 'check-milestones', jsonb_build_object('userId', c.user_id),
          'check-milestones:' || c.user_id
        from counted c join added on added.user_id = c.user_id
        where exists (
          select 1 from unnest(p_thresholds) t
          where t > c.listed_votes - added.votes and t <= c.listed_votes
        )
        order by c.user_id
        on conflict (dedupe_key) where done_at is null and attempts = 0 do nothing
      ),
      before as (
        -- The batch's votes as they were: every part of one statement reads the same snapshot.
        select v.user_id, v.opinion_id, v.updated_at
        from unnest(v_positions, v_voters) as b (position, user_id)
        join votes v on v.user_id = b.user_id and v.opinion_id = p_opinion_ids[b.position]
      ),
      day_moves as (
        select u.opinion_id, (now() at time zone 'UTC')::date as day, 1 as delta
        from upserted u
        where u.previous_rating is null or u.previous_rating <> u.rating
        union all
        select u.opinion_id, (p.updated_at at time zone 'UTC')::date, -1
        from upserted u join before p on p.user_id = u.user_id and p.opinion_id = u.opinion_id
        where u.previous_rating <> u.rating
      ),
      dated as (
        insert into opinion_vote_days as d (opinion_id, day, votes)
        select m.opinion_id, m.day, sum(m.delta)::integer from day_moves m
        group by m.opinion_id, m.day
        order by m.opinion_id, m.day
        on conflict (opinion_id, day) do update set votes = d.votes + excluded.votes
      ),
      moved as (
        update opinions o set
          votes1 = o.votes1 + d.d1,
          votes2 = o.votes2 + d.d2,
          votes3 = o.votes3 + d.d3,
          votes4 = o.votes4 + d.d4,
          votes5 = o.votes5 + d.d5
        from (
          select u.opinion_id,
            sum((u.rating = 1)::int - coalesce((u.previous_rating = 1)::int, 0)) as d1,
            sum((u.rating = 2)::int - coalesce((u.previous_rating = 2)::int, 0)) as d2,
            sum((u.rating = 3)::int - coalesce((u.previous_rating = 3)::int, 0)) as d3,
            sum((u.rating = 4)::int - coalesce((u.previous_rating = 4)::int, 0)) as d4,
            sum((u.rating = 5)::int - coalesce((u.previous_rating = 5)::int, 0)) as d5
          from upserted u
          group by u.opinion_id
        ) d
        where o.id = d.opinion_id
        returning o.id, array[o.votes1, o.votes2, o.votes3, o.votes4, o.votes5] as counts
      )
      select b.position, b.user_id, m.counts, u.previous_rating::integer
      from unnest(v_positions, v_voters) as b (position, user_id)
      left join upserted u on u.user_id = b.user_id and u.opinion_id = p_opinion_ids[b.position]
      left join moved m on m.id = u.opinion_id;
      perform set_config('stance.votes_noted', '', true);
    end
    $$
  `;

const createDays = `
    create table opinion_vote_days (
      opinion_id integer not null references opinions (id) on delete cascade,
      day date not null,
      votes integer not null,
      primary key (opinion_id, day)
    );

    create index opinion_vote_days_day on opinion_vote_days (day);

    insert into opinion_vote_days (opinion_id, day, votes)
    select opinion_id, (updated_at at time zone 'UTC')::date, count(*)::integer
    from votes group by 1, 2;
  `;

/** Moves the votes of a write to votes that is not a vote batch between their days. */
const moveVoteDays = `
    create function move_vote_days() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into opinion_vote_days as d (opinion_id, day, votes)
        select n.opinion_id, (n.updated_at at time zone 'UTC')::date, count(*)::integer
        from new_rows n group by 1, 2 order by 1, 2
        on conflict (opinion_id, day) do update set votes = d.votes + excluded.votes;
      elsif tg_op = 'DELETE' then
        update opinion_vote_days d set votes = d.votes - gone.votes
        from (
          select o.opinion_id, (o.updated_at at time zone 'UTC')::date as day, count(*)::integer as votes
          from old_rows o group by 1, 2
        ) gone
        where d.opinion_id = gone.opinion_id and d.day = gone.day;
      else
        with moves as (
          select n.opinion_id, (n.updated_at at time zone 'UTC')::date as day, 1 as delta from new_rows n
          union all
          select o.opinion_id, (o.updated_at at time zone 'UTC')::date, -1 from old_rows o
        ),
        net as (
          select m.opinion_id, m.day, sum(m.delta)::integer as votes from moves m
          group by 1, 2 having sum(m.delta) <> 0
        ),
        lowered as (
          update opinion_vote_days d set votes = d.votes + net.votes from net
          where net.votes < 0 and d.opinion_id = net.opinion_id and d.day = net.day
        )
        insert into opinion_vote_days as d (opinion_id, day, votes)
        select net.opinion_id, net.day, net.votes from net where net.votes > 0 order by 1, 2
        on conflict (opinion_id, day) do update set votes = d.votes + excluded.votes;
      end if;
      return null;
    end $$
  `;

const clearVoteDays = `
    create function clear_vote_days() returns trigger language plpgsql as $$
    begin
      delete from opinion_vote_days;
      return null;
    end $$
  `;

const dayTriggers = `
    create trigger votes_inserted_dated after insert on votes
      referencing new table as new_rows for each statement
      when (current_setting('stance.votes_noted', true) is distinct from 'on')
      execute function move_vote_days();
    create trigger votes_updated_dated after update on votes
      referencing old table as old_rows new table as new_rows for each statement
      when (current_setting('stance.votes_noted', true) is distinct from 'on')
      execute function move_vote_days();
    create trigger votes_deleted_dated after delete on votes
      referencing old table as old_rows for each statement execute function move_vote_days();
    create trigger votes_truncated_dated after truncate on votes
      for each statement execute function clear_vote_days();
  `;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, createDays);
  await sql.raw(moveVoteDays).execute(db);
  await sql.raw(clearVoteDays).execute(db);
  await runStatements(db, dayTriggers);
  await sql.raw(castVotesInSessions).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(castVotesWithoutDays).execute(db);
  await runStatements(
    db,
    `
    drop trigger votes_inserted_dated on votes;
    drop trigger votes_updated_dated on votes;
    drop trigger votes_deleted_dated on votes;
    drop trigger votes_truncated_dated on votes;
    drop function move_vote_days();
    drop function clear_vote_days();
    drop table opinion_vote_days;
  `,
  );
}
