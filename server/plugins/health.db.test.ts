import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';
import { stopServing } from './health.ts';

// What a load balancer asks each process (docs/decisions/061-health-checks.md).

describe('GET /healthz and GET /readyz', () => {
  it('answer 200 while the database answers and every migration has run', async () => {
    const t = await createTestApp();
    try {
      for (const url of ['/healthz', '/readyz']) {
        const answer = await t.app.inject({ method: 'GET', url });
        expect(answer.statusCode, url).toBe(200);
        expect(answer.json()).toEqual({
          success: true,
          body: { Status: url === '/healthz' ? 'alive' : 'ready' },
        });
        expect(answer.headers['cache-control']).toBe('no-store');
      }
    } finally {
      await t.close();
    }
  });

  it('/readyz answers 503 once the process is stopping, while it still serves; /healthz stays 200', async () => {
    const t = await createTestApp();
    try {
      stopServing(t.app);
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ success: false, error: 'This process is shutting down' });
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/topic/getall' })).statusCode).toBe(
        200,
      );
    } finally {
      await t.close();
    }
  });

  it('/readyz answers 503 naming a migration that has not run; /healthz stays 200', async () => {
    const t = await createTestApp();
    try {
      const newest = await sql<{ name: string }>`
        select name from kysely_migration order by name desc limit 1
      `.execute(t.db);
      const name = newest.rows[0]!.name;
      await sql`delete from kysely_migration where name = ${name}`.execute(t.db);

      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        success: false,
        error: `The database is missing 1 of this version's migrations: ${name}`,
      });
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('/readyz answers 503 when the database does not answer; /healthz stays 200', async () => {
    const t = await createTestApp();
    await t.handle.close();
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ success: false, error: 'The database is not answering' });
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await t.app.close();
    }
  });
});
