/**
 * The questions benchmark of issue 24: the first page of the question feed
 * (POST /api/convo/feed {categoryID: 'all'}) and of the argument feed (POST /api/arg/feed, bridging
 * order) beside the first page of the opinion feed (POST /api/opinion/userfeed) in the same run,
 * on the same server, all three as a visitor reads them (docs/decisions/047).
 *
 * Like bench/reports.ts, the server is the real one (`node server/main.ts`, NODE_ENV=production)
 * in its own process, on the demo content (13 questions, their positions' arguments); each round
 * starts the server once and measures the three calls on it, in rotating order, each after a
 * warm-up, with autocannon in a process of its own (bench/load.ts). The report gives the median
 * over rounds of each rate and of each feed's rate against the opinion feed's.
 *
 * Usage: npm run bench:questions                embedded database (PGlite), a temporary directory
 *        npm run bench:questions -- postgres    a new database on DATABASE_URL's server (default
 *                                               postgres://postgres@127.0.0.1:5432/postgres)
 * BENCH_SECONDS (default 10) and BENCH_ROUNDS (default 3) as in bench/api.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrateToLatest } from '../server/db/database.ts';
import { seedDemo } from '../server/db/seed/demo.ts';
import { createTarget, median, root, runLoad, startApp } from './harness.ts';
import type { Measured, PlainRequest } from './load.ts';

const engine = process.argv.includes('postgres') ? 'postgres' : 'pglite';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const warmupSeconds = 3;
const connections = 100;
const poolSize = 10;
const browserHeaders = {
  'accept-encoding': 'gzip, deflate, br, zstd',
  'content-type': 'application/json',
};

const calls = {
  opinionFeed: { path: '/api/opinion/userfeed', body: {} },
  questionFeed: { path: '/api/convo/feed', body: { categoryID: 'all' } },
  argumentFeed: { path: '/api/arg/feed', body: { sort: 'bridging' } },
} as const;
type CallName = keyof typeof calls;
const names = Object.keys(calls) as CallName[];

function requestsOf(name: CallName): PlainRequest[] {
  const { path: callPath, body } = calls[name];
  return [
    { method: 'POST', path: callPath, headers: browserHeaders, body: JSON.stringify({ body }) },
  ];
}

/** One request first (it must succeed and hold a page), then autocannon's run. */
async function cannon(url: string, name: CallName): Promise<Measured> {
  const [request] = requestsOf(name);
  const response = await fetch(`${url}${request!.path}`, request);
  const text = await response.text();
  if (!response.ok) throw new Error(`${request!.path}: ${response.status} ${text}`);
  const feed = (JSON.parse(text) as { body: { Feed: unknown[] } }).body.Feed;
  if (feed.length === 0) throw new Error(`${request!.path}: an empty first page`);
  return runLoad({ url, connections, warmupSeconds, seconds, requests: requestsOf(name) });
}

function format(measured: Measured): string {
  return (
    `${Math.round(measured.rps)} req/s, p50 ${measured.p50} ms, p99 ${measured.p99} ms, ` +
    `${measured.failures} failed`
  );
}

const benchTarget = await createTarget(engine, { name: 'questions', poolSize });
const measurements: Record<CallName, Measured[]> = {
  opinionFeed: [],
  questionFeed: [],
  argumentFeed: [],
};
const ratios: Record<'questionFeed' | 'argumentFeed', number[]> = {
  questionFeed: [],
  argumentFeed: [],
};
let failures = 0;
try {
  console.log(`Preparing the ${engine} database (demo content)…`);
  const handle = await benchTarget.open();
  await migrateToLatest(handle.db);
  const summary = await seedDemo(handle.db);
  await handle.close();
  console.log(`  ${summary.questions} questions in ${summary.categories} categories`);
  for (let round = 1; round <= rounds; round++) {
    console.log(`Round ${round}:`);
    const server = await startApp(benchTarget);
    try {
      // Rotating which goes first, so that none always meets a fresher server.
      const order = names.map((_, index) => names[(index + round - 1) % names.length]!);
      const rates: Partial<Record<CallName, number>> = {};
      for (const name of order) {
        const measured = await cannon(server.baseUrl, name);
        measurements[name].push(measured);
        failures += measured.failures;
        rates[name] = measured.rps;
        console.log(`  ${name}: ${format(measured)}`);
      }
      ratios.questionFeed.push(rates.questionFeed! / rates.opinionFeed!);
      ratios.argumentFeed.push(rates.argumentFeed! / rates.opinionFeed!);
    } finally {
      await server.stop();
    }
  }
} finally {
  await benchTarget.dispose();
}

console.log(
  `\nStance questions benchmark on ${engine} (${os.cpus().length} CPUs, Node ${process.version}), ` +
    `first pages as a visitor, medians over ${rounds} rounds`,
);
for (const name of names) {
  const rps = Math.round(median(measurements[name].map((m) => m.rps)) ?? 0);
  const p50 = median(measurements[name].map((m) => m.p50));
  const p99 = median(measurements[name].map((m) => m.p99));
  const ratio =
    name === 'opinionFeed' ? '' : `  (${(median(ratios[name]) ?? 0).toFixed(2)} × opinion feed)`;
  console.log(
    `  ${name.padEnd(13)} ${String(rps).padStart(6)} req/s, p50 ${p50} ms, p99 ${p99} ms${ratio}`,
  );
}
console.log(`  failed requests ${failures}`);
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
const resultPath = path.join(root, 'bench/results', `questions-${engine}-${Date.now()}.json`);
fs.writeFileSync(
  resultPath,
  JSON.stringify({ engine, seconds, rounds, ratios, measurements }, null, 2),
);
console.log(`  results: ${path.relative(root, resultPath)}`);
process.exitCode = failures > 0 ? 1 : 0;
