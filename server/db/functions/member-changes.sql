-- Change notes for the members cache (docs/decisions/023-performance-machinery.md#members-cache).
--
-- A server process keeps members' sessions, rows, votes, followed topics and recent opinions in
-- memory and, before it answers a request from that memory, reads the notes in member_changes
-- made since its last read: any note for a member drops what it holds of them. Triggers, not the
-- write paths, write the notes, in the writing transaction, so that no write (a vote, a follow, a
-- logout, a job raising karma, a cascade, a test's direct update) can forget one.
--
-- Every table the members cache reads (memberCacheTables in
-- server/features/sessions/members-cache.ts) has triggers calling these functions; the triggers
-- themselves are created by migrations (20261121T2400, 20261121T2500), and
-- server/db/functions.db.test.ts fails when one of those tables has none.
--
-- The votes' insert and update triggers stand aside while stance.votes_noted is 'on': a vote batch
-- (cast-votes-in-sessions.sql) writes its voters' notes itself, once.

-- A statement on votes, topic_follows or sessions: one note per member among its rows, with the
-- trigger's argument as the reason ('votes', 'follows', 'sessions').
create or replace function note_member_changes() returns trigger language plpgsql as $$
begin
  insert into member_changes (user_id, reason)
  select distinct changed.user_id, tg_argv[0] from changed_rows changed
  where changed.user_id is not null;
  return null;
end $$;

-- A statement on users: one note per member row written.
create or replace function note_member_row_changes() returns trigger language plpgsql as $$
begin
  insert into member_changes (user_id, reason) select changed.id, 'member' from changed_rows changed;
  return null;
end $$;

-- An opinion written, deleted or moved between authors, or changed in what decides its author's
-- recent opinions (listed, deleted, created_at): a note for its author, old and new. Opinions'
-- counter updates are not noted.
create or replace function note_opinion_author_change() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' and old.author_id is not null then
    insert into member_changes (user_id, reason) values (old.author_id, 'opinions');
  end if;
  if tg_op <> 'DELETE' and new.author_id is not null
    and (tg_op = 'INSERT' or new.author_id is distinct from old.author_id) then
    insert into member_changes (user_id, reason) values (new.author_id, 'opinions');
  end if;
  return null;
end $$;

-- A truncate of a noted table: one note naming no member, which drops everyone.
create or replace function note_every_member_changed() returns trigger language plpgsql as $$
begin
  insert into member_changes (user_id, reason) values (null, 'truncate ' || tg_table_name);
  return null;
end $$;

