import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

// The conversation's moderation, notification and e-mail preference data (issue 5).
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table comment_reports (
      id integer generated always as identity primary key,
      comment_id integer not null references comments (id) on delete cascade,
      reporter_id integer not null references users (id) on delete cascade,
      reason text not null check (reason in ('spam', 'harassment', 'hate', 'off-topic', 'other')),
      note text not null default '',
      created_at timestamptz not null default now(),
      resolved_at timestamptz,
      resolution text check (resolution in ('dismissed', 'deleted')),
      resolved_by integer references users (id) on delete set null
    );
    create unique index comment_reports_open_per_reporter
      on comment_reports (comment_id, reporter_id) where resolved_at is null;
    create index comment_reports_open on comment_reports (created_at) where resolved_at is null;

    alter table comments add column hidden_at timestamptz;

    alter table notifications add column comment_id integer references comments (id) on delete cascade;
    alter table notifications add column dedupe_key text;
    create unique index notifications_dedupe on notifications (dedupe_key);

    create table email_preferences (
      user_id integer primary key references users (id) on delete cascade,
      all_emails boolean not null default true,
      replies boolean not null default true,
      token text not null unique,
      updated_at timestamptz not null default now()
    );
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    drop table email_preferences;
    drop index notifications_dedupe;
    alter table notifications drop column dedupe_key;
    alter table notifications drop column comment_id;
    alter table comments drop column hidden_at;
    drop table comment_reports;
  `,
  );
}
