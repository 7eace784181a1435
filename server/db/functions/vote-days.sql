-- opinion_vote_days: each opinion's votes by the UTC day they were last cast or changed on (their
-- updated_at), a derived counter like votes1..votes5 (rebuilt by rebuild-counters, checked by
-- verify-counts). The feed ranking and the trending card sum the last 7 days from it.
--
-- A vote batch moves its votes itself (cast-votes-in-sessions.sql). Every other write to votes
-- (the demo seed, quiz seeds, tests, deletes by cascade) is moved by statement triggers on votes,
-- created by migration 20261122T0100; the insert and update ones stand aside for vote batches
-- (stance.votes_noted). Decreases only ever update a day's row, so a delete never inserts one for
-- an opinion being deleted.

-- Moves the votes of a write to votes that is not a vote batch between their days.
create or replace function move_vote_days() returns trigger language plpgsql as $$
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
end $$;

-- A truncate of votes empties every day.
create or replace function clear_vote_days() returns trigger language plpgsql as $$
begin
  delete from opinion_vote_days;
  return null;
end $$;
