import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

// Accounts: pending e-mail signups, password reset tokens, social identities and the mail outbox.
// Every secret that reaches a browser or an inbox (signup cookie, code, reset token) is stored
// only as a hash, so a leaked table lets nobody finish a signup or set a password.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table pending_signups (
      token_hash text primary key,
      email text not null,
      username text not null,
      password_hash text not null,
      code_hash text,
      attempts integer not null default 0,
      external_id text not null default '',
      expires_at timestamptz not null,
      created_at timestamptz not null default now()
    );
    create index pending_signups_expires on pending_signups (expires_at);

    create table password_reset_tokens (
      token_hash text primary key,
      user_id integer not null references users (id) on delete cascade,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index password_reset_tokens_user on password_reset_tokens (user_id);

    create table external_identities (
      provider text not null check (provider in ('google', 'facebook')),
      subject text not null,
      user_id integer not null references users (id) on delete cascade,
      email text,
      created_at timestamptz not null default now(),
      primary key (provider, subject)
    );
    create index external_identities_user on external_identities (user_id);

    create table mail_outbox (
      id integer generated always as identity primary key,
      job_id bigint unique,
      recipient text not null,
      subject text not null,
      text_body text not null,
      html_body text not null,
      created_at timestamptz not null default now()
    );
    create index mail_outbox_recipient on mail_outbox (recipient, created_at desc);
    create index sessions_expires on sessions (expires_at);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    drop index if exists sessions_expires;
    drop table mail_outbox, external_identities, password_reset_tokens, pending_signups
  `,
  );
}
