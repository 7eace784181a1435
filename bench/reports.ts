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
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrateToLatest, type DatabaseHandle } from '../server/db/database.ts';
import { seedDemo } from '../server/db/seed/demo.ts';
import { getInstrumentContent } from '../server/features/instruments/instruments.content.ts';
import { rebuildCounters } from '../server/features/opinions/opinions.repository.ts';
import { computeReportNorms } from '../server/features/reports/reports.service.ts';
import { hashSessionToken, sessionCookieName } from '../server/plugins/session.ts';
import { createTarget, median, root, runLoad, startApp } from './harness.ts';
import { random, randomRating, type Measured, type PlainRequest } from './load.ts';

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
  return runLoad({ url, connections, warmupSeconds, seconds, requests });
}

function format(measured: Measured): string {
  return (
    `${Math.round(measured.rps)} req/s, p50 ${measured.p50} ms, p99 ${measured.p99} ms, ` +
    `${measured.failures} failed`
  );
}

const benchTarget = await createTarget(engine, { name: 'reports', poolSize });
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
    const server = await startApp(benchTarget);
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

const ratio = median(ratios) ?? 0;
console.log(
  `\nStance reports benchmark on ${engine} (${os.cpus().length} CPUs, Node ${process.version})`,
);
console.log(
  `  getuserreports ÷ opinion/get (member)   ${ratio.toFixed(2).padStart(6)}  (target ≥ ${target})  ${ratio >= target ? 'ok' : 'MISSED'}`,
);
console.log(
  `  medians: getuserreports ${Math.round(median(measurements.getUserReports!.map((m) => m.rps)) ?? 0)} req/s, ` +
    `opinion/get ${Math.round(median(measurements.opinionGet!.map((m) => m.rps)) ?? 0)} req/s; ` +
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
