import { sql, type Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

// member_changes: the members whose request context changed, noted by triggers in the writing
// transaction (docs/decisions/023-performance-machinery.md#members-cache). A server process keeps members' sessions,
// rows, votes, followed topics and recent opinions in memory and, before it answers a batch of
// requests from that memory, reads the notes made since its last read: any note for a member
// drops what it holds of them. Triggers, not the write paths, write the notes, so that no write
// (a vote, a follow, a logout, a job raising karma, a cascade, a test's direct update) can forget.
//
// The reader keeps its place by transaction id, not by seq: a transaction may take its seq before
// an earlier-committing one does, so "seq > last seen" could skip a note. Every note whose xid is
// at least the xmin of the reader's last snapshot may be new; older ones it has seen or they
// never committed.
//
// Opinions' counter updates are not noted: only the columns that decide a member's recent
// opinions are. A session's idle clock is written at most once an hour, so noting it costs little.
/** The trigger functions, one per paragraph. */
const triggerFunctions = `
    create function note_member_changes() returns trigger language plpgsql as $$
    begin
      insert into member_changes (user_id, reason)
      select distinct changed.user_id, tg_argv[0] from changed_rows changed
      where changed.user_id is not null;
      return null;
    end $$;

    create function note_member_row_changes() returns trigger language plpgsql as $$
    begin
      insert into member_changes (user_id, reason) select changed.id, 'member' from changed_rows changed;
      return null;
    end $$;

    create function note_opinion_author_change() returns trigger language plpgsql as $$
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

    create function note_every_member_changed() returns trigger language plpgsql as $$
    begin
      insert into member_changes (user_id, reason) values (null, 'truncate ' || tg_table_name);
      return null;
    end $$;
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table member_changes (
      seq bigint generated always as identity primary key,
      xid xid8 not null default pg_current_xact_id(),
      user_id integer,
      reason text not null,
      noted_at timestamptz not null default now()
    );
    create index member_changes_xid on member_changes (xid);
    comment on column member_changes.user_id is 'null: every member (a table was truncated)';
    `,
  );
  // Function bodies hold semicolons: one statement each.
  for (const statement of triggerFunctions.split(/\n\s*\n/)) {
    await sql.raw(statement).execute(db);
  }
  await runStatements(
    db,
    `
    create trigger votes_inserted_noted after insert on votes
      referencing new table as changed_rows for each statement execute function note_member_changes('votes');
    create trigger votes_updated_noted after update on votes
      referencing new table as changed_rows for each statement execute function note_member_changes('votes');
    create trigger votes_deleted_noted after delete on votes
      referencing old table as changed_rows for each statement execute function note_member_changes('votes');

    create trigger topic_follows_inserted_noted after insert on topic_follows
      referencing new table as changed_rows for each statement execute function note_member_changes('follows');
    create trigger topic_follows_deleted_noted after delete on topic_follows
      referencing old table as changed_rows for each statement execute function note_member_changes('follows');

    create trigger sessions_deleted_noted after delete on sessions
      referencing old table as changed_rows for each statement execute function note_member_changes('sessions');
    create trigger sessions_updated_noted after update on sessions
      referencing new table as changed_rows for each statement execute function note_member_changes('sessions');

    create trigger users_updated_noted after update on users
      referencing new table as changed_rows for each statement execute function note_member_row_changes();
    create trigger users_deleted_noted after delete on users
      referencing old table as changed_rows for each statement execute function note_member_row_changes();

    create trigger opinions_author_noted after insert or delete or update of author_id, listed, deleted, created_at
      on opinions for each row execute function note_opinion_author_change();

    create trigger votes_truncated_noted after truncate on votes
      for each statement execute function note_every_member_changed();
    create trigger topic_follows_truncated_noted after truncate on topic_follows
      for each statement execute function note_every_member_changed();
    create trigger sessions_truncated_noted after truncate on sessions
      for each statement execute function note_every_member_changed();
    create trigger users_truncated_noted after truncate on users
      for each statement execute function note_every_member_changed();
    create trigger opinions_truncated_noted after truncate on opinions
      for each statement execute function note_every_member_changed();
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    drop trigger votes_inserted_noted on votes;
    drop trigger votes_updated_noted on votes;
    drop trigger votes_deleted_noted on votes;
    drop trigger votes_truncated_noted on votes;
    drop trigger topic_follows_inserted_noted on topic_follows;
    drop trigger topic_follows_deleted_noted on topic_follows;
    drop trigger topic_follows_truncated_noted on topic_follows;
    drop trigger sessions_deleted_noted on sessions;
    drop trigger sessions_updated_noted on sessions;
    drop trigger sessions_truncated_noted on sessions;
    drop trigger users_updated_noted on users;
    drop trigger users_deleted_noted on users;
    drop trigger users_truncated_noted on users;
    drop trigger opinions_author_noted on opinions;
    drop trigger opinions_truncated_noted on opinions;
    drop function note_member_changes();
    drop function note_member_row_changes();
    drop function note_opinion_author_change();
    drop function note_every_member_changed();
    drop table member_changes;
    `,
  );
}
