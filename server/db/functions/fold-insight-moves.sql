-- Insight moves folded into the insight counts (docs/decisions/096-insight-moves-folded-later.md).
--
-- A vote batch (cast-votes-in-sessions.sql) does not move the insight counts row by row: for each
-- new or changed vote on a listed opinion by a member who shares personal details, it logs one
-- row of opinion_insight_moves (the opinion, the member, the rating the vote replaced and the new
-- one). Readers add the moves still waiting to the stored counts (insights.repository.ts), so an
-- opinion's insights include a vote the moment it commits, as they did when the batch moved the
-- counts itself (docs/decisions/075-insights-by-difference.md). This function folds the waiting
-- moves of the given opinions into their counts, many votes at a time: the opinions' tidbit
-- refreshes fold first (a settle time after their votes, insights.service.ts), and a vote batch
-- with ten or more votes on one opinion folds that opinion's moves itself, with its own votes.
--
-- The opinions are locked in id order first, FOR NO KEY UPDATE, as a vote batch and a recount lock
-- them: a fold, a batch and a recount of one opinion take turns, never half of each. The moves are
-- deleted as they are folded, so two folds never count one move twice. For each of the member's
-- answers now (insight-answers.sql) the answer's row counts one voter more at the new rating and
-- one fewer at the rating replaced, summed over the moves and added to the row (made if it is
-- missing). The counts are plain sums of differences, so moves fold in any order: a count may dip
-- below 0 for a while, when a member whose personal details changed is still counted under their
-- old answers and changes a vote under the new ones, until the recount their change queued
-- redoes the opinion (readers show only counts above 0). Moves of an opinion no longer listed, or
-- of a member without details now, are dropped: the recount that followed that change counted the
-- opinion from its votes.
--
-- A vote batch folds its own votes on a hot opinion instead of logging them (p_batch_users and
-- p_batch_opinions, pair by pair; the opinion's waiting moves are then left for its tidbit
-- refresh): a batch's many votes on one opinion fold into few rows.
--
-- Answers the number of moves folded (a batch's votes among them).

create or replace function fold_insight_moves(
  p_opinion_ids integer[], p_batch_users integer[] default null,
  p_batch_opinions integer[] default null
)
returns integer
language plpgsql set plan_cache_mode = force_generic_plan as $$
declare
  v_folded integer;
begin
  perform 1 from opinions o where o.id = any(p_opinion_ids) order by o.id for no key update;
  with taken as (
    -- The opinions' waiting moves, unless a vote batch folds its own votes.
    delete from opinion_insight_moves m
    where p_batch_users is null and m.opinion_id = any(p_opinion_ids)
    returning m.opinion_id, m.user_id, m.from_rating, m.to_rating
  ),
  batch as (
    -- A vote batch's own votes on these opinions, as its upsert left them (the rating replaced in
    -- previous_rating): each (member, opinion) pair of the batch, one written by this batch.
    select v.opinion_id, v.user_id, v.previous_rating as from_rating, v.rating as to_rating
    from unnest(p_batch_users, p_batch_opinions) as b (user_id, opinion_id)
    join votes v on v.user_id = b.user_id and v.opinion_id = b.opinion_id
    where b.opinion_id = any(p_opinion_ids) and v.previous_rating is distinct from v.rating
  ),
  moves as (
    select t.opinion_id, a.field, a.answer,
      sum((t.to_rating = 1)::int - coalesce((t.from_rating = 1)::int, 0))::integer as d1,
      sum((t.to_rating = 2)::int - coalesce((t.from_rating = 2)::int, 0))::integer as d2,
      sum((t.to_rating = 3)::int - coalesce((t.from_rating = 3)::int, 0))::integer as d3,
      sum((t.to_rating = 4)::int - coalesce((t.from_rating = 4)::int, 0))::integer as d4,
      sum((t.to_rating = 5)::int - coalesce((t.from_rating = 5)::int, 0))::integer as d5
    from (
      select * from taken
      union all
      select * from batch
    ) t
    join opinions o on o.id = t.opinion_id and o.listed
    join demographics d on d.user_id = t.user_id
    cross join lateral insight_answers(d) a
    group by t.opinion_id, a.field, a.answer
  ),
  counted as (
    insert into opinion_insight_counts as c (opinion_id, field, answer, votes1, votes2, votes3, votes4, votes5)
    select m.opinion_id, m.field, m.answer, m.d1, m.d2, m.d3, m.d4, m.d5 from moves m
    where m.d1 <> 0 or m.d2 <> 0 or m.d3 <> 0 or m.d4 <> 0 or m.d5 <> 0
    order by m.opinion_id, m.field, m.answer
    on conflict (opinion_id, field, answer) do update set
      votes1 = c.votes1 + excluded.votes1, votes2 = c.votes2 + excluded.votes2,
      votes3 = c.votes3 + excluded.votes3, votes4 = c.votes4 + excluded.votes4,
      votes5 = c.votes5 + excluded.votes5
  )
  select (select count(*) from taken) + (select count(*) from batch) into v_folded;
  return v_folded;
end
$$;
