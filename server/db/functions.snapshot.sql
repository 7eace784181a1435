-- Every function and trigger in the public schema after the migrations, as the catalog
-- prints them (pg_get_functiondef, pg_get_triggerdef), the same on PGlite and PostgreSQL.
-- server/db/functions.db.test.ts compares a migrated database with this file: after a change,
-- run `npx vitest run server/db/functions.db.test.ts -u` and review the difference.

CREATE OR REPLACE FUNCTION public.cast_votes_in_sessions(p_token_hashes text[], p_opinion_ids integer[], p_ratings integer[], p_thresholds integer[], p_idle_cutoff timestamp with time zone, p_touch_before timestamp with time zone, p_settle_ms integer)
 RETURNS TABLE(vote_index integer, vote_user_id integer, vote_counts integer[], vote_previous integer)
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
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
    select 'check-milestones', jsonb_build_object('userId', c.user_id),
      'check-milestones' || ':' || c.user_id
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
    select 'refresh-opinion-tidbit', jsonb_build_object('opinionId', c.opinion_id),
      'refresh-opinion-tidbit' || ':' || c.opinion_id,
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
    update users u set karma = u.karma - k.credits * '10'::integer
    from (
      select author_id, sum(credits)::integer as credits from uncounted
      where not deleted group by author_id
    ) k
    where u.id = k.author_id;
  end if;
end
$function$;

CREATE OR REPLACE FUNCTION public.clear_argument_sides()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  if tg_table_name = 'comment_likes' then
    update argument_tallies set likes = 0, likes_agree = 0, likes_disagree = 0
    where likes <> 0 or likes_agree <> 0 or likes_disagree <> 0;
  else
    update argument_tallies set likes_agree = 0, likes_disagree = 0
    where likes_agree <> 0 or likes_disagree <> 0;
  end if;
  return null;
end $function$;

CREATE OR REPLACE FUNCTION public.clear_vote_days()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  delete from opinion_vote_days;
  return null;
end $function$;

CREATE OR REPLACE FUNCTION public.fold_insight_moves(p_opinion_ids integer[], p_batch_users integer[] DEFAULT NULL::integer[], p_batch_opinions integer[] DEFAULT NULL::integer[])
 RETURNS integer
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION public.insight_answers(d demographics)
 RETURNS TABLE(field text, answer text)
 LANGUAGE sql
 IMMUTABLE
AS $function$
  select f.field, f.answer
  from (values
    ('gender', d.gender),
    ('generation', ('{silent,boomer,x,y,z}'::text[])[width_bucket(d.birth_year, '{1946,1965,1981,1997}'::int[]) + 1]),
    ('nationality', d.nationality),
    ('education', d.education::text),
    ('maritalStatus', d.marital_status),
    ('householdIncome', d.household_income::text),
    ('sexualOrientation', d.sexual_orientation),
    ('religion', d.religion),
    ('politicalSpectrum', nullif(d.political_spectrum, 0)::text),
    ('numChildren', d.num_children::text)
  ) as f (field, answer)
  where d.consent <> '' and f.answer is not null
$function$;

CREATE OR REPLACE FUNCTION public.move_argument_likes()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
end $function$;

CREATE OR REPLACE FUNCTION public.move_argument_persuaded()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  update argument_tallies set persuaded = new.persuaded_count where comment_id = new.id;
  return null;
end $function$;

CREATE OR REPLACE FUNCTION public.move_argument_ranked()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  update argument_tallies t
  set ranked = new.response_type in ('pro', 'con', 'neutral') and not new.deleted
    and new.hidden_at is null
  where t.comment_id = new.id;
  return null;
end $function$;

CREATE OR REPLACE FUNCTION public.move_argument_rows()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
end $function$;

CREATE OR REPLACE FUNCTION public.move_argument_sides()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
end $function$;

CREATE OR REPLACE FUNCTION public.move_vote_days()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
end $function$;

CREATE OR REPLACE FUNCTION public.note_every_member_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  insert into member_changes (user_id, reason) values (null, 'truncate ' || tg_table_name);
  return null;
end $function$;

CREATE OR REPLACE FUNCTION public.note_member_changes()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  insert into member_changes (user_id, reason)
  select distinct changed.user_id, tg_argv[0] from changed_rows changed
  where changed.user_id is not null;
  return null;
end $function$;

CREATE OR REPLACE FUNCTION public.note_member_row_changes()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  insert into member_changes (user_id, reason) select changed.id, 'member' from changed_rows changed;
  return null;
end $function$;

CREATE OR REPLACE FUNCTION public.note_opinion_author_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  if tg_op <> 'INSERT' and old.author_id is not null then
    insert into member_changes (user_id, reason) values (old.author_id, 'opinions');
  end if;
  if tg_op <> 'DELETE' and new.author_id is not null
    and (tg_op = 'INSERT' or new.author_id is distinct from old.author_id) then
    insert into member_changes (user_id, reason) values (new.author_id, 'opinions');
  end if;
  return null;
end $function$;

CREATE OR REPLACE FUNCTION public.rebuild_argument_persuaded()
 RETURNS void
 LANGUAGE sql
AS $function$
  update argument_tallies t set persuaded = c.persuaded_count
  from comments c
  where c.id = t.comment_id and t.persuaded <> c.persuaded_count;
$function$;

CREATE OR REPLACE FUNCTION public.rebuild_argument_tallies()
 RETURNS void
 LANGUAGE sql
AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION public.shift_argument_sides(p_users integer[], p_opinions integer[], p_agree integer[], p_disagree integer[])
 RETURNS void
 LANGUAGE sql
AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION public.withdraw_member_likes()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  delete from comment_likes where user_id = old.id;
  return old;
end $function$;

-- Triggers

CREATE TRIGGER comment_likes_given_tallied AFTER INSERT ON public.comment_likes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION move_argument_likes();

CREATE TRIGGER comment_likes_truncated_tallied AFTER TRUNCATE ON public.comment_likes FOR EACH STATEMENT EXECUTE FUNCTION clear_argument_sides();

CREATE TRIGGER comment_likes_withdrawn_tallied AFTER DELETE ON public.comment_likes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION move_argument_likes();

CREATE TRIGGER comments_persuaded_tallied AFTER UPDATE OF persuaded_count ON public.comments FOR EACH ROW WHEN ((old.persuaded_count IS DISTINCT FROM new.persuaded_count)) EXECUTE FUNCTION move_argument_persuaded();

CREATE TRIGGER comments_ranked AFTER UPDATE OF deleted, hidden_at, response_type ON public.comments FOR EACH ROW WHEN (((old.deleted IS DISTINCT FROM new.deleted) OR (old.hidden_at IS DISTINCT FROM new.hidden_at) OR (old.response_type IS DISTINCT FROM new.response_type))) EXECUTE FUNCTION move_argument_ranked();

CREATE TRIGGER comments_tallied AFTER INSERT ON public.comments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION move_argument_rows();

CREATE TRIGGER opinions_author_noted AFTER INSERT OR DELETE OR UPDATE OF author_id, listed, deleted, created_at ON public.opinions FOR EACH ROW EXECUTE FUNCTION note_opinion_author_change();

CREATE TRIGGER opinions_truncated_noted AFTER TRUNCATE ON public.opinions FOR EACH STATEMENT EXECUTE FUNCTION note_every_member_changed();

CREATE TRIGGER sessions_deleted_noted AFTER DELETE ON public.sessions REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION note_member_changes('sessions');

CREATE TRIGGER sessions_truncated_noted AFTER TRUNCATE ON public.sessions FOR EACH STATEMENT EXECUTE FUNCTION note_every_member_changed();

CREATE TRIGGER sessions_updated_noted AFTER UPDATE ON public.sessions REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION note_member_changes('sessions');

CREATE TRIGGER topic_follows_deleted_noted AFTER DELETE ON public.topic_follows REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION note_member_changes('follows');

CREATE TRIGGER topic_follows_inserted_noted AFTER INSERT ON public.topic_follows REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION note_member_changes('follows');

CREATE TRIGGER topic_follows_truncated_noted AFTER TRUNCATE ON public.topic_follows FOR EACH STATEMENT EXECUTE FUNCTION note_every_member_changed();

CREATE TRIGGER users_deleted_noted AFTER DELETE ON public.users REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION note_member_row_changes();

CREATE TRIGGER users_likes_withdrawn BEFORE DELETE ON public.users FOR EACH ROW EXECUTE FUNCTION withdraw_member_likes();

CREATE TRIGGER users_truncated_noted AFTER TRUNCATE ON public.users FOR EACH STATEMENT EXECUTE FUNCTION note_every_member_changed();

CREATE TRIGGER users_updated_noted AFTER UPDATE ON public.users REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION note_member_row_changes();

CREATE TRIGGER votes_deleted_dated AFTER DELETE ON public.votes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION move_vote_days();

CREATE TRIGGER votes_deleted_noted AFTER DELETE ON public.votes REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION note_member_changes('votes');

CREATE TRIGGER votes_deleted_tallied AFTER DELETE ON public.votes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION move_argument_sides();

CREATE TRIGGER votes_inserted_dated AFTER INSERT ON public.votes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT WHEN ((current_setting('stance.votes_noted'::text, true) IS DISTINCT FROM 'on'::text)) EXECUTE FUNCTION move_vote_days();

CREATE TRIGGER votes_inserted_noted AFTER INSERT ON public.votes REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT WHEN ((current_setting('stance.votes_noted'::text, true) IS DISTINCT FROM 'on'::text)) EXECUTE FUNCTION note_member_changes('votes');

CREATE TRIGGER votes_inserted_tallied AFTER INSERT ON public.votes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT WHEN ((current_setting('stance.votes_noted'::text, true) IS DISTINCT FROM 'on'::text)) EXECUTE FUNCTION move_argument_sides();

CREATE TRIGGER votes_truncated_dated AFTER TRUNCATE ON public.votes FOR EACH STATEMENT EXECUTE FUNCTION clear_vote_days();

CREATE TRIGGER votes_truncated_noted AFTER TRUNCATE ON public.votes FOR EACH STATEMENT EXECUTE FUNCTION note_every_member_changed();

CREATE TRIGGER votes_truncated_tallied AFTER TRUNCATE ON public.votes FOR EACH STATEMENT EXECUTE FUNCTION clear_argument_sides();

CREATE TRIGGER votes_updated_dated AFTER UPDATE ON public.votes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT WHEN ((current_setting('stance.votes_noted'::text, true) IS DISTINCT FROM 'on'::text)) EXECUTE FUNCTION move_vote_days();

CREATE TRIGGER votes_updated_noted AFTER UPDATE ON public.votes REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT WHEN ((current_setting('stance.votes_noted'::text, true) IS DISTINCT FROM 'on'::text)) EXECUTE FUNCTION note_member_changes('votes');

CREATE TRIGGER votes_updated_tallied AFTER UPDATE ON public.votes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT WHEN ((current_setting('stance.votes_noted'::text, true) IS DISTINCT FROM 'on'::text)) EXECUTE FUNCTION move_argument_sides();
