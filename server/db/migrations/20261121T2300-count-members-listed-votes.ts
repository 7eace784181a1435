import { sql, type Kysely } from 'kysely';
import { castVotesFunction } from './20261121T2100-cast-votes-in-batches.ts';

// member_vote_counts: each member's number of votes on listed opinions, a derived counter like an
// opinion's votes1..votes5 (rebuilt from the raw votes by rebuild-counters, checked by
// verify-counts). cast_votes used to count a member's listed votes afresh whenever a first vote
// might reach a vote award, up to the highest award (10,000): a member with thousands of votes
// paid for reading all of them on every new vote. Now the batch adds its new listed votes to each
// member's counter and reads the totals back from the same statement. The counter row's lock
// serializes a member's concurrent batches, so each sees the exact count its votes passed
// through; the per-voter advisory locks that gave that guarantee before are gone. Lock order
// across batches stays fixed: the opinions' rows in id order, then the counters in user id order.
/** cast_votes with the member counters. One statement with semicolons inside. */
export const castVotesWithMemberCounts = `
    create or replace function cast_votes(
      p_user_ids integer[], p_opinion_ids integer[], p_ratings integer[], p_thresholds integer[]
    )
    returns table (vote_index integer, vote_counts integer[], vote_previous integer)
    language plpgsql set plan_cache_mode = force_generic_plan as $$
    declare
      v_user_ids integer[];
      v_opinion_ids integer[];
      v_ratings integer[];
      v_previous integer[];
    begin
      perform 1 from opinions o where o.id = any(p_opinion_ids) order by o.id for update;

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

      with added as (
        select a.user_id, count(*)::integer as votes
        from unnest(v_user_ids, v_opinion_ids, v_previous) as a (user_id, opinion_id, previous)
        join opinions o on o.id = a.opinion_id and o.listed
        where a.previous is null
        group by a.user_id
      ),
      counted as (
        insert into member_vote_counts as m (user_id, listed_votes)
        select added.user_id, added.votes from added order by added.user_id
        on conflict (user_id) do update set listed_votes = m.listed_votes + excluded.listed_votes
        returning m.user_id, m.listed_votes
      )
      insert into jobs (kind, payload, dedupe_key)
      select 'check-milestones', jsonb_build_object('userId', c.user_id),
        'check-milestones:' || c.user_id
      from counted c join added on added.user_id = c.user_id
      where exists (
        select 1 from unnest(p_thresholds) t
        where t > c.listed_votes - added.votes and t <= c.listed_votes
      )
      order by c.user_id
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

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `create table member_vote_counts (
        user_id integer primary key references users (id) on delete cascade,
        listed_votes integer not null check (listed_votes >= 0)
      )`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into member_vote_counts (user_id, listed_votes)
      select v.user_id, count(*)::integer from votes v join opinions o on o.id = v.opinion_id
      where o.listed group by v.user_id`,
    )
    .execute(db);
  await sql.raw(castVotesWithMemberCounts).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop function cast_votes(integer[], integer[], integer[], integer[])').execute(db);
  await sql.raw(castVotesFunction).execute(db);
  await sql
    .raw(
      'alter function cast_votes(integer[], integer[], integer[], integer[]) set plan_cache_mode = force_generic_plan',
    )
    .execute(db);
  await sql.raw('drop table member_vote_counts').execute(db);
}
