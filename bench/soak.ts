/**
 * The memory soak (docs/decisions/037-memory-bounds-and-fuzzing.md): rounds of hostile requests
 * against the real server, with the server process's resident memory after each round. A cache
 * keyed by anything a client controls and bounded by nothing shows here as memory that keeps
 * rising from round to round.
 *
 * The server is the one `npm start` runs (`node server/main.ts`, NODE_ENV as npm start leaves it:
 * development) in a process of its own on a free loopback port, with a fresh embedded database in
 * a temporary directory holding the demo content, plus one member with a live session. Each round
 * sends SOAK_REQUESTS requests, spread evenly over every call of the route table and every page of
 * the web app (the built app's files, which keep nothing, share one call's part). They are made by
 * the fuzz test's generators (server/test/naughty-requests.ts: the Big List of Naughty Strings in
 * path parameters, query strings and JSON bodies, wrapped, unwrapped and malformed), with a new
 * seed each round, so that every round brings new keys. After a round and a 2 s pause it prints
 * the server's VmRSS (/proc/<pid>/status), its JavaScript heap and array buffers as the server
 * itself counts them (bench/soak-probe.ts, loaded into it), and the round's statuses.
 *
 * Usage: npm run bench:soak
 *   SOAK_WARMUP_ROUNDS (default 1), then SOAK_ROUNDS (default 4) rounds, of SOAK_REQUESTS
 *   (default 12,500) requests each, SOAK_CONNECTIONS (default 8) at once; SOAK_SEED (default
 *   20261125). SOAK_NODE_ENV=production runs the server as deployed. The server starts with
 *   MALLOC_ARENA_MAX=2, as the README tells operators to (SOAK_MALLOC_ARENA_MAX sets another;
 *   empty for the C library's default). SOAK_HEAP_SNAPSHOTS=<dir>
 *   writes a heap snapshot of the server after the start and after every round there (node
 *   --heapsnapshot-signal; compare two with `node bench/heap-diff.ts a.heapsnapshot
 *   b.heapsnapshot`). SOAK_SERVER_ARGS passes Node options to the server; SOAK_SERVER_LOG=<file>
 *   appends its output there. The run stops by itself after SOAK_MAX_MINUTES (default 30).
 *   A 10,000-request run: SOAK_WARMUP_ROUNDS=0 SOAK_ROUNDS=1 SOAK_REQUESTS=10000.
 *
 * It fails (exit code 1) on any 5xx, on an answer that leaks a stack trace, or when RSS after the
 * rounds that follow the warm-up is not flat: its highest more than 10 % above its lowest. The
 * warm-up rounds are not judged: in them the server meets every route for the first time (code
 * compiled, caches filled, the heap and the allocator's arenas sized: +100 to +170 MB).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { migrateToLatest, openEmbeddedDatabase, type Db } from '../server/db/database.ts';
import { seedDemo } from '../server/db/seed/demo.ts';
import { hashSessionToken, sessionCookieName } from '../server/plugins/session.ts';
import { freePort } from '../server/test/free-port.ts';
import {
  leakedStackTrace,
  naughtyRequests,
  targetsOf,
  type NaughtyRequest,
  type Plausible,
  type Target,
} from '../server/test/naughty-requests.ts';

const root = path.resolve(import.meta.dirname, '..');
/** Rounds not judged: the server's first contact with every route (code compiled, heap sized). */
const warmupRounds = Number(process.env.SOAK_WARMUP_ROUNDS ?? 1);
const rounds = Number(process.env.SOAK_ROUNDS ?? 4);
const requestsPerRound = Number(process.env.SOAK_REQUESTS ?? 12_500);
const connections = Number(process.env.SOAK_CONNECTIONS ?? 8);
const seed = Number(process.env.SOAK_SEED ?? 20_261_125);
const nodeEnv = process.env.SOAK_NODE_ENV ?? 'development';
const soakPrivacySecret = randomBytes(32).toString('base64url');
/** The server's MALLOC_ARENA_MAX: 2, as deployed (the README's production section). */
const mallocArenaMax = process.env.SOAK_MALLOC_ARENA_MAX ?? '2';
const snapshotDir = process.env.SOAK_HEAP_SNAPSHOTS
  ? path.resolve(process.env.SOAK_HEAP_SNAPSHOTS)
  : undefined;
const deadline = Date.now() + Number(process.env.SOAK_MAX_MINUTES ?? 30) * 60_000;
/** The highest RSS after a judged round may exceed the lowest by this much. */
const allowedSpread = 0.1;
const requestTimeoutMs = 30_000;

/** The routes the server registers, read from an app built here on a throwaway database. */
async function readRouteTable() {
  const handle = await openEmbeddedDatabase(undefined);
  try {
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', SEED: 'none' }),
      db: handle.db,
      webDir: path.join(root, 'dist/web'),
    });
    await app.ready();
    const table = [...app.routeTable];
    await app.close();
    return table;
  } finally {
    await handle.close();
  }
}

/** The demo content and a member with a live session; what requests draw plausible values from. */
async function prepareDatabase(db: Db): Promise<{ plausible: Plausible; cookie: string }> {
  await migrateToLatest(db);
  await seedDemo(db);
  const member = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      tokenHash: hashSessionToken(token),
      userId: member.id,
      expiresAt: new Date(Date.now() + 7 * 86_400_000),
    })
    .execute();
  const opinions = await db.selectFrom('opinions').select(['id', 'slug']).limit(20).execute();
  const topics = await db.selectFrom('topics').select('slug').limit(10).execute();
  const users = await db.selectFrom('users').select('username').limit(10).execute();
  const comments = await db.selectFrom('comments').select('id').limit(10).execute();
  const ids = opinions.map((opinion) => opinion.id);
  return {
    cookie: `${sessionCookieName}=${token}`,
    plausible: {
      slug: [...opinions.map((opinion) => opinion.slug), ...topics.map((topic) => topic.slug)],
      image: opinions.map((opinion) => `${opinion.slug}.png`),
      username: users.map((user) => user.username),
      id: ids,
      ids: [ids.slice(0, 5)],
      opinionId: ids,
      commentID: comments.map((comment) => comment.id),
      rating: [1, 2, 3, 4, 5],
      after: [''],
    },
  };
}

function residentMegabytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
  return Math.round(kilobytes / 1024);
}

type Probe = {
  soakProbe: { heapUsed: number; heapTotal: number; external: number; arrayBuffers: number };
};

async function startServer(env: NodeJS.ProcessEnv) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const nodeArgs = [
    `--import=${path.join(root, 'bench/soak-probe.ts')}`,
    ...(snapshotDir ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${snapshotDir}`] : []),
    ...(process.env.SOAK_SERVER_ARGS?.split(' ').filter(Boolean) ?? []),
  ];
  const child = spawn(process.execPath, [...nodeArgs, 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      NODE_ENV: nodeEnv,
      // SOAK_NODE_ENV=production on PostgreSQL requires one (docs/decisions/083).
      PRIVACY_SECRET: process.env.PRIVACY_SECRET ?? soakPrivacySecret,
      // As the README tells operators to start each process: with the default, the C library's
      // per-thread arenas kept freed native memory and RSS rose 11 % over eight rounds while the
      // JavaScript heap stayed level (docs/decisions/084-what-a-vote-costs.md#memory).
      // SOAK_MALLOC_ARENA_MAX='' measures the C library's default.
      MALLOC_ARENA_MAX: mallocArenaMax || undefined,
      // Read line by line for errors and probes below, whatever NODE_ENV.
      LOG_FORMAT: 'json',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The log is read as it comes (a full pipe would stall the server); its tail and its errors
  // are kept for the report.
  let tail = '';
  let memory: Probe['soakProbe'] | undefined;
  let pending = '';
  const errorLines: string[] = [];
  const logFile = process.env.SOAK_SERVER_LOG;
  const read = (chunk: Buffer) => {
    const text = chunk.toString();
    if (logFile) fs.appendFileSync(logFile, text);
    tail = (tail + text).slice(-20_000);
    const lines = (pending + text).split('\n');
    pending = lines.pop()!;
    for (const line of lines) {
      if (/"level":(50|60)/.test(line)) errorLines.push(line);
      else if (line.startsWith('{"soakProbe"')) memory = (JSON.parse(line) as Probe).soakProbe;
    }
  };
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  const startDeadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${tail}`);
    if (Date.now() > startDeadline) throw new Error(`the server did not start:\n${tail}`);
    const isUp = await fetch(`${baseUrl}/api/topic/getall`).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    port,
    pid: child.pid!,
    /** The server's last memory figures from bench/soak-probe.ts (MB). */
    memory: () => memory,
    /** The server's log lines at level error or fatal. */
    errorLines,
    /** Asks for a heap snapshot and waits until its file is written. */
    async snapshot(name: string) {
      if (!snapshotDir) return;
      const before = new Set(fs.readdirSync(snapshotDir));
      child.kill('SIGUSR2');
      let lastSize = -1;
      for (let waited = 0; waited < 300_000; waited += 1000) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const written = fs
          .readdirSync(snapshotDir)
          .find((file) => file.endsWith('.heapsnapshot') && !before.has(file));
        if (!written) continue;
        // Node writes the snapshot straight into its file: done when it has stopped growing
        // and its last byte closes the JSON.
        const file = path.join(snapshotDir, written);
        const size = fs.statSync(file).size;
        const isStill = size > 0 && size === lastSize;
        lastSize = size;
        if (!isStill) continue;
        const end = Buffer.alloc(1);
        const descriptor = fs.openSync(file, 'r');
        fs.readSync(descriptor, end, 0, 1, size - 1);
        fs.closeSync(descriptor);
        if (end.toString() !== '}') continue;
        fs.renameSync(file, path.join(snapshotDir, `${name}.heapsnapshot`));
        return;
      }
      throw new Error('the heap snapshot was not written');
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A status code, or what ended the exchange without one (`error ECONNRESET`, `timeout`). */
type Answer = { status: number | string; hasStackTrace: boolean };

const failed = (error: NodeJS.ErrnoException): Answer => ({
  status: `error ${error.code ?? error.message}`,
  hasStackTrace: false,
});

function send(agent: http.Agent, port: number, request: NaughtyRequest): Promise<Answer> {
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = { ...request.headers };
    if (request.payload !== undefined)
      headers['content-length'] = Buffer.byteLength(request.payload);
    let outgoing: http.ClientRequest;
    try {
      outgoing = http.request({
        host: '127.0.0.1',
        port,
        agent,
        method: request.method,
        path: request.url,
        headers,
        timeout: requestTimeoutMs,
      });
    } catch (error) {
      // A request Node itself refuses to send (a header it finds invalid) never reaches the server.
      resolve(failed(error as NodeJS.ErrnoException));
      return;
    }
    outgoing.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const isCompressed = response.headers['content-encoding'] !== undefined;
        const body = isCompressed ? '' : Buffer.concat(chunks).toString();
        resolve({ status: response.statusCode ?? 0, hasStackTrace: leakedStackTrace.test(body) });
      });
      response.on('error', (error) => resolve(failed(error)));
    });
    outgoing.on('timeout', () => {
      outgoing.destroy();
      resolve({ status: 'timeout', hasStackTrace: false });
    });
    outgoing.on('error', (error) => resolve(failed(error)));
    outgoing.end(request.payload);
  });
}

/**
 * A round's requests: as many for every call and page, and as many again for the built web app's
 * files together (each file at least one: serving a file keeps nothing); each target's drawn with
 * the round's seed.
 */
function requestsOfRound(
  targets: Target[],
  round: number,
  options: { plausible: Plausible; cookie: string },
): NaughtyRequest[] {
  const files = targets.filter((target) => target.kind === 'file').length;
  const slots = targets.length - files + (files > 0 ? 1 : 0);
  const perTarget = Math.ceil(requestsPerRound / slots);
  const perFile = Math.max(1, Math.ceil(perTarget / files));
  const samples = targets.map((target, index) =>
    fc.sample(naughtyRequests(target, { ...options, cookies: [options.cookie] }), {
      numRuns: target.kind === 'file' ? perFile : perTarget,
      seed: seed + round * 10_000 + index,
    }),
  );
  // Interleaved, so that every stretch of the round touches every route.
  const requests: NaughtyRequest[] = [];
  for (let turn = 0; turn < perTarget; turn++) {
    for (const sample of samples) if (turn < sample.length) requests.push(sample[turn]!);
  }
  return requests.slice(0, requestsPerRound);
}

async function runRound(port: number, requests: NaughtyRequest[]) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const statuses = new Map<string, number>();
  let stackTraces = 0;
  let next = 0;
  const worker = async () => {
    while (next < requests.length && Date.now() < deadline) {
      const answer = await send(agent, port, requests[next++]!);
      const key = String(answer.status);
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      if (answer.hasStackTrace) stackTraces++;
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  agent.destroy();
  return { statuses, stackTraces, sent: next };
}

function histogram(statuses: Map<string, number>): string {
  return [...statuses.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stance-soak-'));
if (snapshotDir) fs.mkdirSync(snapshotDir, { recursive: true });
let exitCode = 0;
try {
  const routeTable = await readRouteTable();
  const targets = targetsOf(routeTable);
  console.log(
    `Preparing the embedded database (demo content) in ${dataDir}; ${routeTable.length} routes and ` +
      `${targets.length - routeTable.length} pages of the web app`,
  );
  const handle = await openEmbeddedDatabase(dataDir);
  const fixtures = await prepareDatabase(handle.db).finally(() => handle.close());
  const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', SEED: 'demo' });
  try {
    const startRss = residentMegabytes(server.pid);
    console.log(
      `Server pid ${server.pid} (NODE_ENV=${nodeEnv}) on 127.0.0.1:${server.port}: ` +
        `RSS ${startRss} MB after start`,
    );
    await server.snapshot('round-0');
    const rssByRound: number[] = [];
    const total = new Map<string, number>();
    let totalStackTraces = 0;
    for (let round = 1; round <= warmupRounds + rounds && Date.now() < deadline; round++) {
      const requests = requestsOfRound(targets, round, fixtures);
      const startedAt = performance.now();
      const { statuses, stackTraces, sent } = await runRound(server.port, requests);
      const seconds = (performance.now() - startedAt) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const rss = residentMegabytes(server.pid);
      const memory = server.memory();
      rssByRound.push(rss);
      for (const [status, count] of statuses) total.set(status, (total.get(status) ?? 0) + count);
      totalStackTraces += stackTraces;
      console.log(
        `${round <= warmupRounds ? 'Warm-up round' : 'Round'} ${round}: ` +
          `${sent} requests in ${seconds.toFixed(1)} s ` +
          `(${Math.round(sent / seconds)}/s), RSS ${rss} MB ` +
          (memory
            ? `(JS heap ${memory.heapUsed} of ${memory.heapTotal} MB, array buffers ` +
              `${memory.arrayBuffers} MB, other external ${memory.external - memory.arrayBuffers} MB)`
            : '') +
          `; ${histogram(statuses)}` +
          (stackTraces > 0 ? `; ${stackTraces} with a stack trace` : ''),
      );
      await server.snapshot(`round-${round}`);
    }
    const serverErrors = [...total.entries()]
      .filter(([status]) => status.startsWith('5'))
      .reduce((sum, [, count]) => sum + count, 0);
    const judged = rssByRound.slice(warmupRounds);
    const spread =
      judged.length > 0 ? (Math.max(...judged) - Math.min(...judged)) / Math.min(...judged) : 0;
    console.log(`\nAll rounds: ${histogram(total)}`);
    console.log(`  5xx answers                     ${serverErrors}`);
    console.log(`  answers with a stack trace      ${totalStackTraces}`);
    console.log(`  errors in the server's log      ${server.errorLines.length}`);
    console.log(
      `  RSS by round (MB)               ${startRss} at start, then ${rssByRound.join(' → ')}` +
        ` (after the ${warmupRounds} warm-up: highest ${(spread * 100).toFixed(1)} % above lowest;` +
        ` allowed ${allowedSpread * 100} %)`,
    );
    if (serverErrors > 0 || totalStackTraces > 0 || spread > allowedSpread) exitCode = 1;
    if (server.errorLines.length > 0) {
      console.log(`\nThe server's first errors:\n${server.errorLines.slice(0, 5).join('\n')}`);
    }
  } finally {
    await server.stop();
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = exitCode;
