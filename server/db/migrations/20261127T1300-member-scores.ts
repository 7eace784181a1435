import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

/** The most score entries a report has (Opinion DNA's 48 elements); each gets its statistics. */
const scoreEntries = 48;
const entries = Array.from({ length: scoreEntries }, (_, index) => index + 1);

// Staff analytics (docs/decisions/054-staff-filters-and-exports.md).
//
// - member_scores: derived data, each member's scores on each report (the elements in card order,
//   then the total; null where too few answers), rebuilt from the raw votes by the
//   compute-member-scores job through the one scoring path. The staff filters' score ranges and
//   the community averages read it in SQL; a member with no score on a report has no row.
//   Each score entry has its own statistics (an expression statistic per array element, up to the
//   48 entries of the largest report): without them the planner guesses a score range matches 1
//   member in 200, so five ranges 'match one row' and it probes the demographics once per member
//   (154 ms over 100,000 members); with them it hashes the two sides (103 ms).
// - analytics_secrets: the random keys the CSV exports' pseudonymous member ids are made with
//   (HMAC-SHA256), created on first use; deleting a row starts a new series of ids.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table member_scores (
      report text not null,
      user_id integer not null references users (id) on delete cascade,
      scores smallint[] not null,
      computed_at timestamptz not null,
      primary key (report, user_id)
    );
    create index member_scores_user on member_scores (user_id);
    ${entries
      .map(
        (at) =>
          `create statistics member_scores_entry_${at} on (scores[${at}]) from member_scores;`,
      )
      .join('\n    ')}

    create table analytics_secrets (
      name text primary key,
      secret bytea not null,
      created_at timestamptz not null default now()
    );
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    drop table analytics_secrets;
    drop table member_scores;
  `,
  );
}
