import { sql } from 'kysely';
import type { Db } from './database.ts';

/**
 * "Now" for reads of the rows as they stood at a moment (a ranking and the cursors of its pages),
 * as a Date that no row already written is later than. It is read on the database's clock, which
 * stamps the `now()` defaults (this process's clock may differ from it), and rounded up to the next
 * millisecond, because a timestamp column keeps microseconds where a Date keeps milliseconds: with
 * the plain millisecond, a good point given earlier in that same millisecond would not count yet.
 * A row written in the rest of that millisecond, after the read, may count on a later page's read.
 */
export async function databaseNow(db: Db): Promise<Date> {
  const result = await sql<{
    now: Date;
  }>`select date_trunc('milliseconds', clock_timestamp()) + interval '1 millisecond' as now`.execute(
    db,
  );
  return result.rows[0]!.now;
}
