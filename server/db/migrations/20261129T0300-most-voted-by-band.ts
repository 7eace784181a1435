import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

// The most-voted opinions (docs/decisions/073) without an index on a column every vote moves
// (docs/decisions/084-what-a-vote-costs.md). opinions_most_voted indexed num_votes, so every vote
// batch's update of an opinion's counters changed an indexed column: PostgreSQL could not make it
// a heap-only update and added a new entry to each of the opinion's seven indexes, the title's two
// GIN indexes among them — 39 % of a batch of 100 votes on the embedded database.
//
// vote_band is the logarithm of the votes in steps of about 10.5 % (floor(10 · ln(votes + 1))),
// stored, and only it is indexed: an opinion with 1,000 votes changes band about once in 100
// votes, and every other counter update is heap-only. The encyclopedia reads the top bands from
// the index and sorts only their rows by num_votes (an incremental sort).
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `drop index opinions_most_voted;
    alter table opinions add column vote_band smallint
      generated always as (floor(10 * ln(votes1 + votes2 + votes3 + votes4 + votes5 + 1))::smallint) stored;
    create index opinions_by_vote_band on opinions (vote_band desc, id)
      where listed and not deleted;`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `drop index opinions_by_vote_band;
    alter table opinions drop column vote_band;
    create index opinions_most_voted on opinions (num_votes desc, id)
      where listed and not deleted;`,
  );
}
