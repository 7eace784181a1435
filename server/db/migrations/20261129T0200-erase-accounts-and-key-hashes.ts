import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

// Your data (docs/decisions/083-your-data-and-the-privacy-secret.md):
//
// - an erased account keeps a row with nothing of its member in it, so that the comments that stay
//   keep their author (shown as [deleted]); erased_at marks it, and the username and e-mail are
//   unique among live accounts only, so that both may sign up again at once;
// - rate-limit buckets and known sign-in places held a plain SHA-256 of e-mails and addresses,
//   which hashing every IPv4 address undoes; they are keyed by PRIVACY_SECRET from now on, and the
//   old rows, which no new key can match, are deleted (counts start afresh; a member's known places
//   are learnt again at their next sign-in).
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `alter table users add column erased_at timestamptz;
    alter table users drop constraint users_username_check;
    alter table users add constraint users_username_check check (
      username ~ '^[A-Za-z0-9_-]{3,30}$' or (erased_at is not null and username = '[deleted]')
    );
    drop index users_username_lower;
    create unique index users_username_lower on users (lower(username)) where erased_at is null;
    delete from rate_limit_windows;
    delete from known_sign_in_places;`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `delete from users where erased_at is not null;
    drop index users_username_lower;
    create unique index users_username_lower on users (lower(username));
    alter table users drop constraint users_username_check;
    alter table users drop column erased_at;
    alter table users add constraint users_username_check check (username ~ '^[A-Za-z0-9_-]{3,30}$');`,
  );
}
