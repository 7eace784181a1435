import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

// The encyclopedia's most-voted opinions (docs/decisions/073-the-encyclopedia-and-home.md): the
// listed, live opinions by their votes, read from the top of this index instead of sorting them all.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `create index opinions_most_voted on opinions (num_votes desc, id)
      where listed and not deleted;`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `drop index opinions_most_voted;`);
}
