/**
 * The API benchmarks of issue 4, each run beside its control on the same machine and database
 * (docs/product/budgets-and-security.md#api):
 *
 *   1. votes: POST /api/opinion/vote throughput at 100 connections ÷ an in-process loop of raw
 *      vote upserts on the same database, 10 at once (controlLoops). Target ≥ 0.6 with p99 ≤
 *      100 ms (issue 35, docs/decisions/084-what-a-vote-costs.md). The same votes
 *      at 10 connections (votesAt10) are reported beside it, for reference.
 *   2. reads: GET /api/opinion/get and the first For You page ÷ a `node:http` hello-world sent
 *      the same requests, at 100 connections, each for a visitor and for a member. Target ≥ 0.3,
 *      and p99 ≤ 50 ms.
 *   3. hot opinion: every vote on one opinion. Target ≥ 0.7 × run 1 (issue 35).
 *   4. pages: the server-rendered HTML of the visitor's feed (GET /) and of an opinion's page
 *      (GET /o/<slug>), as a browser asks for them (Accept-Encoding), ÷ the hello-world, at 100
 *      connections. Target ≥ 0.3 (issue 36); the web app is built first (dist/web, dist/ssr).
 *      For reference, each also beside a node:http server sending the page's own bytes (an
 *      opinion's page: the first opinion's), which tells the server's cost from the load
 *      generator's in reading responses of that size (docs/decisions/087).
 *
 * The server is the real one (`node server/main.ts`, NODE_ENV=production) in its own process on
 * the demo content plus 2,000 benchmark members with sessions. After every run the server stops
 * and `npm run cli -- verify-counts` must report 0 drift (the embedded database allows one process
 * at a time, so the check runs between runs on both engines alike). The load of every run, app
 * and control alike, comes from autocannon in a process of its own (bench/load.ts).
 *
 * Usage: npm run bench                embedded database (PGlite) in a temporary directory
 *        npm run bench -- postgres    a new database on DATABASE_URL's server (default
 *                                     postgres://postgres@127.0.0.1:5432/postgres), dropped after
 * BENCH_SECONDS sets each measured run's length (default 10); each run has a 3 s warm-up first,
 * and before it, each of a read run's prebuilt requests is sent once (see prime). The vote runs
 * share one database, each with a server of its own: the jobs a run's votes queue a settle time
 * (10 s) later fall partly in the next run. With the default length each vote run holds one wave
 * of the refreshes its votes queue and leaves one to the next; in shorter runs the spread votes
 * leave them all to the hot opinion's run (docs/decisions/097-tidbits-refreshed-together.md).
 * BENCH_ROUNDS (default 3) repeats every comparison, alternating with its control; the report
 * gives the median of the rounds' ratios and p99s (this machine's neighbours move single runs by
 * ±30 %).
 * BENCH_ONLY=votes,upsertControl runs only the named runs (opinionGetVisitor, opinionGetMember,
 * feedVisitor, feedMember, feedPageVisitor, opinionPageVisitor, upsertControl, votes, hotOpinion,
 * votesAt10); each read run brings its own
 * hello-world control, measured right before it. BENCH_PROFILE=<dir> writes a CPU profile of
 * the server of every run there (node --cpu-prof). BENCH_SERVER_LOG=<file> appends each server's
 * output there when it stops; BENCH_SERVER_ARGS passes Node options to the server (with
 * --trace-gc, the log has its garbage collections).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { migrateToLatest, type Db } from '../server/db/database.ts';
import { seedDemo } from '../server/db/seed/demo.ts';
import { hashSessionToken, sessionCookieName } from '../server/plugins/session.ts';
import { freePort } from '../server/test/free-port.ts';
import {
  createTarget,
  median,
  root,
  runLoad,
  startApp,
  startProcess,
  type Target,
} from './harness.ts';
import { ensureWebBuild } from '../scripts/web-build.ts';
import { random, randomRating, type LoadSpec, type Measured, type PlainRequest } from './load.ts';

const engine = process.argv.includes('postgres') ? 'postgres' : 'pglite';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
/** Each comparison runs this many times, alternating with its control; the median ratio counts. */
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

// The pages' runs need the web app's build: the server renders them with its server entry.
await ensureWebBuild();
const warmupSeconds = 3;
const benchMembers = 2000;
/**
 * Votes are measured at the reads' 100 connections: a throughput is what the server sustains when
 * it is kept busy. Ten clients cannot keep it busy: a vote batch costs about the same at any size
 * (about 2 ms on the embedded database), ten votes are the most a batch can hold, and each vote
 * also waits for its client's next request, so that run measured the wait (docs/decisions/023-performance-machinery.md#benchmark).
 * The 10-connection run is still made and reported.
 */
const voteConnections = 100;
/**
 * The raw-upsert control's concurrent loops: as many as the database runs at once (the
 * PostgreSQL pool's connections; the embedded database runs one). More only queue, and on this
 * machine 100 loops made 15 % fewer upserts/s than 10 on the embedded database: the control is
 * kept at its faster setting for both vote runs.
 */
const controlLoops = 10;
/** The latency-bound reference run of votes (named votesAt10), beside the same control. */
const fewVoteConnections = 10;
const readConnections = 100;
/** Connections of the server's PostgreSQL pool (openPostgresDatabase's default); the control gets as many. */
const poolSize = 10;

const targets = { votes: 0.6, voteP99Ms: 100, reads: 0.3, readP99Ms: 50, hot: 0.7 };
/**
 * Every request carries the Accept-Encoding a browser sends (Chrome and Firefox over https), so
 * that the runs measure what browsers are sent: compressed bodies above 1 KB. Without it a run
 * measured a path no browser takes (docs/decisions/023-performance-machinery.md#compressed-bodies).
 */
const browserHeaders = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const onlyRuns = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const shouldRun = (name: string) => !onlyRuns || onlyRuns.includes(name);

type Fixtures = {
  cookies: string[];
  opinions: { id: number; slug: string }[];
  hotOpinionId: number;
};

/** What a run sends: the same requests in turn on every connection, or votes made afresh. */
type Load = Pick<LoadSpec, 'requests' | 'votes'>;

// ---------------------------------------------------------------------------------------------
// The database: demo content, benchmark members with live sessions, and the control's table.

async function prepareDatabase(db: Db): Promise<Fixtures> {
  await migrateToLatest(db);
  await seedDemo(db);
  const users = await db
    .insertInto('users')
    .values(
      Array.from({ length: benchMembers }, (_, index) => ({
        username: `bench_${String(index).padStart(5, '0')}`,
        email: `bench${index}@bench.stance.invalid`,
        passwordHash: null,
        role: null,
      })),
    )
    .returning('id')
    .execute();
  // Every benchmark member has personal details (a demo member's, in turn), as a member who took a
  // quiz has: a vote then also moves its opinion's insight counts (docs/decisions/075).
  const details = await db.selectFrom('demographics').selectAll().execute();
  await db
    .insertInto('demographics')
    .values(users.map((user, index) => ({ ...details[index % details.length]!, userId: user.id })))
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
  // The control writes the same shape as votes (keys, indexes, foreign keys) into its own table,
  // so it leaves the real counters alone and verify-counts stays meaningful.
  await sql`create table bench_votes (like votes including all)`.execute(db);
  await sql`alter table bench_votes
    add foreign key (user_id) references users (id) on delete cascade,
    add foreign key (opinion_id) references opinions (id) on delete cascade`.execute(db);
  const opinions = await db
    .selectFrom('opinions')
    .select(['id', 'slug'])
    .where('listed', '=', true)
    .where('deleted', '=', false)
    .orderBy('numVotes', 'desc')
    .execute();
  return {
    cookies: tokens.map((token) => `${sessionCookieName}=${token}`),
    opinions,
    hotOpinionId: opinions[0]!.id,
  };
}

// ---------------------------------------------------------------------------------------------
// Processes: the app server, the hello-world control, and the verify-counts command.

async function verifyCounts(target: Target): Promise<{ isClean: boolean; report: string }> {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(process.execPath, ['server/cli.ts', 'verify-counts'], {
      cwd: root,
      env: { ...process.env, ...target.env, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) =>
      resolve({ isClean: code === 0, report: output.trim().split('\n').at(-1) ?? '' }),
    );
  });
}

// ---------------------------------------------------------------------------------------------
// Measuring.

/**
 * A measured run at `url`: each of its prebuilt requests sent once (prime), then autocannon's
 * warm-up and measurement in a process of its own (bench/load.ts says why).
 */
async function cannon(url: string, connections: number, load: Load): Promise<Measured> {
  await prime(url, load.requests ?? []);
  return runLoad({ url, connections, warmupSeconds, seconds, ...load });
}

/** A response's bytes as they travelled, with their Content-Encoding (fetch would decode them). */
async function fetchRaw(
  url: string,
  request: { method: string; headers: Record<string, string>; body?: string },
): Promise<{ bytes: Buffer; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(url, { method: request.method, headers: request.headers });
    outgoing.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const encoding = response.headers['content-encoding'];
        resolve({ bytes: Buffer.concat(chunks), encoding });
      });
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/**
 * Sends each of a run's prebuilt requests once, ten at a time, before the warm-up: a server in its
 * steady state has met the members whose requests it answers (their members-cache entries,
 * docs/decisions/023-performance-machinery.md#members-cache). Every connection of a run walks the same list from its start, so without
 * this the connections stand together behind each member's first load, one member after another,
 * and the run measures the server's first minute rather than its steady state.
 */
async function prime(url: string, requests: readonly PlainRequest[]) {
  const queue = [...requests];
  const send = async () => {
    for (let request = queue.shift(); request; request = queue.shift()) {
      const response = await fetch(`${url}${request.path}`, {
        method: request.method,
        headers: request.headers,
        ...(request.body ? { body: request.body } : {}),
      });
      await response.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 10 }, send));
}

/**
 * Requests made up front, drawn at random (random opinions, random members), which every
 * connection sends in turn. Autocannon encodes each once per connection when a run starts; a
 * setupRequest callback would make it build every request afresh, and at 100 connections that
 * work alone held the client near 40,000 requests/s, so that it, not the server, set the
 * control's pace. A hundred keep the start-up encoding (100 per connection) short.
 */
function prebuilt(make: () => PlainRequest, count = 100): Load {
  return { requests: Array.from({ length: count }, make) };
}

/** Votes by random members, with random ratings, on the given opinions (drawn at random). */
function voteLoad(fixtures: Fixtures, opinionIds: number[]): Load {
  return { votes: { cookies: fixtures.cookies, opinionIds, headers: browserHeaders } };
}

/** The control of run 1: raw upserts of a vote row, in this process, `controlLoops` at once. */
async function upsertLoop(db: Db, fixtures: Fixtures, userIds: number[], durationS: number) {
  let done = 0;
  const stopAt = performance.now() + durationS * 1000;
  const worker = async () => {
    while (performance.now() < stopAt) {
      await sql`
        insert into bench_votes (user_id, opinion_id, rating)
        values (${random(userIds)}, ${random(fixtures.opinions).id}, ${randomRating()})
        on conflict (user_id, opinion_id) do update set rating = excluded.rating, updated_at = now()
      `.execute(db);
      done++;
    }
  };
  const startedAt = performance.now();
  await Promise.all(Array.from({ length: controlLoops }, worker));
  return done / ((performance.now() - startedAt) / 1000);
}

// ---------------------------------------------------------------------------------------------

const target = await createTarget(engine, { name: 'api', poolSize });
/** Every round's figure of each run, in round order. */
const results: Record<string, Array<Measured | number>> = {};
const record = (name: string, value: Measured | number) => (results[name] ??= []).push(value);
const drift: string[] = [];
try {
  console.log(`Preparing the ${engine} database (demo content + ${benchMembers} members)…`);
  let handle = await target.open();
  const fixtures = await prepareDatabase(handle.db);
  const userIds = (
    await handle.db
      .selectFrom('users')
      .select('id')
      .where('username', 'like', 'bench\\_%')
      .execute()
  ).map((row) => row.id);
  await handle.close();
  if (await target.standInForAutovacuum()) {
    console.log(
      "PostgreSQL's autovacuum is off on this server: the database is vacuumed and analysed " +
        'between runs in its place (docs/decisions/099).',
    );
  }

  /**
   * A control run: the node:http server answering the very requests the app's run sends (method,
   * path, headers, body, made the same way), so that the two differ in the server alone. A POST
   * with a body costs the client and both servers more than a bare GET: measured against GETs,
   * the feed's control was 16 % faster than against its own POSTs.
   */
  async function helloRun(
    name: string,
    requests: PlainRequest[],
    body?: { file: string; encoding: string | undefined },
  ) {
    const helloPort = await freePort();
    const stopHello = await startProcess(
      'bench/hello.ts',
      {
        PORT: String(helloPort),
        ...(body ? { BODY_FILE: body.file, BODY_ENCODING: body.encoding ?? '' } : {}),
      },
      `http://127.0.0.1:${helloPort}/`,
    );
    try {
      const measured = await cannon(`http://127.0.0.1:${helloPort}`, readConnections, {
        requests,
      });
      record(name, measured);
      const what = body ? 'node:http sending the same bytes' : 'node:http control';
      console.log(`  ${name} (${what}): ${format(measured)}`);
    } finally {
      await stopHello();
    }
  }

  async function appRun(
    name: string,
    connections: number,
    load: Load,
    options: {
      /** Measure a node:http control answering the same requests right before (the reads). */
      helloControl?: boolean;
      sameBytesControl?: {
        path: string;
        method: string;
        headers: Record<string, string>;
        body?: string;
      };
    } = {},
  ) {
    if (!shouldRun(name)) return;
    // Other work on a shared machine moves both figures: each read is measured beside its own
    // control, run just before it.
    const requests = load.requests ?? [];
    if (options.helloControl) await helloRun(`${name}Hello`, requests);
    const app = await startApp(target);
    let measured: Measured;
    let bodyFile: string | undefined;
    let bodyEncoding: string | undefined;
    try {
      measured = await cannon(app.baseUrl, connections, load);
      const sample = options.sameBytesControl;
      if (sample) {
        // What the bytes alone cost: the same response body from a node:http server (an
        // informational ceiling for large responses, not one of issue 4's targets).
        const response = await fetchRaw(`${app.baseUrl}${sample.path}`, sample);
        bodyFile = path.join(os.tmpdir(), `stance-bench-${name}-${process.pid}.json`);
        fs.writeFileSync(bodyFile, response.bytes);
        bodyEncoding = response.encoding;
      }
    } finally {
      await app.stop();
    }
    await target.standInForAutovacuum();
    if (bodyFile) {
      await helloRun(`${name}SameBytes`, requests, { file: bodyFile, encoding: bodyEncoding });
      fs.rmSync(bodyFile, { force: true });
    }
    record(name, measured);
    const check = await verifyCounts(target);
    console.log(`  ${name}: ${format(measured)}   verify-counts: ${check.report}`);
    if (!check.isClean) drift.push(`${name}: ${check.report}`);
  }

  const opinionIds = fixtures.opinions.map((opinion) => opinion.id);
  console.log(
    `${rounds} rounds; each run ${seconds} s after ${warmupSeconds} s of warm-up, beside its control:`,
  );
  for (let round = 1; round <= rounds; round++) {
    console.log(`Round ${round}:`);
    await appRun(
      'opinionGetVisitor',
      readConnections,
      prebuilt(() => ({
        method: 'GET',
        path: `/api/opinion/get?slug=${random(fixtures.opinions).slug}`,
        headers: browserHeaders,
      })),
      { helloControl: true },
    );
    await appRun(
      'opinionGetMember',
      readConnections,
      prebuilt(() => ({
        method: 'GET',
        path: `/api/opinion/get?slug=${random(fixtures.opinions).slug}`,
        headers: { ...browserHeaders, cookie: random(fixtures.cookies) },
      })),
      { helloControl: true },
    );
    await appRun(
      'feedVisitor',
      readConnections,
      {
        requests: [
          {
            method: 'POST',
            path: '/api/opinion/userfeed',
            headers: { ...browserHeaders, 'content-type': 'application/json' },
            body: '{"body":{}}',
          },
        ],
      },
      {
        helloControl: true,
        sameBytesControl: {
          method: 'POST',
          path: '/api/opinion/userfeed',
          headers: { ...browserHeaders, 'content-type': 'application/json' },
          body: '{"body":{}}',
        },
      },
    );
    await appRun(
      'feedMember',
      readConnections,
      prebuilt(() => ({
        method: 'POST',
        path: '/api/opinion/userfeed',
        headers: {
          ...browserHeaders,
          'content-type': 'application/json',
          cookie: random(fixtures.cookies),
        },
        body: '{"body":{}}',
      })),
      {
        helloControl: true,
        sameBytesControl: {
          method: 'POST',
          path: '/api/opinion/userfeed',
          headers: {
            ...browserHeaders,
            'content-type': 'application/json',
            cookie: fixtures.cookies[0]!,
          },
          body: '{"body":{}}',
        },
      },
    );
    // The pages as a visitor's browser asks for them: the app rendered on the server.
    const pageHeaders = { ...browserHeaders, accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    await appRun(
      'feedPageVisitor',
      readConnections,
      { requests: [{ method: 'GET', path: '/', headers: pageHeaders }] },
      { helloControl: true, sameBytesControl: { method: 'GET', path: '/', headers: pageHeaders } },
    );
    await appRun(
      'opinionPageVisitor',
      readConnections,
      prebuilt(() => ({
        method: 'GET',
        path: `/o/${random(fixtures.opinions).slug}`,
        headers: pageHeaders,
      })),
      {
        helloControl: true,
        sameBytesControl: {
          method: 'GET',
          path: `/o/${fixtures.opinions[0]!.slug}`,
          headers: pageHeaders,
        },
      },
    );
    if (shouldRun('upsertControl')) {
      handle = await target.open();
      try {
        await upsertLoop(handle.db, fixtures, userIds, warmupSeconds);
        const upserts = await upsertLoop(handle.db, fixtures, userIds, seconds);
        record('upsertControl', upserts);
        console.log(
          `  upsert control (in-process, ${controlLoops} at once): ${Math.round(upserts)} upserts/s`,
        );
      } finally {
        await handle.close();
      }
    }

    await appRun('votes', voteConnections, voteLoad(fixtures, opinionIds));

    await appRun('hotOpinion', voteConnections, voteLoad(fixtures, [fixtures.hotOpinionId]));

    await appRun('votesAt10', fewVoteConnections, voteLoad(fixtures, opinionIds));
  }
} finally {
  await target.dispose();
}

function format(measured: Measured): string {
  return (
    `${Math.round(measured.rps)} req/s, p50 ${measured.p50} ms, p99 ${measured.p99} ms, ` +
    `${measured.requests} requests, ${measured.failures} failed` +
    (measured.failures > 0 ? ` (${measured.failureKinds})` : '')
  );
}

const ratesOf = (name: string): number[] =>
  (results[name] ?? []).map((value) => (typeof value === 'number' ? value : value.rps));
/** The median over rounds of the run's rate ÷ its control's rate in the same round. */
const ratio = (name: string, control: string) => {
  const values = ratesOf(name);
  const bases = ratesOf(control);
  return median(values.flatMap((value, round) => (bases[round] ? [value / bases[round]] : [])));
};
const readRuns = [
  ['opinionGetVisitor', 'opinion/get (visitor)'],
  ['opinionGetMember', 'opinion/get (member)'],
  ['feedVisitor', 'first feed page (visitor)'],
  ['feedMember', 'first feed page (member)'],
  ['feedPageVisitor', 'feed page, server-rendered (visitor)'],
  ['opinionPageVisitor', 'opinion page, server-rendered (visitor)'],
] as const;
const checks = [
  {
    name: 'votes ÷ raw upsert loop',
    value: ratio('votes', 'upsertControl'),
    target: targets.votes,
  },
  ...readRuns.map(([run, label]) => ({
    name: `${label} ÷ hello-world`,
    value: ratio(run, `${run}Hello`),
    target: targets.reads,
  })),
  { name: 'hot opinion ÷ votes', value: ratio('hotOpinion', 'votes'), target: targets.hot },
];
/** Not a target: votes when the server is not kept busy (see voteConnections). */
const votesAt10 = ratio('votesAt10', 'upsertControl');
const sameBytesRatios = (
  ['feedVisitor', 'feedMember', 'feedPageVisitor', 'opinionPageVisitor'] as const
).flatMap((run) => {
  const value = ratio(run, `${run}SameBytes`);
  return value === undefined ? [] : [{ run, value }];
});
const latencyChecks = [
  ...readRuns.map(([run, label]) => ({
    name: `${label} p99, ${readConnections} connections`,
    value: median((results[run] ?? []).map((value) => (value as Measured).p99)),
    target: targets.readP99Ms,
  })),
  ...(['votes', 'hotOpinion'] as const).map((run) => ({
    name: `${run} p99, ${voteConnections} connections`,
    value: median((results[run] ?? []).map((value) => (value as Measured).p99)),
    target: targets.voteP99Ms,
  })),
];

console.log(
  `\nStance API benchmark on ${engine} (${os.cpus().length} CPUs, Node ${process.version})`,
);
for (const check of checks) {
  if (check.value === undefined) continue;
  console.log(
    `  ${check.name.padEnd(46)} ${check.value.toFixed(2).padStart(6)}  (target ≥ ${check.target})  ${check.value >= check.target ? 'ok' : 'MISSED'}`,
  );
}
for (const check of latencyChecks) {
  if (check.value === undefined) continue;
  console.log(
    `  ${check.name.padEnd(46)} ${`${check.value} ms`.padStart(6)}  (target ≤ ${check.target} ms)  ${check.value <= check.target ? 'ok' : 'MISSED'}`,
  );
}
if (votesAt10 !== undefined) {
  console.log(
    `  ${`votes at ${fewVoteConnections} connections ÷ raw upsert loop`.padEnd(46)} ${votesAt10.toFixed(2).padStart(6)}  (for reference)`,
  );
}
for (const { run, value } of sameBytesRatios) {
  console.log(
    `  ${`${run} ÷ node:http sending its bytes`.padEnd(46)} ${value.toFixed(2).padStart(6)}  (for reference)`,
  );
}
let failures = 0;
for (const value of Object.values(results).flat()) {
  if (typeof value !== 'number') failures += value.failures;
}
console.log(`  failed requests                            ${failures}`);
console.log(
  `  verify-counts drift after every run        ${drift.length === 0 ? 'none' : drift.join('; ')}`,
);

fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
const resultPath = path.join(root, 'bench/results', `api-${engine}-${Date.now()}.json`);
fs.writeFileSync(resultPath, JSON.stringify({ engine, seconds, rounds, results, checks }, null, 2));
console.log(`  results: ${path.relative(root, resultPath)}`);

const isMissed =
  checks.some((check) => check.value !== undefined && check.value < check.target) ||
  latencyChecks.some((check) => check.value !== undefined && check.value > check.target);
process.exitCode = drift.length > 0 || failures > 0 || isMissed ? 1 : 0;
