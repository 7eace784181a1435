-- The vote rule: cast_votes_in_sessions, the vote endpoint's whole round trip
-- (docs/decisions/014-voting.md, 023-batched-database-work.md, 026-vote-batches-and-shared-member-pages.md).
--
-- The votes that arrive while a batch is being written travel together in the next call. One
-- call is one transaction:
--
-- 1. Sessions. Each vote comes with its session's token hash. A session is live while it has not
--    expired and was seen after p_idle_cutoff; a vote whose session is dead gets no row back and
--    writes nothing. A live session last seen before p_touch_before has its idle clock written
--    (at most about once an hour, so the UPDATE and its change-note trigger rarely run).
-- 2. Locks. The batch's opinions are locked in id order before any vote is written, so that
--    concurrent batches queue instead of deadlocking; a missing or deleted opinion takes no vote
--    and its vote gets null counters. FOR NO KEY UPDATE, the lock the counters' update takes
--    anyway: it still queues batches and recounts of the same opinion (insights.repository.ts),
--    but not the key-share checks of rows that reference the opinion (a rebuild of the insight
--    counts inserting while this batch waits for it would otherwise deadlock).
-- 3. The votes, in one statement fed by the upsert's RETURNING:
--    - each member's votes row is upserted, keeping the rating it replaced in previous_rating
--      (ON CONFLICT DO UPDATE reads the newest committed row, so counters move from the rating
--      that was really there); a rating sent again unchanged keeps its updated_at;
--    - the voters' change notes for the members cache (docs/decisions/023-performance-machinery.md#members-cache): the
--      batch writes them itself and sets stance.votes_noted for the statement, so that the votes'
--      note and day triggers (member-changes.sql, vote-days.sql) stand aside for it alone;
--    - member_vote_counts: a first vote on a listed opinion adds one to its member's count (quiz
--      answers are not public activity). The counter row's lock serialises a member's batches,
--      so each sees the exact count its votes passed through; when that passes one of
--      p_thresholds (the vote awards, contract/milestones.ts) a milestone check job is queued in
--      the same transaction, at most one waiting per member (its dedupe key);
--    - a new or changed vote on a listed opinion by a member who shares personal details logs one
--      move of the member's insight counts, from the rating it replaced to the new one, which the
--      counts take later (fold-insight-moves.sql; readers add the moves waiting meanwhile), unless
--      the opinion is hot in the batch (step 4); and
--      queues that opinion's tidbit refresh, which folds its moves first, p_settle_ms later (one
--      job waiting per opinion, its dedupe key), so that the votes arriving meanwhile share one
--      (docs/decisions/052-insights-and-stored-groups.md, 075-insights-by-difference.md,
--      096-insight-moves-folded-later.md);
--    - opinion_vote_days: a new vote adds one to today (UTC), a changed rating moves the vote from
--      the day it was last cast to today;
--    - the opinions' counters votes1..votes5 move by the sum of the batch's differences;
--    - argument_tallies: a vote that changes its member's side moves the good points they gave on
--      the opinion's arguments to the new side (the tallies' vote triggers stand aside for the
--      batch, as the day triggers do);
--    - vote_changes: a vote on a listed opinion moved to another rating is recorded, from and to
--      (a member's history and an opinion's movement, docs/decisions/077-minds-changed.md).
-- 4. A hot opinion's insight counts moved at once: an opinion with ten or more of the batch's
--    votes has the batch's votes on it folded into its counts by fold_insight_moves
--    (fold-insight-moves.sql), as the batch moved every opinion's counts before decision 096: a
--    batch's many votes on one opinion move few rows.
-- 5. Persuasions withdrawn, only when a voter of the batch has a live one on a voted opinion (one
--    index probe otherwise): a member whose rating went back from the side an argument moved them
--    to no longer counts as persuaded by it; its count and its author's karma go down with it.
-- 6. Each vote answers its position, its member, its opinion's counters after the whole batch
--    and the rating it replaced (null for a first vote).
--
-- Planned once per connection (plan_cache_mode = force_generic_plan): an array parameter makes
-- PostgreSQL re-plan every call otherwise, and planning was half of a small batch's cost.
--
-- Names the code owns come in as psql-style :'name' placeholders, filled in with a quoted literal
-- when a migration applies this file (server/db/functions/index.ts): checkMilestonesJobKind is the
-- milestone check's job kind, from server/features/milestones/milestones.service.ts;
-- refreshOpinionTidbitJobKind the tidbit refresh's, from server/features/insights/insights.job-kind.ts;
-- karmaPerMindChanged the karma of a credit, from server/features/users/users.karma.ts.

create or replace function cast_votes_in_sessions(
  p_token_hashes text[], p_opinion_ids integer[], p_ratings integer[], p_thresholds integer[],
  p_idle_cutoff timestamptz, p_touch_before timestamptz, p_settle_ms integer
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
  v_hot_opinions integer[];
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
    order by o.id for no key update
  )
  select
    (select array_agg(l.position order by l.position) from live l),
    (select array_agg(l.user_id order by l.position) from live l),
    (select array_agg(l.token_hash) filter (where l.is_due) from live l),
    (select array_agg(k.id) from locked k),
    (select array_agg(h.id order by h.id) from (
      select i.id from unnest(p_opinion_ids) as i (id)
      where i.id in (select k.id from locked k)
      group by i.id having count(*) >= 10
    ) h)
  into v_positions, v_voters, v_due_sessions, v_live_opinions, v_hot_opinions;
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
    select :'checkMilestonesJobKind', jsonb_build_object('userId', c.user_id),
      :'checkMilestonesJobKind' || ':' || c.user_id
    from counted c join added on added.user_id = c.user_id
    where exists (
      select 1 from unnest(p_thresholds) t
      where t > c.listed_votes - added.votes and t <= c.listed_votes
    )
    order by c.user_id
    on conflict (dedupe_key) where done_at is null and attempts = 0 do nothing
  ),
  insights_logged as (
    -- A new or changed vote on a listed opinion by a member who shares personal details is logged
    -- as one move of the member's insight counts, from the rating it replaced to the new one; the
    -- counts take the moves later, many votes at a time (fold-insight-moves.sql), and readers add
    -- the moves still waiting meanwhile (docs/decisions/096-insight-moves-folded-later.md).
    insert into opinion_insight_moves (opinion_id, user_id, from_rating, to_rating)
    select u.opinion_id, u.user_id, u.previous_rating, u.rating
    from upserted u
    join opinions o on o.id = u.opinion_id and o.listed
    join demographics d on d.user_id = u.user_id and d.consent <> ''
    where u.previous_rating is distinct from u.rating
      and u.opinion_id <> all(coalesce(v_hot_opinions, '{}'))
  ),
  -- argument tallies: begin
  tallies_moved as (
    -- A vote that puts its member on another side (a first vote, a change across Neutral or
    -- across sides) moves each good point that member gave on the opinion's arguments from the
    -- old side to the new one (argument-tallies.sql, docs/decisions/076-rankings-from-argument-tallies.md).
    -- The batch's opinions are locked, so two batches never move one argument's tally at once.
    update argument_tallies t set
      likes_agree = t.likes_agree + m.agree,
      likes_disagree = t.likes_disagree + m.disagree
    from (
      select a.comment_id,
        sum((u.rating in (1, 2))::integer - coalesce((u.previous_rating in (1, 2))::integer, 0))
          as agree,
        sum((u.rating in (4, 5))::integer - coalesce((u.previous_rating in (4, 5))::integer, 0))
          as disagree
      from upserted u
      join comment_likes l on l.user_id = u.user_id
      join argument_tallies a on a.comment_id = l.comment_id and a.opinion_id = u.opinion_id
      where (u.rating in (1, 2)) is distinct from (u.previous_rating in (1, 2))
        or (u.rating in (4, 5)) is distinct from (u.previous_rating in (4, 5))
      group by a.comment_id
    ) m
    where t.comment_id = m.comment_id and (m.agree <> 0 or m.disagree <> 0)
  ),
  -- argument tallies: end
  tidbits_queued as (
    -- The opinion's tidbit and its topics' groupings follow a while later, one job waiting per
    -- opinion (docs/decisions/052-insights-and-stored-groups.md).
    insert into jobs (kind, payload, dedupe_key, run_at)
    select :'refreshOpinionTidbitJobKind', jsonb_build_object('opinionId', c.opinion_id),
      :'refreshOpinionTidbitJobKind' || ':' || c.opinion_id,
      now() + p_settle_ms * interval '1 millisecond'
    from (
      select distinct u.opinion_id from upserted u
      where u.previous_rating is distinct from u.rating
    ) c
    join opinions o on o.id = c.opinion_id and o.listed
    order by c.opinion_id
    on conflict (dedupe_key) where done_at is null and attempts = 0 do nothing
  ),
  changes_recorded as (
    -- Minds changed: a vote on a listed opinion moved to another rating, from and to
    -- (docs/decisions/077-minds-changed.md). A rating sent again unchanged is no change.
    insert into vote_changes (user_id, opinion_id, from_rating, to_rating)
    select u.user_id, u.opinion_id, u.previous_rating, u.rating
    from upserted u join opinions o on o.id = u.opinion_id and o.listed
    where u.previous_rating <> u.rating
    order by u.user_id, u.opinion_id
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

  -- A hot opinion, with ten or more of the batch's votes, has the batch's votes on it folded into
  -- its counts right away rather than logged: a batch's many votes on one opinion fold into few
  -- rows (docs/decisions/096).
  if v_hot_opinions is not null then
    perform fold_insight_moves(
      v_hot_opinions, v_voters, array(select p_opinion_ids[i] from unnest(v_positions) as i)
    );
  end if;

  -- Persuasions withdrawn (docs/decisions/077-minds-changed.md): a statement of its own, so that
  -- it reads the votes just written (and a credit committed while this batch waited for a vote's
  -- row), and runs only for the rare batch that has a live credit on one of its opinions.
  if exists (
    select 1 from persuasions p
    where p.user_id = any(v_voters) and p.opinion_id = any(v_live_opinions)
      and p.withdrawn_at is null
  ) then
    with withdrawn as (
      update persuasions p set withdrawn_at = now()
      from votes v
      where p.user_id = any(v_voters) and p.opinion_id = any(v_live_opinions)
        and p.withdrawn_at is null
        and v.user_id = p.user_id and v.opinion_id = p.opinion_id
        and case when p.side = 'pro' then v.rating >= p.from_rating else v.rating <= p.from_rating end
      returning p.comment_id
    ),
    uncounted as (
      update comments c set persuaded_count = c.persuaded_count - w.credits
      from (select comment_id, count(*)::integer as credits from withdrawn group by comment_id) w
      where c.id = w.comment_id
      returning c.author_id, c.deleted, w.credits
    )
    update users u set karma = u.karma - k.credits * :'karmaPerMindChanged'::integer
    from (
      select author_id, sum(credits)::integer as credits from uncounted
      where not deleted group by author_id
    ) k
    where u.id = k.author_id;
  end if;
end
$$;
