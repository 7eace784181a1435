/**
 * The reports benchmark of issue 20: GET /api/reports/getuserreports for members who answered all
 * 588 quiz items, against the member's opinion read (GET /api/opinion/get) in the same run, on the
 * same server. Target: getuserreports ≥ 0.5 × the opinion read (docs/decisions/041).
 *
 * Like bench/api.ts, the server is the real one (`node server/main.ts`, NODE_ENV=production) in
 * its own process, on the demo content plus `benchMembers` members with live sessions and active
 * subscriptions (so every report is scored and sent), each of whom answered every item; the
 * report norms are computed before the server starts, so that their job does not run during a
 * measurement. Each round starts the server once and measures both calls on it, in alternating
 * order, each after a warm-up, with autocannon in a process of its own (bench/load.ts); the
 * report gives the median over rounds of the ratio.
 *
 * Usage: npm run bench:reports                embedded database (PGlite), a temporary directory
 *        npm run bench:reports -- postgres    a new database on DATABASE_URL's server (default
 *                                             postgres://postgres@127.0.0.1:5432/postgres)
 * BENCH_SECONDS (default 10) and BENCH_ROUNDS (default 3) as in bench/api.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  migrateToLatest,
  openEmbeddedDatabase,
  openPostgresDatabase,
  type DatabaseHandle,
} from '../server/db/database.ts';
import { seedDemo } from '../server/db/seed/demo.ts';
import { getInstrumentContent } from '../server/features/instruments/instruments.content.ts';
import { rebuildCounters } from '../server/features/opinions/opinions.repository.ts';
import { computeReportNorms } from '../server/features/reports/reports.service.ts';
import { hashSessionToken, sessionCookieName } from '../server/plugins/session.ts';
import { freePort } from '../server/test/free-port.ts';
import { random, randomRating, type LoadSpec, type Measured, type PlainRequest } from './load.ts';

const root = path.resolve(import.meta.dirname, '..');
const engine = process.argv.includes('postgres') ? 'postgres' : 'pglite';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const warmupSeconds = 3;
const connections = 100;
/** Members who answered every item; each request is one of theirs, drawn at random. */
const benchMembers = 100;
const poolSize = 10;
const target = 0.5;
const browserHeaders = { 'accept-encoding': 'gzip, deflate, br, zstd' };

type Target = { env: NodeJS.ProcessEnv; open(): Promise<DatabaseHandle>; dispose(): Promise<void> };

async function createTarget(): Promise<Target> {
  if (engine === 'pglite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stance-bench-reports-'));
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      open: () => openEmbeddedDatabase(dataDir),
      dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `stance_bench_${randomBytes(5).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    open: async () => openPostgresDatabase(url.toString(), poolSize),
    dispose: () => admin(`drop database if exists ${name} with (force)`),
  };
}

/** Demo content, then members with sessions who answered all 588 items, then the norms. */
async function prepareDatabase(handle: DatabaseHandle) {
  const { db } = handle;
  await migrateToLatest(db);
  await seedDemo(db);
  const users = await db
    .insertInto('users')
    .values(
      Array.from({ length: benchMembers }, (_, index) => ({
        username: `bench_${String(index).padStart(4, '0')}`,
        email: `bench${index}@bench.stance.invalid`,
        passwordHash: null,
        role: null,
        subscriptionStatus: 'active',
      })),
    )
    .returning('id')
    .execute();
  const tokens = users.map(() => randomBytes(32).toString('base64url'));
  await db
    .insertInto('sessions')
    .values(
      users.map((user, index) => ({
        tokenHash: hashSessionToken(tokens[index]!),
        userId: user.id,
        expiresAt: new Date(Date.now() + 7 * 86_400_000),
      })),
    )
    .execute();
  const items = await db.selectFrom('instrumentItems').select(['itemId', 'opinionId']).execute();
  if (items.length !== getInstrumentContent().items.size) {
    throw new Error(`expected every quiz item in the demo, found ${items.length}`);
  }
  const votes = users.flatMap((user) =>
    items.map((item) => ({ userId: user.id, opinionId: item.opinionId, rating: randomRating() })),
  );
  for (let start = 0; start < votes.length; start += 2000) {
    await db
      .insertInto('votes')
      .values(votes.slice(start, start + 2000))
      .execute();
  }
  // Raw votes went in directly: the opinions' counters follow them.
  await rebuildCounters(db);
  await computeReportNorms(db);
  const opinions = await db
    .selectFrom('opinions')
    .select('slug')
    .where('listed', '=', true)
    .where('deleted', '=', false)
    .execute();
  return {
    cookies: tokens.map((token) => `${sessionCookieName}=${token}`),
    slugs: opinions.map((opinion) => opinion.slug),
    answers: votes.length,
  };
}

async function startServer(env: NodeJS.ProcessEnv) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      SEED: 'none',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    const isUp = await fetch(`${baseUrl}/api/topic/getall`).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Each request sent once (the server meets every member first), then autocannon's run. */
async function cannon(url: string, requests: PlainRequest[]): Promise<Measured> {
  const queue = [...requests];
  const send = async () => {
    for (let request = queue.shift(); request; request = queue.shift()) {
      const response = await fetch(`${url}${request.path}`, request);
      if (!response.ok)
        throw new Error(`${request.path}: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 10 }, send));
  const spec: LoadSpec = { url, connections, warmupSeconds, seconds, requests };
  const specFile = path.join(os.tmpdir(), `stance-bench-reports-${process.pid}.json`);
  fs.writeFileSync(specFile, JSON.stringify(spec));
  try {
    return await new Promise<Measured>((resolve, reject) => {
      let output = '';
      const child = spawn(process.execPath, ['bench/load.ts', specFile], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('error', reject);
      child.on('exit', (code) => {
        const last = output.trim().split('\n').at(-1) ?? '';
        if (code === 0) resolve(JSON.parse(last) as Measured);
        else reject(new Error(`bench/load.ts exited with ${code}:\n${output}`));
      });
    });
  } finally {
    fs.rmSync(specFile, { force: true });
  }
}

function format(measured: Measured): string {
  return (
    `${Math.round(measured.rps)} req/s, p50 ${measured.p50} ms, p99 ${measured.p99} ms, ` +
    `${measured.failures} failed`
  );
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const benchTarget = await createTarget();
const ratios: number[] = [];
const measurements: Record<string, Measured[]> = { opinionGet: [], getUserReports: [] };
let failures = 0;
try {
  console.log(`Preparing the ${engine} database (demo content + ${benchMembers} members)…`);
  const handle = await benchTarget.open();
  const fixtures = await prepareDatabase(handle);
  await handle.close();
  console.log(`  ${fixtures.answers} answers by members who answered every item`);
  const hundred = (make: () => PlainRequest) => Array.from({ length: 100 }, make);
  const runs = {
    opinionGet: () =>
      hundred(() => ({
        method: 'GET',
        path: `/api/opinion/get?slug=${random(fixtures.slugs)}`,
        headers: { ...browserHeaders, cookie: random(fixtures.cookies) },
      })),
    getUserReports: () =>
      hundred(() => ({
        method: 'GET',
        path: '/api/reports/getuserreports',
        headers: { ...browserHeaders, cookie: random(fixtures.cookies) },
      })),
  };
  for (let round = 1; round <= rounds; round++) {
    console.log(`Round ${round}:`);
    const server = await startServer(benchTarget.env);
    try {
      // Alternating which goes first, so that neither always meets a fresher server.
      const order = (
        round % 2 === 1 ? ['opinionGet', 'getUserReports'] : ['getUserReports', 'opinionGet']
      ) as (keyof typeof runs)[];
      const rates: Record<string, number> = {};
      for (const name of order) {
        const measured = await cannon(server.baseUrl, runs[name]());
        measurements[name]!.push(measured);
        failures += measured.failures;
        rates[name] = measured.rps;
        console.log(`  ${name}: ${format(measured)}`);
      }
      ratios.push(rates.getUserReports! / rates.opinionGet!);
    } finally {
      await server.stop();
    }
  }
} finally {
  await benchTarget.dispose();
}

const ratio = median(ratios);
console.log(
  `\nStance reports benchmark on ${engine} (${os.cpus().length} CPUs, Node ${process.version})`,
);
console.log(
  `  getuserreports ÷ opinion/get (member)   ${ratio.toFixed(2).padStart(6)}  (target ≥ ${target})  ${ratio >= target ? 'ok' : 'MISSED'}`,
);
console.log(
  `  medians: getuserreports ${Math.round(median(measurements.getUserReports!.map((m) => m.rps)))} req/s, ` +
    `opinion/get ${Math.round(median(measurements.opinionGet!.map((m) => m.rps)))} req/s; ` +
    `p99 ${median(measurements.getUserReports!.map((m) => m.p99))} ms against ` +
    `${median(measurements.opinionGet!.map((m) => m.p99))} ms`,
);
console.log(`  failed requests                         ${failures}`);
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
const resultPath = path.join(root, 'bench/results', `reports-${engine}-${Date.now()}.json`);
fs.writeFileSync(
  resultPath,
  JSON.stringify({ engine, seconds, rounds, ratios, measurements }, null, 2),
);
console.log(`  results: ${path.relative(root, resultPath)}`);
process.exitCode = failures > 0 || ratio < target ? 1 : 0;
