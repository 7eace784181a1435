/**
 * The insights benchmark of issue 22: GET /api/insight/get (the insight matrix, the member's
 * personal insights and the opinion groups' votes) beside the opinion read the same page makes,
 * GET /api/opinion/get, in the same run, on the same server, both as a member who has voted
 * (docs/decisions/052-insights-and-stored-groups.md).
 *
 * Like bench/questions.ts, the server is the real one (`node server/main.ts`, NODE_ENV=production)
 * in its own process, on the demo content (whose seed builds the insight counts and every topic's
 * groups); 20 demo members, each with a session, read the opinions they voted on (20 pairs of
 * member and opinion, in turn). Each round starts the server once and measures both calls on it,
 * in rotating order, each after a warm-up, with autocannon in a process of its own
 * (bench/load.ts). The report gives the median over rounds of each rate and of insight/get's rate
 * against the opinion read's.
 *
 * Usage: npm run bench:insights                embedded database (PGlite), a temporary directory
 *        npm run bench:insights -- postgres    a new database on DATABASE_URL's server (default
 *                                              postgres://postgres@127.0.0.1:5432/postgres)
 * BENCH_SECONDS (default 10) and BENCH_ROUNDS (default 3) as in bench/api.ts.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrateToLatest } from '../server/db/database.ts';
import { seedDemo } from '../server/db/seed/demo.ts';
import { hashSessionToken, sessionCookieName } from '../server/plugins/session.ts';
import { createTarget, median, root, runLoad, startApp } from './harness.ts';
import type { Measured, PlainRequest } from './load.ts';

const engine = process.argv.includes('postgres') ? 'postgres' : 'pglite';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const warmupSeconds = 3;
const connections = 100;
const poolSize = 10;
const readers = 20;
const browserHeaders = { 'accept-encoding': 'gzip, deflate, br, zstd' };

type Reader = { cookie: string; opinionId: number; slug: string };
const names = ['opinionGet', 'insightGet'] as const;
type CallName = (typeof names)[number];

function requestsOf(name: CallName, pairs: readonly Reader[]): PlainRequest[] {
  return pairs.map((pair) => ({
    method: 'GET',
    path:
      name === 'opinionGet'
        ? `/api/opinion/get?slug=${encodeURIComponent(pair.slug)}`
        : `/api/insight/get?opinionID=${pair.opinionId}`,
    headers: { ...browserHeaders, cookie: pair.cookie },
  }));
}

/** One request first (it must succeed and, for insights, hold a matrix), then autocannon's run. */
async function cannon(url: string, name: CallName, pairs: readonly Reader[]): Promise<Measured> {
  const requests = requestsOf(name, pairs);
  const [first] = requests;
  const response = await fetch(`${url}${first!.path}`, { headers: first!.headers });
  const text = await response.text();
  if (!response.ok) throw new Error(`${first!.path}: ${response.status} ${text}`);
  if (name === 'insightGet') {
    const body = (JSON.parse(text) as { body: { Matrix: object; Groups: unknown[] } }).body;
    if (Object.keys(body.Matrix).length === 0) throw new Error('insight/get: no matrix');
    if (body.Groups.length === 0) throw new Error('insight/get: no groups');
  }
  return runLoad({ url, connections, warmupSeconds, seconds, requests });
}

function format(measured: Measured): string {
  return (
    `${Math.round(measured.rps)} req/s, p50 ${measured.p50} ms, p99 ${measured.p99} ms, ` +
    `${measured.failures} failed`
  );
}

const benchTarget = await createTarget(engine, { name: 'insights', poolSize });
const measurements: Record<CallName, Measured[]> = { opinionGet: [], insightGet: [] };
const ratios: number[] = [];
let failures = 0;
let seedMs: number | undefined;
try {
  console.log(`Preparing the ${engine} database (demo content)…`);
  const handle = await benchTarget.open();
  await migrateToLatest(handle.db);
  const started = performance.now();
  const summary = await seedDemo(handle.db);
  seedMs = performance.now() - started;
  // Readers: members with a voted, listed opinion that belongs to a topic with groups.
  const voted = await handle.db
    .selectFrom('votes')
    .innerJoin('opinions', 'opinions.id', 'votes.opinionId')
    .innerJoin('opinionTopics', 'opinionTopics.opinionId', 'opinions.id')
    .innerJoin('topicGroups', 'topicGroups.topicId', 'opinionTopics.topicId')
    .select(['votes.userId', 'opinions.id', 'opinions.slug'])
    .where('opinions.listed', '=', true)
    .distinctOn('votes.userId')
    .orderBy('votes.userId')
    .orderBy('opinions.id')
    .limit(readers)
    .execute();
  const pairs: Reader[] = [];
  for (const row of voted) {
    const token = randomBytes(32).toString('base64url');
    await handle.db
      .insertInto('sessions')
      .values({
        tokenHash: hashSessionToken(token),
        userId: row.userId,
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .execute();
    pairs.push({ cookie: `${sessionCookieName}=${token}`, opinionId: row.id, slug: row.slug });
  }
  await handle.close();
  console.log(
    `  ${summary.users} members, ${summary.opinions} opinions, ${summary.votes} votes; ` +
      `seed with insights ${Math.round(seedMs)} ms; ${pairs.length} readers`,
  );
  for (let round = 1; round <= rounds; round++) {
    console.log(`Round ${round}:`);
    const server = await startApp(benchTarget);
    try {
      const order = names.map((_, index) => names[(index + round - 1) % names.length]!);
      const rates: Partial<Record<CallName, number>> = {};
      for (const name of order) {
        const measured = await cannon(server.baseUrl, name, pairs);
        measurements[name].push(measured);
        failures += measured.failures;
        rates[name] = measured.rps;
        console.log(`  ${name}: ${format(measured)}`);
      }
      ratios.push(rates.insightGet! / rates.opinionGet!);
    } finally {
      await server.stop();
    }
  }
} finally {
  await benchTarget.dispose();
}

console.log(
  `\nStance insights benchmark on ${engine} (${os.cpus().length} CPUs, Node ${process.version}), ` +
    `a voter's reads, medians over ${rounds} rounds`,
);
for (const name of names) {
  const rps = Math.round(median(measurements[name].map((m) => m.rps)) ?? 0);
  const p50 = median(measurements[name].map((m) => m.p50));
  const p99 = median(measurements[name].map((m) => m.p99));
  const ratio =
    name === 'opinionGet' ? '' : `  (${(median(ratios) ?? 0).toFixed(2)} × opinion read)`;
  console.log(
    `  ${name.padEnd(11)} ${String(rps).padStart(6)} req/s, p50 ${p50} ms, p99 ${p99} ms${ratio}`,
  );
}
console.log(`  failed requests ${failures}`);
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
const resultPath = path.join(root, 'bench/results', `insights-${engine}-${Date.now()}.json`);
fs.writeFileSync(
  resultPath,
  JSON.stringify({ engine, seconds, rounds, seedMs, ratios, measurements }, null, 2),
);
console.log(`  results: ${path.relative(root, resultPath)}`);
process.exitCode = failures > 0 ? 1 : 0;
