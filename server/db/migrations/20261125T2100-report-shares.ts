import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

// Shared results (docs/decisions/041-quizzes-and-reports.md): a report card a member chose to
// make public at /r/{token}. The scores are frozen in `snapshot` when the member shares them;
// revoking sets `revoked_at` and empties the snapshot, and the row stays so that the link answers
// 410 (removed) rather than 404. The token is the link's secret (144 random bits, base64url).
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table report_shares (
      token text primary key,
      user_id integer not null references users (id) on delete cascade,
      report text not null,
      show_name boolean not null default false,
      snapshot jsonb,
      created_at timestamptz not null default now(),
      revoked_at timestamptz,
      check ((revoked_at is null) = (snapshot is not null))
    );

    create index report_shares_live_by_member on report_shares (user_id, created_at desc)
      where revoked_at is null;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    drop table report_shares;
  `,
  );
}
