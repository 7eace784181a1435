import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { applyFunctionSources } from '../functions/index.ts';
import { runStatements } from '../statements.ts';

// argument_tallies: each top-level comment's good points by the giver's side, kept by triggers
// (server/db/functions/argument-tallies.sql), so that the argument feed's pages and a question
// page's strongest arguments are indexed reads (docs/decisions/076-rankings-from-argument-tallies.md).
// Rows of arguments only are `ranked`; the partial indexes hold the three orders: bridging within a
// position ((likes_agree + 1) · (likes_disagree + 1), which orders a position's arguments as the
// bridging score does; its other columns included, so that a probe reads no table row), most
// liked, and newest. A vote batch moves the tallies itself (cast-votes-in-sessions.sql gains its
// tallies_moved CTE); the vote triggers here stand aside for it. A later page reads the tallies as they stood at its time by taking back the
// good points given since (comment_likes_created) and the votes changed since (votes_updated).
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table argument_tallies (
      comment_id integer primary key references comments (id) on delete cascade,
      opinion_id integer not null references opinions (id) on delete cascade,
      ranked boolean not null,
      created_at timestamptz not null,
      likes integer not null default 0 check (likes >= 0),
      likes_agree integer not null default 0 check (likes_agree >= 0),
      likes_disagree integer not null default 0 check (likes_disagree >= 0)
    );
    create index argument_tallies_bridging on argument_tallies
      (opinion_id, ((likes_agree + 1)::bigint * (likes_disagree + 1)) desc, comment_id desc)
      include (likes_agree, likes_disagree, created_at) where ranked;
    create index argument_tallies_liked on argument_tallies (likes desc, comment_id desc)
      where ranked;
    create index argument_tallies_recent on argument_tallies (created_at desc, comment_id desc)
      where ranked;
    create index comment_likes_created on comment_likes (created_at);
    `,
  );
  await applyFunctionSources(db, ['argument-tallies', 'cast-votes-in-sessions']);
  await sql`select rebuild_argument_tallies()`.execute(db);
  await runStatements(
    db,
    `
    create trigger comments_tallied after insert on comments
      referencing new table as new_rows for each statement execute function move_argument_rows();
    create trigger comments_ranked after update of deleted, hidden_at, response_type on comments
      for each row
      when (old.deleted is distinct from new.deleted or old.hidden_at is distinct from new.hidden_at
        or old.response_type is distinct from new.response_type)
      execute function move_argument_ranked();
    create trigger comment_likes_given_tallied after insert on comment_likes
      referencing new table as new_rows for each statement execute function move_argument_likes();
    create trigger comment_likes_withdrawn_tallied after delete on comment_likes
      referencing old table as old_rows for each statement execute function move_argument_likes();
    create trigger comment_likes_truncated_tallied after truncate on comment_likes
      for each statement execute function clear_argument_sides();
    create trigger users_likes_withdrawn before delete on users
      for each row execute function withdraw_member_likes();
    create trigger votes_inserted_tallied after insert on votes
      referencing new table as new_rows for each statement
      when (current_setting('stance.votes_noted', true) is distinct from 'on')
      execute function move_argument_sides();
    create trigger votes_updated_tallied after update on votes
      referencing old table as old_rows new table as new_rows for each statement
      when (current_setting('stance.votes_noted', true) is distinct from 'on')
      execute function move_argument_sides();
    create trigger votes_deleted_tallied after delete on votes
      referencing old table as old_rows for each statement execute function move_argument_sides();
    create trigger votes_truncated_tallied after truncate on votes
      for each statement execute function clear_argument_sides();
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    drop trigger comments_tallied on comments;
    drop trigger comments_ranked on comments;
    drop trigger comment_likes_given_tallied on comment_likes;
    drop trigger comment_likes_withdrawn_tallied on comment_likes;
    drop trigger comment_likes_truncated_tallied on comment_likes;
    drop trigger users_likes_withdrawn on users;
    drop trigger votes_inserted_tallied on votes;
    drop trigger votes_updated_tallied on votes;
    drop trigger votes_deleted_tallied on votes;
    drop trigger votes_truncated_tallied on votes;
    drop function move_argument_rows, move_argument_ranked, move_argument_likes,
      move_argument_sides, shift_argument_sides, clear_argument_sides, rebuild_argument_tallies,
      withdraw_member_likes;
    drop table argument_tallies;
    drop index comment_likes_created;
    `,
  );
}
