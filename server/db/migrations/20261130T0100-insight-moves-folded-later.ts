import type { Kysely } from 'kysely';
import { applyFunctionSources } from '../functions/index.ts';
import { runStatements } from '../statements.ts';

// The vote batch logs a vote's move of its voter's insight counts, one row a vote, and the counts
// take the moves later, many votes at a time (docs/decisions/096-insight-moves-folded-later.md):
// a vote by a member with ten personal details moved ten counter rows in its batch, and those
// writes were 43 % of the batch's time on the embedded database.
//
// No foreign keys: a check per inserted row is what the log saves the batch from, and a fold
// drops the moves of an opinion or member that is gone. Opinions are never deleted, only marked.
// The counts lose their checks (>= 0): they are sums of differences that fold in any order, and
// may dip below 0 while a member's recount after new personal details waits (readers show counts
// above 0). Nothing waits when this runs: the counts hold every vote until now.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table opinion_insight_moves (
      opinion_id integer not null,
      user_id integer not null,
      from_rating smallint,
      to_rating smallint not null
    );
    create index opinion_insight_moves_by_opinion on opinion_insight_moves (opinion_id);
    alter table opinion_insight_counts
      drop constraint opinion_insight_counts_votes1_check,
      drop constraint opinion_insight_counts_votes2_check,
      drop constraint opinion_insight_counts_votes3_check,
      drop constraint opinion_insight_counts_votes4_check,
      drop constraint opinion_insight_counts_votes5_check;
    `,
  );
  await applyFunctionSources(db, ['fold-insight-moves', 'cast-votes-in-sessions']);
}
