import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openEmbeddedDatabase, type DatabaseHandle } from '../../db/database.ts';
import { createTestDatabase } from '../../test/database.ts';
import { buildUser } from '../../test/factories.ts';
import { makeAdmin, toCurrentUser } from './users.service.ts';

const root = path.resolve(import.meta.dirname, '../../..');

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

describe('make-admin', () => {
  it('gives the account every staff flag and role admin; unknown addresses are reported', async () => {
    const user = await buildUser(handle.db, { email: 'staff@example.test' });
    expect(toCurrentUser(user, []).AdminHub).toBe(false);
    expect(await makeAdmin(handle.db, ' Staff@Example.test ')).toBe(true);
    const row = await handle.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(toCurrentUser(row, [])).toMatchObject({
      CanDeleteContent: true,
      AdminHub: true,
      CanSeeDetailedOpinionReport: true,
      CanCreateOpinions: true,
      Role: 'admin',
    });
    expect(await makeAdmin(handle.db, 'nobody@example.test')).toBe(false);
  });

  it('runs as `npm run cli -- make-admin <email>`', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stance-cli-'));
    try {
      const embedded = await openEmbeddedDatabase(dataDir);
      await migrateToLatest(embedded.db);
      await buildUser(embedded.db, { email: 'cli@example.test' });
      await embedded.close();

      const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };
      const run = (...args: string[]) =>
        spawnSync(process.execPath, ['server/cli.ts', 'make-admin', ...args], {
          cwd: root,
          env,
          encoding: 'utf8',
        });
      const granted = run('cli@example.test');
      expect(granted.status, granted.stderr).toBe(0);
      expect(granted.stdout).toContain('cli@example.test is now an admin');
      const unknown = run('ghost@example.test');
      expect(unknown.status).toBe(1);
      expect(unknown.stderr).toContain('No account has the e-mail ghost@example.test.');
      expect(run().status).toBe(2);

      const reopened = await openEmbeddedDatabase(dataDir);
      const row = await reopened.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', 'cli@example.test')
        .executeTakeFirstOrThrow();
      await reopened.close();
      expect(row).toMatchObject({ role: 'admin', adminHub: true, canDeleteContent: true });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    // Three Node processes, each starting the embedded database from disk: 8–12 s on a quiet
    // machine, and past the default 30 s once, with every core busy (docs/decisions/058).
  }, 120_000);
});
