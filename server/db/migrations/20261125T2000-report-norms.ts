import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

// The norms of the Opinion DNA reports (docs/decisions/041-quizzes-and-reports.md): per report and
// entry (its elements in content order, then its total), what the members who have a score on it
// look like. Derived data, rebuilt whole by the compute-report-norms job from the raw votes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table report_norms (
      report text not null,
      entry_index integer not null,
      members integer not null,
      mean double precision,
      sd double precision,
      alpha double precision,
      histogram integer[] not null,
      computed_at timestamptz not null,
      primary key (report, entry_index)
    );
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `drop table report_norms`);
}
