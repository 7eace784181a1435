-- argument_tallies: each top-level comment's good points split by the giver's side on its
-- opinion, the derived counters the argument feed and a question page rank by
-- (docs/decisions/076-rankings-from-argument-tallies.md). Rebuilt from the raw rows by
-- rebuild-counters, checked by verify-counts, like votes1..votes5.
--
-- A giver's side is their vote on the comment's opinion now: 1 or 2 is agree, 4 or 5 disagree,
-- 3 and no vote neither (questions.ranking.ts, sideOfRating). Kept by triggers, created by
-- migration 20261128T2000, so that every write is counted whichever path makes it (the good point
-- route, a vote batch, a seed, a cascade when a member or comment goes):
--
-- - a top-level comment on an opinion gets its row when written (move_argument_rows), ranked
--   while it is a live, visible pro, con or neutral comment; deleting, hiding, showing it again or
--   changing its type flips `ranked` and keeps its counts. Its created_at is the comment's to the
--   millisecond, as a reader's Date holds it, so that the newest-first order is the same here as
--   in questions.ranking.ts;
-- - a good point given or withdrawn moves `likes` and the giver's side (move_argument_likes);
-- - a member deleted withdraws their good points before their votes go (withdraw_member_likes);
-- - a vote that puts its member on another side (a first vote, a change across Neutral or across
--   sides, a deleted vote) moves each good point that member gave on that opinion's arguments
--   from the old side to the new one (move_argument_sides). A vote batch moves them itself, in
--   its own statement (cast-votes-in-sessions.sql, tallies_moved), and these triggers stand aside
--   for it (stance.votes_noted), as the votes-by-day triggers do: a trigger call per batch cost
--   the embedded database more than the batch's own statement does.

-- Rows for the top-level comments a statement writes.
create or replace function move_argument_rows() returns trigger language plpgsql as $$
begin
  insert into argument_tallies (comment_id, opinion_id, ranked, created_at)
  select n.id, n.opinion_id,
    n.response_type in ('pro', 'con', 'neutral') and not n.deleted and n.hidden_at is null,
    date_trunc('milliseconds', n.created_at)
  from new_rows n
  where n.parent_id is null and n.opinion_id is not null
  order by n.id
  on conflict (comment_id) do nothing;
  return null;
end $$;

-- A comment deleted, hidden, shown again or given another type: whether it is ranked.
create or replace function move_argument_ranked() returns trigger language plpgsql as $$
begin
  update argument_tallies t
  set ranked = new.response_type in ('pro', 'con', 'neutral') and not new.deleted
    and new.hidden_at is null
  where t.comment_id = new.id;
  return null;
end $$;

-- Good points given (INSERT) or withdrawn (DELETE), counted on their giver's side.
create or replace function move_argument_likes() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    update argument_tallies t set
      likes = t.likes + d.likes,
      likes_agree = t.likes_agree + d.likes_agree,
      likes_disagree = t.likes_disagree + d.likes_disagree
    from (
      select a.comment_id, count(*)::integer as likes,
        (count(*) filter (where v.rating in (1, 2)))::integer as likes_agree,
        (count(*) filter (where v.rating in (4, 5)))::integer as likes_disagree
      from new_rows l
      join argument_tallies a on a.comment_id = l.comment_id
      left join votes v on v.user_id = l.user_id and v.opinion_id = a.opinion_id
      group by a.comment_id
    ) d
    where t.comment_id = d.comment_id;
  else
    update argument_tallies t set
      likes = t.likes - d.likes,
      likes_agree = t.likes_agree - d.likes_agree,
      likes_disagree = t.likes_disagree - d.likes_disagree
    from (
      select a.comment_id, count(*)::integer as likes,
        (count(*) filter (where v.rating in (1, 2)))::integer as likes_agree,
        (count(*) filter (where v.rating in (4, 5)))::integer as likes_disagree
      from old_rows l
      join argument_tallies a on a.comment_id = l.comment_id
      left join votes v on v.user_id = l.user_id and v.opinion_id = a.opinion_id
      group by a.comment_id
    ) d
    where t.comment_id = d.comment_id;
  end if;
  return null;
end $$;

-- Votes written, changed or deleted: their members' good points on the opinion's arguments move
-- from the side they were on to the side they are on now. The moves of one statement, per member
-- and opinion, come to shift_argument_sides as arrays (a trigger's transition tables exist only for
-- its own event, so each event gathers its own).
create or replace function move_argument_sides() returns trigger language plpgsql as $$
declare
  v_users integer[];
  v_opinions integer[];
  v_agree integer[];
  v_disagree integer[];
begin
  if tg_op = 'INSERT' then
    select array_agg(n.user_id), array_agg(n.opinion_id),
      array_agg((n.rating in (1, 2))::integer), array_agg((n.rating in (4, 5))::integer)
    into v_users, v_opinions, v_agree, v_disagree
    from new_rows n
    where n.rating <> 3;
  elsif tg_op = 'DELETE' then
    select array_agg(o.user_id), array_agg(o.opinion_id),
      array_agg(-(o.rating in (1, 2))::integer), array_agg(-(o.rating in (4, 5))::integer)
    into v_users, v_opinions, v_agree, v_disagree
    from old_rows o
    where o.rating <> 3;
  else
    -- A member's row is new_rows' and old_rows' once each; a rating that stays on its side moves
    -- nothing.
    select array_agg(n.user_id), array_agg(n.opinion_id),
      array_agg((n.rating in (1, 2))::integer - (o.rating in (1, 2))::integer),
      array_agg((n.rating in (4, 5))::integer - (o.rating in (4, 5))::integer)
    into v_users, v_opinions, v_agree, v_disagree
    from new_rows n
    join old_rows o on o.user_id = n.user_id and o.opinion_id = n.opinion_id
    where (n.rating in (1, 2)) <> (o.rating in (1, 2))
      or (n.rating in (4, 5)) <> (o.rating in (4, 5));
  end if;
  if v_users is not null then
    perform shift_argument_sides(v_users, v_opinions, v_agree, v_disagree);
  end if;
  return null;
end $$;

-- Moves the good points each member gave on an opinion's arguments by agree[i] and disagree[i]
-- (−1, 0 or +1 each) on their sides.
create or replace function shift_argument_sides(
  p_users integer[], p_opinions integer[], p_agree integer[], p_disagree integer[]
) returns void language sql as $$
  update argument_tallies t set
    likes_agree = t.likes_agree + liked.agree,
    likes_disagree = t.likes_disagree + liked.disagree
  from (
    select a.comment_id, sum(m.agree)::integer as agree, sum(m.disagree)::integer as disagree
    from unnest(p_users, p_opinions, p_agree, p_disagree) as m (user_id, opinion_id, agree, disagree)
    join comment_likes l on l.user_id = m.user_id
    join argument_tallies a on a.comment_id = l.comment_id and a.opinion_id = m.opinion_id
    group by a.comment_id
  ) liked
  where t.comment_id = liked.comment_id and (liked.agree <> 0 or liked.disagree <> 0);
$$;

-- A member deleted: their good points go first, while their votes still say on which side each
-- was counted (the cascade would delete both at once, and neither trigger would see the other).
create or replace function withdraw_member_likes() returns trigger language plpgsql as $$
begin
  delete from comment_likes where user_id = old.id;
  return old;
end $$;

-- A truncate of votes leaves no giver on a side; one of comment_likes leaves no good point.
create or replace function clear_argument_sides() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'comment_likes' then
    update argument_tallies set likes = 0, likes_agree = 0, likes_disagree = 0
    where likes <> 0 or likes_agree <> 0 or likes_disagree <> 0;
  else
    update argument_tallies set likes_agree = 0, likes_disagree = 0
    where likes_agree <> 0 or likes_disagree <> 0;
  end if;
  return null;
end $$;

-- Every top-level comment's row counted again from comments, comment_likes and votes (the
-- migration's first fill, rebuild-counters, and seeds that write with the triggers off).
create or replace function rebuild_argument_tallies() returns void language sql as $$
  insert into argument_tallies as t
    (comment_id, opinion_id, ranked, created_at, likes, likes_agree, likes_disagree)
  select c.id, c.opinion_id,
    c.response_type in ('pro', 'con', 'neutral') and not c.deleted and c.hidden_at is null,
    date_trunc('milliseconds', c.created_at), coalesce(k.likes, 0), coalesce(k.likes_agree, 0), coalesce(k.likes_disagree, 0)
  from comments c
  left join (
    select l.comment_id, count(*)::integer as likes,
      (count(*) filter (where v.rating in (1, 2)))::integer as likes_agree,
      (count(*) filter (where v.rating in (4, 5)))::integer as likes_disagree
    from comment_likes l
    join comments lc on lc.id = l.comment_id
    left join votes v on v.user_id = l.user_id and v.opinion_id = lc.opinion_id
    where lc.parent_id is null and lc.opinion_id is not null
    group by l.comment_id
  ) k on k.comment_id = c.id
  where c.parent_id is null and c.opinion_id is not null
  order by c.id
  on conflict (comment_id) do update set
    opinion_id = excluded.opinion_id, ranked = excluded.ranked, created_at = excluded.created_at,
    likes = excluded.likes, likes_agree = excluded.likes_agree,
    likes_disagree = excluded.likes_disagree
  where (t.opinion_id, t.ranked, t.created_at, t.likes, t.likes_agree, t.likes_disagree)
    is distinct from (excluded.opinion_id, excluded.ranked, excluded.created_at, excluded.likes,
      excluded.likes_agree, excluded.likes_disagree);
$$;
