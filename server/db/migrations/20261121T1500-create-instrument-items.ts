import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

// Quiz items are opinions (listed = false); this maps each item id of content/instruments to its
// opinion, so votes on quiz items can be scored by element.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table instrument_items (
      item_id text primary key,
      opinion_id integer not null references opinions (id) on delete cascade
    );
    create unique index instrument_items_opinion on instrument_items (opinion_id);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `drop table instrument_items`);
}
