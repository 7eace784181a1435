import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startJobWorker } from '../jobs/worker.ts';
import { openAndPrepareDatabase, openRequestDatabase } from '../runtime.ts';
import { createTestApp, postJson, testConfig, type TestApp } from '../test/app.ts';
import { createServerDatabase } from '../test/database.ts';
import { buildOpinion, buildUser, loginAs } from '../test/factories.ts';
import { startFreezableProxy, type FreezableProxy } from '../test/freezable-proxy.ts';
import { startServerProcess, type ServerProcess } from '../test/server-process.ts';
import { migrateToLatest, openPostgresDatabase } from './database.ts';
import { createOutageLog, DatabaseUnavailableError } from './outages.ts';

type LogLine = { level: number; msg: string; [field: string]: unknown };

/** A pino logger whose lines the test reads back. */
function capturedLogger() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as LogLine);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

const outageMessages = new Set(['database outage started', 'database outage ended']);

describe('the outage log', () => {
  it('writes one line when an outage starts and one when it ends, with the requests refused', () => {
    const { logger, lines } = capturedLogger();
    const outages = createOutageLog(logger);
    outages.noteSuccess();
    for (let n = 0; n < 4; n++) {
      outages.noteFailure(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
      outages.noteRefusedRequest();
    }
    outages.noteSuccess();
    outages.noteSuccess();
    outages.noteRefusedRequest();

    expect(lines).toEqual([
      expect.objectContaining({
        level: 50,
        msg: 'database outage started',
        cause: 'connect ECONNREFUSED 127.0.0.1:5432',
      }),
      expect.objectContaining({
        level: 30,
        msg: 'database outage ended',
        refusedRequests: 4,
        durationMs: expect.any(Number),
      }),
    ]);
  });
});

const serverUrl = process.env.DATABASE_URL;

describe.skipIf(!serverUrl)(
  'a PostgreSQL server that stops answering (needs DATABASE_URL: the embedded database runs ' +
    'inside this process and cannot be frozen or stopped apart from it)',
  () => {
    let database: Awaited<ReturnType<typeof createServerDatabase>>;
    let proxy: FreezableProxy;
    let t: TestApp;
    const { logger, lines } = capturedLogger();

    beforeAll(async () => {
      database = await createServerDatabase(serverUrl!);
      const setup = openPostgresDatabase(database.url, 1);
      await migrateToLatest(setup.db);
      await setup.close();
      const direct = new URL(database.url);
      proxy = await startFreezableProxy({
        host: direct.hostname,
        port: Number(direct.port || 5432),
      });
      const proxied = new URL(database.url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(proxy.port);
      const handle = openPostgresDatabase(proxied.toString(), 5, {
        connectTimeoutMs: 1000,
        queryTimeoutMs: 1000,
        outages: createOutageLog(logger),
      });
      t = await createTestApp({ database: handle, logger });
    });

    afterEach(async () => {
      // A failed test must not leave the next one (or the pool's close) facing a dead server.
      proxy.thaw();
      if (!proxy.listening()) await proxy.start();
    });

    afterAll(async () => {
      await t?.close();
      await proxy?.close();
      await database?.drop();
    });

    const listTopics = () => t.app.inject({ method: 'GET', url: '/api/topic/getall' });

    /** What the outage log wrote since `from`, and whether any line carries an error's stack. */
    function logSince(from: number) {
      const written = lines.slice(from);
      return {
        outageLines: written.filter((line) => outageMessages.has(line.msg)),
        hasStacks: written.some(
          (line) => 'err' in line || JSON.stringify(line).includes('"stack"'),
        ),
      };
    }

    it('answers 503 within seconds while the server is frozen, and 200 again once it thaws', async () => {
      expect((await listTopics()).statusCode).toBe(200);
      const from = lines.length;
      const closedBefore = proxy.closedByClient();
      proxy.freeze();
      const refused = 3;
      for (let n = 0; n < refused; n++) {
        const startedAt = performance.now();
        const response = await listTopics();
        const waitedMs = performance.now() - startedAt;
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({
          success: false,
          error: 'The database is unavailable; please try again shortly',
        });
        // Configured: 1 s to connect, 1 s for a statement (and 1 s more for no answer at all).
        // Without the timeouts the request would wait for as long as the server stays frozen.
        // The bound is generous on purpose: this is about not hanging, not about speed.
        expect(waitedMs).toBeLessThan(8000);
        if (n === 0) {
          // The first request took the pool's idle connection and gave up on its statement:
          // that connection was closed, not handed back to the pool mid-protocol.
          await vi.waitFor(() => expect(proxy.closedByClient()).toBe(closedBefore + 1));
        }
      }
      proxy.thaw();

      for (let n = 0; n < 3; n++) expect((await listTopics()).statusCode).toBe(200);
      const { outageLines, hasStacks } = logSince(from);
      expect(outageLines).toEqual([
        expect.objectContaining({ level: 50, msg: 'database outage started' }),
        expect.objectContaining({ level: 30, msg: 'database outage ended', refusedRequests: 3 }),
      ]);
      expect(outageLines[0]!.cause).toMatch(/timeout/i);
      expect(hasStacks).toBe(false);
    });

    it('answers a burst of votes 503 after one timed-out statement, not one per vote', async () => {
      const opinion = await buildOpinion(t.db);
      const voters = [];
      for (let n = 0; n < 8; n++) voters.push(await loginAs(t.db, (await buildUser(t.db)).id));
      const vote = (cookie: string) =>
        postJson(t.app, '/api/opinion/vote', { id: opinion.id, rating: 2 }, cookie);
      expect((await vote(voters[0]!)).statusCode).toBe(200);
      const closedBefore = proxy.closedByClient();
      proxy.freeze();
      // Six votes travel as one batch; two more arrive while it waits and queue behind it.
      const first = voters.slice(0, 6).map(vote);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const queued = voters.slice(6).map(vote);
      const answers = await Promise.all([...first, ...queued]);
      proxy.thaw();

      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(503));
      // The batch's statement timed out and its connection was closed. Before, each of its votes
      // was cast again on its own, and the queued ones went as a second batch: each waited out
      // the timeout once more, holding a vote 2–3 timeouts (12–17 s with the defaults).
      await vi.waitFor(() => expect(proxy.closedByClient()).toBe(closedBefore + 1));
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(proxy.closedByClient()).toBe(closedBefore + 1);
      expect((await vote(voters[7]!)).statusCode).toBe(200);
    });

    it('answers votes 503 on every process within a timeout while the server is frozen, and 200 after', async () => {
      const proxied = new URL(database.url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(proxy.port);
      const opinion = await buildOpinion(t.db);
      const voters: string[] = [];
      for (let n = 0; n < 8; n++) voters.push(await loginAs(t.db, (await buildUser(t.db)).id));
      const env = {
        DATABASE_URL: proxied.toString(),
        DATABASE_CONNECT_TIMEOUT_MS: '1000',
        DATABASE_QUERY_TIMEOUT_MS: '1000',
        NODE_ENV: 'production',
        SEED: 'none',
        LOG_LEVEL: 'warn',
      };
      // One after the other: each start's first connection has the 1 s connect timeout too, and on
      // a machine busy with the other test files two starts at once through the proxy missed it.
      const servers = [await startServerProcess(env), await startServerProcess(env)];
      try {
        const vote = async (server: ServerProcess, cookie: string) => {
          const startedAt = performance.now();
          const response = await fetch(`${server.baseUrl}/api/opinion/vote`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie },
            body: JSON.stringify({ body: { id: opinion.id, rating: 3 } }),
          });
          return { status: response.status, waitedMs: performance.now() - startedAt };
        };
        const round = () =>
          Promise.all(voters.map((cookie, index) => vote(servers[index % 2]!, cookie)));
        expect((await round()).map((answer) => answer.status)).toEqual(Array(8).fill(200));

        proxy.freeze();
        const frozen = await round();
        proxy.thaw();
        expect(frozen.map((answer) => answer.status)).toEqual(Array(8).fill(503));
        // The statement timeout (1 s) and one second more, with room for a busy machine: before
        // decision 036's batch rule, votes waited for the thaw or 2–3 timeouts each.
        for (const answer of frozen) expect(answer.waitedMs).toBeLessThan(5000);

        await vi.waitFor(
          async () =>
            expect((await round()).map((answer) => answer.status)).toEqual(Array(8).fill(200)),
          { timeout: 10_000, interval: 250 },
        );
      } finally {
        await Promise.all(servers.map((server) => server.stop()));
      }
    });

    it('answers 503 at once while the server refuses connections, and 200 once it is back', async () => {
      expect((await listTopics()).statusCode).toBe(200);
      const from = lines.length;
      await proxy.stop();
      const refused = 5;
      for (let n = 0; n < refused; n++) {
        const response = await listTopics();
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({
          success: false,
          error: 'The database is unavailable; please try again shortly',
        });
      }
      await proxy.start();

      for (let n = 0; n < 3; n++) expect((await listTopics()).statusCode).toBe(200);
      const { outageLines, hasStacks } = logSince(from);
      expect(outageLines).toEqual([
        expect.objectContaining({ level: 50, msg: 'database outage started' }),
        expect.objectContaining({ level: 30, msg: 'database outage ended', refusedRequests: 5 }),
      ]);
      expect(hasStacks).toBe(false);
    });

    it('keeps the job worker quiet while it polls through an outage, and ends it when back', async () => {
      const from = lines.length;
      const worker = startJobWorker(t.db, {}, { pollMs: 20, log: logger, config: t.config });
      try {
        await proxy.stop();
        await vi.waitFor(() => expect(logSince(from).outageLines).toHaveLength(1), {
          timeout: 10_000,
        });
        // Some more polls fail while the server is away.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await proxy.start();
        // No request comes: the worker's next successful poll ends the outage.
        await vi.waitFor(() => expect(logSince(from).outageLines).toHaveLength(2), {
          timeout: 10_000,
        });
      } finally {
        await worker.stop();
      }
      const { outageLines, hasStacks } = logSince(from);
      expect(outageLines).toEqual([
        expect.objectContaining({ msg: 'database outage started' }),
        expect.objectContaining({ msg: 'database outage ended', refusedRequests: 0 }),
      ]);
      expect(lines.slice(from).filter((line) => line.msg === 'job worker poll failed')).toEqual([]);
      expect(hasStacks).toBe(false);
    });

    it('has the server cancel a slow statement and keeps the connection it ran on', async () => {
      const slow = openPostgresDatabase(database.url, 1, { queryTimeoutMs: 200 });
      try {
        const backend = () => sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(slow.db);
        const { rows: before } = await backend();
        const failure = await sql`select pg_sleep(5)`.execute(slow.db).catch((error) => error);
        expect(failure).toBeInstanceOf(DatabaseUnavailableError);
        expect((failure as Error).cause).toMatchObject({ code: '57014' }); // query_canceled
        const { rows: after } = await backend();
        expect(after).toEqual(before);
      } finally {
        await slow.close();
      }
    });

    it('limits the statements of requests only: migrations, the seed and jobs may take long', async () => {
      const config = testConfig({ DATABASE_URL: database.url, DATABASE_QUERY_TIMEOUT_MS: '2500' });
      const { handle } = await openAndPrepareDatabase(config, { allowSeed: false });
      const requests = openRequestDatabase(config, handle);
      try {
        const limitOf = async (db: typeof handle.db) =>
          (await sql<{ statementTimeout: string }>`show statement_timeout`.execute(db)).rows[0]
            ?.statementTimeout;
        expect(await limitOf(handle.db)).toBe('0');
        expect(await limitOf(requests.db)).toBe('2500ms');
      } finally {
        await requests.close();
        await handle.close();
      }
    });
  },
);
