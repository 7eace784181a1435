/**
 * One measured load run of the API benchmark (bench/api.ts), made by autocannon in a process of
 * its own: `node bench/load.ts <spec.json>` warms up, measures, and prints the figures as the
 * last line of its output (JSON).
 *
 * Why a process per run: the load generator shares the machine's two cores with the server and
 * the database, so its own pace is part of every latency it reports. Run after run in one long
 * process, its history slowed it: with nothing else changed (the same server, the same database,
 * no writes in between) a member's first feed page measured p99 31–41 ms as the first run of a
 * fresh benchmark process and 59–68 ms as the second or third of one (docs/decisions/023-performance-machinery.md#benchmark). A
 * fresh process gives every run, app and control alike, the same load generator.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';

/**
 * autocannon decodes every response body into a string (`body += chunk`), for callbacks no run
 * here uses. For a compressed page that is 12 µs of this process's CPU when one page comes back
 * again and again, and 35–60 µs when the run's pages differ (the decoder's branches are learnt on
 * one buffer), taken from the two cores the server shares: the opinion page measured 0.16 of
 * hello-world through it against 0.37 through wrk, which decodes nothing
 * (docs/decisions/093-the-load-generator-reads-no-bodies.md). Bodies are counted, not decoded.
 */
const PipelinedRequestsQueue = createRequire(import.meta.url)(
  'autocannon/lib/pipelinedRequestsQueue.js',
) as { prototype: { addBody(data: Buffer): void } };
PipelinedRequestsQueue.prototype.addBody = () => {};

/** A request as autocannon takes it, as JSON (no callbacks: it crosses into this process). */
export type PlainRequest = {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
};

export type LoadSpec = {
  url: string;
  connections: number;
  warmupSeconds: number;
  seconds: number;
  /** Each connection sends these in turn. */
  requests?: PlainRequest[];
  /** Or votes made afresh for each request: a random member, opinion and rating. */
  votes?: { cookies: string[]; opinionIds: number[]; headers: Record<string, string> };
};

export type Measured = {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  failures: number;
  /** What the failures were, when there were any: status codes, socket errors, timeouts. */
  failureKinds: string;
};

export const random = <T>(items: readonly T[]): T =>
  items[Math.floor(Math.random() * items.length)]!;
export const randomRating = () => 1 + Math.floor(Math.random() * 5);

function requestsOf(spec: LoadSpec): autocannon.Request[] {
  const { votes } = spec;
  if (!votes) return spec.requests ?? [];
  return [
    {
      method: 'POST',
      path: '/api/opinion/vote',
      setupRequest: (request) => ({
        ...request,
        headers: {
          ...votes.headers,
          'content-type': 'application/json',
          cookie: random(votes.cookies),
        },
        body: JSON.stringify({ body: { id: random(votes.opinionIds), rating: randomRating() } }),
      }),
    },
  ];
}

/** "503: 12, errors: 3, timeouts: 0": enough to tell a refusal from a dropped connection. */
function describeFailures(result: autocannon.Result): string {
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .filter(([status]) => !status.startsWith('2'))
    .map(([status, stats]) => `${status}: ${stats.count}`);
  return [...statuses, `errors: ${result.errors}`, `timeouts: ${result.timeouts}`].join(', ');
}

async function measure(spec: LoadSpec): Promise<Measured> {
  const options = {
    url: spec.url,
    connections: spec.connections,
    requests: requestsOf(spec),
  };
  if (spec.warmupSeconds > 0) await autocannon({ ...options, duration: spec.warmupSeconds });
  const result = await autocannon({ ...options, duration: spec.seconds });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
    failureKinds: describeFailures(result),
  };
}

const specFile = process.argv[2];
if (specFile && import.meta.filename === fs.realpathSync(process.argv[1]!)) {
  const spec = JSON.parse(fs.readFileSync(specFile, 'utf8')) as LoadSpec;
  console.log(JSON.stringify(await measure(spec)));
}
