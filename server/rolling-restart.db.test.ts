import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgresDatabase, type DatabaseHandle } from './db/database.ts';
import { startBalancer, type Balancer } from './test/balancer.ts';
import { createServerDatabase } from './test/database.ts';
import { buildOpinion, buildUser, loginAs } from './test/factories.ts';
import { startServerProcess, type ServerProcess } from './test/server-process.ts';

const serverUrl = process.env.DATABASE_URL;
const voterCount = 24;
const opinionCount = 6;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Several processes share a database only on a server: the embedded database has one process.
describe.skipIf(!serverUrl)('a rolling restart of two processes under votes', () => {
  let database: { url: string; drop(): Promise<void> };
  let handle: DatabaseHandle;
  const servers: ServerProcess[] = [];
  let balancer: Balancer | undefined;
  const env = {
    NODE_ENV: 'production',
    SEED: 'none',
    LOG_LEVEL: 'warn',
    // Longer than the balancer's check (every 100 ms): it stops sending here before we stop.
    SHUTDOWN_DRAIN_MS: '1000',
  };

  beforeAll(async () => {
    const migrated = inject('migratedDatabase');
    database = await createServerDatabase(serverUrl!, {
      template: 'template' in migrated ? migrated.template : undefined,
    });
    handle = openPostgresDatabase(database.url, 3);
  });

  afterAll(async () => {
    await balancer?.close();
    await Promise.all(servers.map((server) => server.stop()));
    await handle?.close();
    await database?.drop();
  });

  it('answers every vote and keeps every acknowledged one while each process is restarted in turn', async () => {
    const opinions = await Promise.all(
      Array.from({ length: opinionCount }, () => buildOpinion(handle.db)),
    );
    const voters = await Promise.all(
      Array.from({ length: voterCount }, async () => {
        const user = await buildUser(handle.db);
        return { id: user.id, cookie: await loginAs(handle.db, user.id) };
      }),
    );
    const serverEnv = { ...env, DATABASE_URL: database.url };
    servers.push(...(await Promise.all([0, 1].map(() => startServerProcess(serverEnv)))));
    balancer = await startBalancer(servers.map((server) => server.baseUrl));

    // Each voter votes again and again, one vote at a time, through the balancer.
    let isVoting = true;
    const statuses = new Map<number, number>();
    /** The last acknowledged rating per voter and opinion. */
    const acknowledged = new Map<string, number>();
    const voting = voters.map(async (voter, index) => {
      for (let n = index; isVoting; n++) {
        const opinion = opinions[n % opinionCount]!;
        const rating = (n % 5) + 1;
        const response = await fetch(`${balancer!.url}/api/opinion/vote`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: voter.cookie },
          body: JSON.stringify({ body: { id: opinion.id, rating } }),
        });
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.ok) acknowledged.set(`${voter.id}:${opinion.id}`, rating);
        await response.arrayBuffer();
      }
    });

    await pause(1000);
    for (const index of [0, 1]) {
      const stopping = servers[index]!;
      await stopping.stop('SIGTERM');
      // It drained and exited by itself, not by the forced exit.
      expect(stopping.child.exitCode).toBe(0);
      servers[index] = await startServerProcess(serverEnv, { port: stopping.port });
      await pause(1000);
    }
    isVoting = false;
    await Promise.all(voting);

    expect([...statuses.keys()]).toEqual([200]);
    expect(statuses.get(200)).toBeGreaterThan(voterCount * 4);
    const stored = await handle.db
      .selectFrom('votes')
      .select(['userId', 'opinionId', 'rating'])
      .where(
        'userId',
        'in',
        voters.map((voter) => voter.id),
      )
      .execute();
    expect(
      new Map(stored.map((vote) => [`${vote.userId}:${vote.opinionId}`, vote.rating])),
    ).toEqual(acknowledged);
    for (const server of servers) expect(server.output()).not.toMatch(/"level":50/);
  }, 120_000);
});
