import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.ts';
import { seedDemo } from '../../db/seed/demo.ts';
import { createTestDatabase } from '../../test/database.ts';
import { checkMilestones } from './milestones.service.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
  await seedDemo(handle.db);
});
afterAll(async () => {
  await handle.close();
});

describe('the demo content', () => {
  it("records every member's milestones without a single notification", async () => {
    const counts = await sql<{ members: number; milestones: number; notices: number }>`
      select (select count(distinct user_id) from user_milestones)::int as members,
        (select count(*) from user_milestones)::int as milestones,
        (select count(*) from notifications where kind = 'Milestone')::int as notices
    `.execute(handle.db);
    const row = counts.rows[0]!;
    expect(row.members).toBe(69);
    expect(row.milestones).toBeGreaterThan(69 * 5);
    expect(row.notices).toBe(0);
    // So a demo member's next check, after their next vote, finds nothing old to announce.
    const demo = await handle.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'demo')
      .executeTakeFirstOrThrow();
    expect(await checkMilestones(handle.db, demo.id)).toEqual([]);
  });
});
