import { sql, type Kysely } from 'kysely';
import { castVotesInSessionsFunction } from './20261121T2100-cast-votes-in-batches.ts';
import { castVotesWithMemberCounts } from './20261121T2300-count-members-listed-votes.ts';
import { runStatements } from '../statements.ts';

// A vote batch's fixed cost, measured statement by statement on the embedded database
// (docs/decisions/023-performance-machinery.md#vote-batches), was mostly work no batch needed:
//
// - Finding the batch's sessions read every live session. Under the generic plan (20261121T2200)
//   the planner cannot see how many token hashes a batch holds, and it chose a hash join over all
//   live sessions, read through the expiry index: 0.4 ms of a 1 ms one-vote batch with 2,000
//   members logged in, and growing with them. Naming the hashes in the WHERE clause
//   (token_hash = any(...)) lets the plan look each one up in the primary key.
// - The idle clocks were refreshed by an UPDATE on every batch, though a session's clock is due
//   at most once an hour; a statement-level trigger fires on every UPDATE statement, even one that
//   changes no row, so each batch also ran the sessions' change-note trigger. Now the look-up
//   names the sessions that are due and the UPDATE runs only when there are some.
// - The votes' change-note triggers ran twice per batch (INSERT … ON CONFLICT DO UPDATE fires both
//   the insert and the update statement triggers). The batch now writes its voters' notes itself
//   and marks its transaction (stance.votes_noted) around that statement so that the triggers
//   stand aside; every other write to votes is still noted by them.
// - cast_votes_in_sessions called cast_votes inside a query, rebuilding the batch's arrays for it,
//   and each step was a statement of its own (each pays the executor's start-up). It is one
//   function of two statements now: the live sessions together with the opinions' locks, then the
//   votes together with everything they move (their notes, the member counters and milestone
//   checks of first votes, the opinions' counters), as data-modifying WITH queries fed by the
//   upsert's RETURNING. cast_votes had no other caller and is dropped.
//
// Behaviour is unchanged: one row per vote whose session is live, null counters for a missing or
// deleted opinion, opinions locked in id order before any vote is written, a milestone check
// queued when a first vote reaches a vote award.
export const castVotesInSessions = `
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
      -- checks of first votes, and the opinions' counters.
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

/** The votes' change-note triggers, standing aside (or not) while a vote batch notes its own. */
const votesNoteTriggers = (condition: string) => `
    drop trigger votes_inserted_noted on votes;
    drop trigger votes_updated_noted on votes;
    create trigger votes_inserted_noted after insert on votes
      referencing new table as changed_rows for each statement ${condition}
      execute function note_member_changes('votes');
    create trigger votes_updated_noted after update on votes
      referencing new table as changed_rows for each statement ${condition}
      execute function note_member_changes('votes');
  `;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    votesNoteTriggers("when (current_setting('stance.votes_noted', true) is distinct from 'on')"),
  );
  await sql.raw(castVotesInSessions).execute(db);
  await sql.raw('drop function cast_votes(integer[], integer[], integer[], integer[])').execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The pair this function replaced: cast_votes, and cast_votes_in_sessions calling it, with
  // 20261121T2200's plan mode.
  await sql
    .raw(
      'drop function cast_votes_in_sessions(text[], integer[], integer[], integer[], timestamptz, timestamptz)',
    )
    .execute(db);
  await sql.raw(castVotesWithMemberCounts).execute(db);
  await sql.raw(castVotesInSessionsFunction).execute(db);
  await sql
    .raw(
      'alter function cast_votes_in_sessions(text[], integer[], integer[], integer[], timestamptz, timestamptz) set plan_cache_mode = force_generic_plan',
    )
    .execute(db);
  await runStatements(db, votesNoteTriggers(''));
}
