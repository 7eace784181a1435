import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

// Login hardening (docs/decisions/034-login-limits-that-hold.md):
// - rate_limit_windows: the rate limits' sliding windows, shared by every server process. One row
//   per (rule, key); `hits` holds the counted events' times in milliseconds, oldest first.
// - known_sign_in_places: where a member has signed in before (their address and their browser's
//   device cookie), each only as a hash, so that an attacker elsewhere cannot lock them out.
// - login_codes: e-mailed one-time login codes, bound to the browser that asked (like signups).
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table rate_limit_windows (
      bucket text primary key,
      hits bigint[] not null,
      expires_at timestamptz not null
    );
    create index rate_limit_windows_expires on rate_limit_windows (expires_at);

    create table known_sign_in_places (
      user_id integer not null references users (id) on delete cascade,
      place_hash text not null,
      last_seen_at timestamptz not null default now(),
      primary key (user_id, place_hash)
    );

    create table login_codes (
      token_hash text primary key,
      email text not null,
      code_hash text not null,
      attempts integer not null default 0,
      expires_at timestamptz not null,
      created_at timestamptz not null default now()
    );
    create index login_codes_expires on login_codes (expires_at);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `drop table login_codes, known_sign_in_places, rate_limit_windows`);
}
