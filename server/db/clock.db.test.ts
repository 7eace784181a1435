import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './database.ts';
import { createTestDatabase } from '../test/database.ts';
import { databaseNow } from './clock.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
  await sql`create table stamped (id serial primary key, at timestamptz not null default now())`.execute(
    handle.db,
  );
});
afterAll(async () => {
  await handle.close();
});

describe('databaseNow', () => {
  it('is never earlier than a row stamped just before it, to the microsecond', async () => {
    // With this process's Date.now() (or the database's clock cut to the millisecond), a row
    // stamped earlier in the same millisecond is later than "now" most of the time on PostgreSQL.
    // (The embedded database's clock ticks in whole milliseconds, so there it holds either way.)
    for (let attempt = 0; attempt < 50; attempt++) {
      const row = await sql<{
        id: number;
      }>`insert into stamped default values returning id`.execute(handle.db);
      const now = await databaseNow(handle.db);
      const later = await sql<{ later: boolean }>`select at > ${now} as later from stamped
        where id = ${row.rows[0]!.id}`.execute(handle.db);
      expect(later.rows[0]!.later).toBe(false);
    }
  });
});
