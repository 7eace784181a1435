import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

// Levels and awards a member has reached (issue 6). A row is written once, when the milestone is
// first reached, in the same transaction as its notification: a re-check finds the row and never
// notifies twice, and an award stays earned if a comment is later deleted.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table user_milestones (
      user_id integer not null references users (id) on delete cascade,
      family text not null check (family in ('level', 'votes', 'comments', 'goodPoints')),
      threshold integer not null check (threshold > 0),
      reached_at timestamptz not null default now(),
      primary key (user_id, family, threshold)
    );

    create index jobs_pending_milestone_checks on jobs (((payload ->> 'userId')))
      where kind = 'check-milestones' and done_at is null and attempts = 0;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    drop index jobs_pending_milestone_checks;
    drop table user_milestones;
  `,
  );
}
