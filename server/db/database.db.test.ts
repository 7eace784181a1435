import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DatabaseLockedError, migrateToLatest, openEmbeddedDatabase } from './database.ts';

describe.skipIf(Boolean(process.env.DATABASE_URL))('the embedded database', () => {
  it('keeps its data in DATA_DIR across restarts and refuses a second process', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stance-db-'));
    try {
      const first = await openEmbeddedDatabase(dataDir);
      await migrateToLatest(first.db);
      await first.db
        .insertInto('topics')
        .values({ slug: 'kept', title: 'Kept', createdBy: null })
        .execute();
      // Another holder is simulated by a lock naming a live process (this test runner's parent).
      await expect(openEmbeddedDatabase(dataDir)).rejects.toThrow(DatabaseLockedError);
      await first.close();

      const second = await openEmbeddedDatabase(dataDir);
      expect(await migrateToLatest(second.db)).toEqual([]);
      const topics = await second.db.selectFrom('topics').select('slug').execute();
      expect(topics).toEqual([{ slug: 'kept' }]);
      await second.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('names the other process in its refusal, and takes over a dead process’s lock', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stance-db-'));
    try {
      fs.writeFileSync(path.join(dataDir, 'stance.lock'), String(process.ppid));
      await expect(openEmbeddedDatabase(dataDir, { lockWaitMs: 300 })).rejects.toThrow(
        new RegExp(`in use by another Stance process \\(pid ${process.ppid}\\)`),
      );
      fs.writeFileSync(path.join(dataDir, 'stance.lock'), '999999999');
      const handle = await openEmbeddedDatabase(dataDir);
      await handle.close();
      expect(fs.existsSync(path.join(dataDir, 'stance.lock'))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('waits for a process killed a moment ago to go, and opens instead of refusing', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stance-db-'));
    // The lock's owner: a process that lives until it is killed, as a crashed server is.
    const owner = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
      stdio: 'ignore',
    });
    try {
      fs.writeFileSync(path.join(dataDir, 'stance.lock'), String(owner.pid));
      // A long wait, so that a busy machine cannot make the check below see the refusal.
      const opening = openEmbeddedDatabase(dataDir, { lockWaitMs: 60_000 });
      let settled = false;
      void opening.then(
        () => (settled = true),
        () => (settled = true),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(settled).toBe(false); // still waiting for the owner
      owner.kill('SIGKILL');
      const handle = await opening;
      expect(fs.readFileSync(path.join(dataDir, 'stance.lock'), 'utf8')).toBe(String(process.pid));
      await handle.close();
    } finally {
      owner.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
