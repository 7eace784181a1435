import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildOpinion, buildUser, loginAs } from '../test/factories.ts';
import { migrateToLatest, openEmbeddedDatabase } from './database.ts';
import { startServerProcess, type ServerProcess } from '../test/server-process.ts';

async function startServer(dataDir: string): Promise<ServerProcess> {
  return startServerProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED: 'none',
    LOG_LEVEL: 'warn',
  });
}

describe.skipIf(Boolean(process.env.DATABASE_URL))('the embedded database and a crash', () => {
  it('keeps every vote the server answered when its process is killed, and restarts at once', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stance-crash-'));
    try {
      const setup = await openEmbeddedDatabase(dataDir);
      await migrateToLatest(setup.db);
      const member = await buildUser(setup.db);
      const cookie = await loginAs(setup.db, member.id);
      const opinions = [];
      for (let index = 0; index < 5; index++) {
        opinions.push(await buildOpinion(setup.db, { title: `Crash test opinion ${index}` }));
      }
      await setup.close();

      const first = await startServer(dataDir);
      const vote = (opinionId: number, rating: number) =>
        fetch(`${first.baseUrl}/api/opinion/vote`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie, origin: first.baseUrl },
          body: JSON.stringify({ body: { id: opinionId, rating } }),
        });
      const answers = await Promise.all(
        opinions.map((opinion, index) => vote(opinion.id, 1 + index)),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
      // No shutdown: the process dies at once, as in a crash, and a supervisor starts the server
      // again at once, while the killed process may still be going (docs/decisions/060).
      const killed = first.stop('SIGKILL');
      const second = await startServer(dataDir);
      await killed;
      const topics = await fetch(`${second.baseUrl}/api/topic/getall`);
      expect(topics.status).toBe(200);
      await second.stop('SIGKILL');

      const reopened = await openEmbeddedDatabase(dataDir);
      const votes = await reopened.db
        .selectFrom('votes')
        .select(['opinionId', 'rating'])
        .where('userId', '=', member.id)
        .orderBy('rating')
        .execute();
      expect(votes).toEqual(
        opinions.map((opinion, index) => ({ opinionId: opinion.id, rating: 1 + index })),
      );
      const counters = await reopened.db
        .selectFrom('opinions')
        .select(['id', 'votes1', 'votes2', 'votes3', 'votes4', 'votes5'])
        .where(
          'id',
          'in',
          opinions.map((opinion) => opinion.id),
        )
        .orderBy('id')
        .execute();
      expect(
        counters.map((row) => [row.votes1, row.votes2, row.votes3, row.votes4, row.votes5]),
      ).toEqual([
        [1, 0, 0, 0, 0],
        [0, 1, 0, 0, 0],
        [0, 0, 1, 0, 0],
        [0, 0, 0, 1, 0],
        [0, 0, 0, 0, 1],
      ]);
      await reopened.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
