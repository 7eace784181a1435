/**
 * The staff analytics benchmark of issue 23 (docs/decisions/055-user-tags-and-synthetic-population.md):
 * on PostgreSQL, a synthetic population of 100,000 members (server/db/seed/synthetic.ts), then
 *
 * - `POST /api/stancedna/filter` on Opinion DNA with 3 demographic filters and 5 score ranges,
 *   one request at a time as an admin-hub member, beside a control (`POST /api/user/info` of the
 *   same member) sent alternately in the same run: p50/p95/p99 of each and their ratio. Aim: the
 *   filtered overview under 300 ms at p95;
 * - the CSV export (`POST /api/stancedna/report`, every member with Opinion DNA): its time, rows
 *   and the growth of the server's resident memory (RSS, from /proc) while it is made.
 *
 * Every figure is noised and paid from the staff member's privacy budget
 * (docs/decisions/082-differentially-private-staff-figures.md): the server runs with
 * DP_DAILY_BUDGET high enough for every request, so each one pays the budget check, the noise and
 * the stored answer; the filters are drawn afresh, so none is a free repeat.
 *
 * The server is the real one (`node server/main.ts`, NODE_ENV=production) in its own process, as
 * in the other benchmarks (bench/harness.ts). The member scores the filters read and the report
 * norms are made fresh before the server starts, so that neither job runs during a measurement;
 * the norms' time, RSS growth and longest event-loop stall are printed too.
 *
 * Usage: npm run bench:analytics         a new database on DATABASE_URL's server (default
 *                                        postgres://postgres@127.0.0.1:5432/postgres), dropped after
 * BENCH_MEMBERS (default 100000), BENCH_REQUESTS (default 200 of each call),
 * BENCH_ANALYTICS_DB: the URL of a database seeded by an earlier run (`npm run cli -- seed
 * synthetic`) to measure instead; it is neither seeded nor dropped.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  demographicFilterAnswers,
  encodeStaffFilters,
  emptyStaffFilters,
  type StaffFilters,
} from '../contract/analytics.base.ts';
import { migrateToLatest, openPostgresDatabase, type Db } from '../server/db/database.ts';
import { seedSynthetic } from '../server/db/seed/synthetic.ts';
import {
  computeMemberScoresJobKind,
  refreshMemberScores,
} from '../server/features/analytics/index.ts';
import {
  computeNormsJobKind,
  computeReportNorms,
} from '../server/features/reports/reports.service.ts';
import { hashSessionToken, sessionCookieName } from '../server/plugins/session.ts';
import { createTarget, root, startApp, type Target } from './harness.ts';

const members = Number(process.env.BENCH_MEMBERS ?? 100_000);
const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const warmup = 20;
const targetP95Ms = 300;
const reuseUrl = process.env.BENCH_ANALYTICS_DB;

/** An admin-hub member with a live session: the Cookie header. */
async function createStaffSession(db: Db): Promise<string> {
  const staff = await db
    .insertInto('users')
    .values({
      username: `bench_staff_${randomBytes(4).toString('hex')}`,
      email: null,
      passwordHash: null,
      role: null,
      adminHub: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      tokenHash: hashSessionToken(token),
      userId: staff.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .execute();
  return `${sessionCookieName}=${token}`;
}

/** A random pick. */
function pick<T>(values: readonly T[]): T {
  return values[Math.floor(Math.random() * values.length)]!;
}

/**
 * Three demographic filters (two or three answers ticked in each) and five score ranges, drawn
 * afresh for every request so that no two requests need be alike.
 */
function randomFilters(): StaffFilters {
  const some = (answers: readonly string[], count: number) =>
    [...answers].sort(() => Math.random() - 0.5).slice(0, count);
  const elements = [
    'tradition',
    'intellectual-curiosity',
    'equality',
    'merit',
    'tolerance',
    'authority',
    'need-for-cognition',
    'faith',
  ];
  const ranges = [...elements]
    .sort(() => Math.random() - 0.5)
    .slice(0, 5)
    .map((element) => {
      const min = pick([0, 10, 20, 30]);
      return { element, min, max: min + pick([50, 60, 70]) };
    });
  return {
    ...emptyStaffFilters,
    demographics: {
      gender: some(['female', 'male', 'non-binary'], 2),
      generation: some(demographicFilterAnswers.generation, 3),
      education: some(demographicFilterAnswers.education, 4),
    },
    values: ranges,
  };
}

function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

function summary(durations: number[]) {
  const sorted = [...durations].sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
  };
}

/** The pid of the process listening on the port (the server), from `ss`. */
function pidListeningOn(port: string): number {
  const output = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  const match = /pid=(\d+)/.exec(output);
  if (!match) throw new Error(`no process found listening on port ${port}:\n${output}`);
  return Number(match[1]);
}

function rssBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) * 1024 : 0;
}

/** Any answer slower than this fails the run rather than hanging it. */
const requestTimeoutMs = 60_000;

async function timed(send: () => Promise<Response>): Promise<{ ms: number; body: string }> {
  const started = performance.now();
  const response = await send();
  const body = await response.text();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${response.status}: ${body.slice(0, 500)}`);
  return { ms, body };
}

let target: Target | undefined;
let databaseUrl: string;
let seedSeconds: number | null = null;
let seeded: Awaited<ReturnType<typeof seedSynthetic>> | null = null;
if (reuseUrl) {
  databaseUrl = reuseUrl;
} else {
  target = await createTarget('postgres', { name: 'analytics', poolSize: 10 });
  databaseUrl = target.env.DATABASE_URL!;
}
const results: Record<string, unknown> = { members, requests };
let failed: boolean | undefined;
try {
  const handle = openPostgresDatabase(databaseUrl, 5);
  let cookie: string;
  try {
    await migrateToLatest(handle.db);
    if (!reuseUrl) {
      console.log(`Seeding ${members} synthetic members…`);
      seeded = await seedSynthetic(handle.db, {
        members,
        onProgress: (line) => console.log(`  ${line}`),
      });
      seedSeconds = seeded.seconds;
      console.log(
        `  done in ${seedSeconds.toFixed(1)} s: ${seeded.quizVotes + seeded.pollVotes} votes, ` +
          `${seeded.opinionDnaMembers} members with Opinion DNA`,
      );
    }
    // The server queues the norms' and the member scores' jobs on start when they are over 10
    // minutes old: both are made fresh here, so that neither runs during a measurement.
    if (reuseUrl) {
      const started = performance.now();
      await refreshMemberScores(handle.db);
      results.memberScoresSeconds = (performance.now() - started) / 1000;
    }
    // The norms read members in batches and give the event loop back between them: the longest
    // stall of a 10 ms timer meanwhile is what a server's requests would wait at worst.
    const normsStarted = performance.now();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    let lastTick = performance.now();
    let longestStallMs = 0;
    const sampler = setInterval(() => {
      const now = performance.now();
      longestStallMs = Math.max(longestStallMs, now - lastTick);
      lastTick = now;
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 10);
    await computeReportNorms(handle.db);
    clearInterval(sampler);
    results.normsSeconds = (performance.now() - normsStarted) / 1000;
    results.normsRssGrowthMb = Math.round((rssPeak - rssBefore) / 1e5) / 10;
    results.normsLongestStallMs = Math.round(longestStallMs);
    console.log(
      `  report norms computed in ${(results.normsSeconds as number).toFixed(1)} s: ` +
        `RSS +${results.normsRssGrowthMb} MB, longest event-loop stall ${results.normsLongestStallMs} ms`,
    );
    // Their jobs left waiting by an earlier run (a reused database) have nothing left to do.
    await handle.db
      .updateTable('jobs')
      .set({ doneAt: new Date() })
      .where('doneAt', 'is', null)
      .where('kind', 'in', [computeNormsJobKind, computeMemberScoresJobKind])
      .execute();
    cookie = await createStaffSession(handle.db);
  } finally {
    await handle.close();
  }

  const server = await startApp({
    env: { DATABASE_URL: databaseUrl, DP_DAILY_BUDGET: '1000000' },
  });
  try {
    const port = new URL(server.baseUrl).port;
    const pid = pidListeningOn(port);
    const headers = { 'content-type': 'application/json', cookie };
    const filter = (filters: StaffFilters) =>
      fetch(`${server.baseUrl}/api/stancedna/filter?${encodeStaffFilters(filters)}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ body: { assessmentType: 'opiniondna' } }),
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
    const control = () =>
      fetch(`${server.baseUrl}/api/user/info`, {
        method: 'POST',
        headers,
        body: '{}',
        signal: AbortSignal.timeout(requestTimeoutMs),
      });

    for (let index = 0; index < warmup; index++) {
      await timed(() => filter(randomFilters()));
      await timed(control);
    }
    const filterMs: number[] = [];
    const controlMs: number[] = [];
    const users: number[] = [];
    let withheld = 0;
    for (let index = 0; index < requests; index++) {
      // Alternating which goes first, so that neither always follows the other.
      const order = index % 2 === 0 ? ['filter', 'control'] : ['control', 'filter'];
      for (const call of order) {
        if (call === 'control') {
          controlMs.push((await timed(control)).ms);
          continue;
        }
        const answer = await timed(() => filter(randomFilters()));
        filterMs.push(answer.ms);
        const body = JSON.parse(answer.body).body as { Users: number | null; Withheld: boolean };
        if (index === 0) console.log(`  first answer: ${answer.body.slice(0, 300)}…`);
        if (body.Withheld) withheld += 1;
        else if (body.Users !== null) users.push(body.Users);
      }
    }
    const filtered = summary(filterMs);
    const controlled = summary(controlMs);
    users.sort((a, b) => a - b);
    results.filter = {
      ...filtered,
      medianUsers: users.length ? percentile(users, 50) : null,
      withheld,
    };
    results.control = controlled;

    // The CSV export of every member with Opinion DNA, streamed; the server's RSS sampled meanwhile.
    const rssBefore = rssBytes(pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, rssBytes(pid));
    }, 20);
    const started = performance.now();
    const response = await fetch(`${server.baseUrl}/api/stancedna/report`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ body: { assessmentType: 'opiniondna' } }),
    });
    if (!response.ok || !response.body) {
      clearInterval(sampler);
      throw new Error(`export: ${response.status} ${await response.text()}`);
    }
    let lines = 0;
    let bytes = 0;
    for await (const chunk of response.body) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines += 1;
    }
    const exportSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    rssPeak = Math.max(rssPeak, rssBytes(pid));
    const rows = lines - 1; // the header
    results.export = {
      rows,
      megabytes: Math.round(bytes / 1e5) / 10,
      seconds: Math.round(exportSeconds * 10) / 10,
      rowsPerSecond: Math.round(rows / exportSeconds),
      rssBeforeMb: Math.round(rssBefore / 1e5) / 10,
      rssGrowthMb: Math.round((rssPeak - rssBefore) / 1e5) / 10,
    };

    const ratio = (key: 'p50' | 'p95') =>
      Math.round((filtered[key] / Math.max(controlled[key], 0.1)) * 10) / 10;
    console.log(
      `\nStance analytics benchmark on PostgreSQL (${os.cpus().length} CPUs, Node ${process.version}, ` +
        `load average ${os.loadavg()[0]!.toFixed(1)})`,
    );
    if (seedSeconds !== null) {
      console.log(`  seed synthetic --members ${members}        ${seedSeconds.toFixed(1)} s`);
    }
    console.log(
      `  stancedna/filter (3 demographics, 5 ranges)  p50 ${filtered.p50} ms, p95 ${filtered.p95} ms, ` +
        `p99 ${filtered.p99} ms  (aim p95 < ${targetP95Ms} ms)  ${filtered.p95 < targetP95Ms ? 'ok' : 'MISSED'}`,
    );
    console.log(
      `  control user/info                            p50 ${controlled.p50} ms, p95 ${controlled.p95} ms, ` +
        `p99 ${controlled.p99} ms`,
    );
    console.log(
      `  filter ÷ control                             p50 ×${ratio('p50')}, p95 ×${ratio('p95')}`,
    );
    console.log(
      `  filtered members (median)                    ${users.length ? percentile(users, 50) : 'n/a'}; ${withheld} of ${requests} withheld`,
    );
    const exported = results.export as Record<string, number>;
    console.log(
      `  stancedna/report CSV                         ${exported.rows} rows, ${exported.megabytes} MB in ` +
        `${exported.seconds} s: ${exported.rowsPerSecond} rows/s; server RSS +${exported.rssGrowthMb} MB ` +
        `(from ${exported.rssBeforeMb} MB)`,
    );
    failed = filtered.p95 >= targetP95Ms;
  } finally {
    await server.stop();
  }
} finally {
  await target?.dispose();
}

results.seedSeconds = seedSeconds;
results.seeded = seeded;
results.loadAverage = os.loadavg();
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
const resultPath = path.join(root, 'bench/results', `analytics-postgres-${Date.now()}.json`);
fs.writeFileSync(resultPath, JSON.stringify(results, null, 2));
console.log(`  results: ${path.relative(root, resultPath)}`);
process.exitCode = failed === false ? 0 : 1;
