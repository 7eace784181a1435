import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

// A job may carry a dedupe key: while one job with that key waits unclaimed, enqueueing another
// does nothing (one statement, ON CONFLICT DO NOTHING, instead of a look-up before each insert).
// Once a worker claims it (attempts > 0) the next event may queue a fresh one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    alter table jobs add column dedupe_key text;
    create unique index jobs_waiting_dedupe_key on jobs (dedupe_key)
      where done_at is null and attempts = 0;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    drop index jobs_waiting_dedupe_key;
    alter table jobs drop column dedupe_key;
  `,
  );
}
