import type { Kysely } from 'kysely';
import { applyFunctionSources } from '../functions/index.ts';

// Every function the database holds now has one readable source, server/db/functions/*.sql
// (docs/decisions/042-database-functions-in-one-source.md); until now each was written out in the
// migration that last changed it, the vote function in four. This applies those sources: the same
// definitions as migrations 20261121T2400, 20261121T2500 and 20261122T0100 left, but for the
// milestone check's job kind, which cast_votes_in_sessions now takes from the milestones code
// instead of a copy. A later change to a function is an edit of its file and a migration that
// applies it again.
//
// No down(): a source holds only its current text, so there is no earlier one to restore (and
// nothing runs migrations down); a change is undone by another edit and migration.
export async function up(db: Kysely<unknown>): Promise<void> {
  await applyFunctionSources(db, ['cast-votes-in-sessions', 'member-changes', 'vote-days']);
}
