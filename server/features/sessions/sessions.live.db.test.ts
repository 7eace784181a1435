import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.ts';
import { createTestDatabase } from '../../test/database.ts';
import {
  isSessionLive,
  isTouchDue,
  liveSessionBounds,
  liveSessionCondition,
  sessionIdleMs,
  sessionTouchIntervalMs,
} from './sessions.live.ts';

const nowMs = Date.UTC(2026, 10, 25, 12, 0, 0);
const day = 86_400_000;

/** Sessions at and around each edge of the rule, with what the rule must say of them. */
const cases = [
  { name: 'fresh', expiresAtMs: nowMs + day, lastSeenAtMs: nowMs - 1, live: true },
  {
    name: 'expiring a millisecond from now',
    expiresAtMs: nowMs + 1,
    lastSeenAtMs: nowMs,
    live: true,
  },
  { name: 'expiring now', expiresAtMs: nowMs, lastSeenAtMs: nowMs, live: false },
  { name: 'expired', expiresAtMs: nowMs - 1, lastSeenAtMs: nowMs, live: false },
  {
    name: 'seen a millisecond inside the idle limit',
    expiresAtMs: nowMs + day,
    lastSeenAtMs: nowMs - sessionIdleMs + 1,
    live: true,
  },
  {
    name: 'seen exactly the idle limit ago',
    expiresAtMs: nowMs + day,
    lastSeenAtMs: nowMs - sessionIdleMs,
    live: false,
  },
  {
    name: 'idle longer',
    expiresAtMs: nowMs + day,
    lastSeenAtMs: nowMs - sessionIdleMs - day,
    live: false,
  },
] as const;

describe('isSessionLive', () => {
  it.each(cases)('$name: live is $live', ({ expiresAtMs, lastSeenAtMs, live }) => {
    expect(isSessionLive({ expiresAtMs, lastSeenAtMs }, nowMs)).toBe(live);
  });
});

describe('isTouchDue', () => {
  it('writes the idle clock only once it is older than the touch interval', () => {
    expect(isTouchDue(nowMs - sessionTouchIntervalMs + 1, nowMs)).toBe(false);
    expect(isTouchDue(nowMs - sessionTouchIntervalMs, nowMs)).toBe(false);
    expect(isTouchDue(nowMs - sessionTouchIntervalMs - 1, nowMs)).toBe(true);
  });
});

describe('liveSessionCondition', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('says in SQL what isSessionLive says in memory, edge for edge', async () => {
    const rows = cases.map(
      (entry) => sql`select ${entry.name}::text as name,
        ${new Date(entry.expiresAtMs)}::timestamptz as expires_at,
        ${new Date(entry.lastSeenAtMs)}::timestamptz as last_seen_at`,
    );
    const result = await sql<{ name: string; live: boolean }>`
      select s.name, ${liveSessionCondition('s', liveSessionBounds(nowMs))} as live
      from (${sql.join(rows, sql` union all `)}) s
    `.execute(handle.db);
    expect(Object.fromEntries(result.rows.map((row) => [row.name, row.live]))).toEqual(
      Object.fromEntries(cases.map((entry) => [entry.name, entry.live])),
    );
  });
});
