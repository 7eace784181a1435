-- argument_tallies.persuaded: the minds each argument changed (comments.persuaded_count, the live
-- "this changed my mind" credits of docs/decisions/077-minds-changed.md), kept beside its good
-- points so that the argument feed's Most persuasive order and a question page's strongest
-- arguments are indexed reads like the other orders (docs/decisions/076, 077). A copy of one
-- counter: the comment's own count moves with each credit given or withdrawn, and this trigger
-- follows it, whichever path moves it (the credit route, a withdrawal in a vote batch, the seed).
-- Created by migration 20261128T2100, apart from argument-tallies.sql, whose functions an earlier
-- migration creates before this column exists.

-- A comment's persuaded_count changed: its tally row follows.
create or replace function move_argument_persuaded() returns trigger language plpgsql as $$
begin
  update argument_tallies set persuaded = new.persuaded_count where comment_id = new.id;
  return null;
end $$;

-- Every tally's persuaded copied again from its comment (the migration's first fill,
-- rebuild-counters).
create or replace function rebuild_argument_persuaded() returns void language sql as $$
  update argument_tallies t set persuaded = c.persuaded_count
  from comments c
  where c.id = t.comment_id and t.persuaded <> c.persuaded_count;
$$;
