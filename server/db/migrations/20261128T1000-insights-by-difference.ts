import { sql, type Kysely } from 'kysely';
import { applyFunctionSources } from '../functions/index.ts';
import { runStatements } from '../statements.ts';

// Insight counts moved by difference in the vote batch
// (docs/decisions/075-insights-by-difference.md).
//
// - insight_answers(demographics): a member's answer per insight field, the one definition the
//   recount and the vote batch share (server/db/functions/insight-answers.sql).
// - cast_votes_in_sessions moves the counts of a new or changed vote itself and queues the
//   opinion's tidbit refresh p_settle_ms later, instead of a recount per opinion at once; it gains
//   that parameter, so the six-parameter version goes.
// - opinion_insight_counts may hold 0: a count moved down to nothing keeps its row (a statement
//   that moves counts cannot also delete the rows it empties); readers skip it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    alter table opinion_insight_counts drop constraint opinion_insight_counts_votes_check;
    alter table opinion_insight_counts add constraint opinion_insight_counts_votes_check
      check (votes >= 0);
    `,
  );
  await sql
    .raw(
      'drop function if exists cast_votes_in_sessions(text[], integer[], integer[], integer[], timestamptz, timestamptz)',
    )
    .execute(db);
  await applyFunctionSources(db, ['insight-answers', 'cast-votes-in-sessions']);
}
