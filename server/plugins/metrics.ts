import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { poolUse, type Db } from '../db/database.ts';
import { isFromThisMachine } from './dev-only.ts';

/**
 * The process's figures for Prometheus (docs/decisions/064-metrics.md), at `GET /metrics` in its
 * text format: requests by route, method and status with their latency; each database pool's
 * connections; the job queue's depth by kind and the jobs this process ran by outcome; and
 * Node's own (CPU, memory, event-loop delay, handles). Only a scraper on this machine may read
 * them, or one that sends `Authorization: Bearer <METRICS_TOKEN>`; anyone else gets a 404.
 */
export type Metrics = {
  /** Reports a database handle's pool under this name (`requests`, `jobs`). */
  watchPool(name: string, db: Db): void;
  /** Counts a job run by this process (the job worker's onJobRun). */
  jobRun(kind: string, outcome: 'done' | 'failed'): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/**
 * Node's own figures, collected once per process: each collection starts an event-loop monitor
 * and a garbage-collection observer that live as long as the process, so a process that builds
 * many apps (the tests) must not start one per app.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Latency buckets in seconds: from a cached read to the statement timeout. */
const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function registerMetrics(
  app: FastifyInstance,
  options: { db: Db; token: string | undefined },
) {
  const registry = new Registry();

  const requests = new Histogram({
    name: 'stance_http_request_duration_seconds',
    help: 'Requests answered, by route, method and status, and how long each took',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: latencyBuckets,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    requests.observe(
      {
        // The route's pattern, never the address itself: a label per slug would grow for ever.
        route: request.routeOptions.url ?? 'unmatched',
        method: request.method,
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  const pools = new Map<string, Db>();
  new Gauge({
    name: 'stance_db_pool_connections',
    help: "A database pool's connections: its size, those open, those idle, and requests waiting for one",
    labelNames: ['pool', 'state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [name, db] of pools) {
        const use = poolUse(db);
        if (!use) continue;
        this.set({ pool: name, state: 'size' }, use.size);
        this.set({ pool: name, state: 'open' }, use.open);
        this.set({ pool: name, state: 'idle' }, use.idle);
        this.set({ pool: name, state: 'waiting' }, use.waiting);
      }
    },
  });

  new Gauge({
    name: 'stance_jobs_waiting',
    help: 'Jobs not yet done, by kind: all of them, and those due now (the queue every process shares)',
    labelNames: ['kind', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      // A database that does not answer leaves the gauge empty rather than failing the scrape.
      const rows = await sql<{ kind: string; waiting: string; due: string }>`
        select kind, count(*) as waiting, count(*) filter (where run_at <= now()) as due
        from jobs where done_at is null group by kind
      `
        .execute(options.db)
        .then((result) => result.rows)
        .catch(() => []);
      for (const row of rows) {
        this.set({ kind: row.kind, state: 'all' }, Number(row.waiting));
        this.set({ kind: row.kind, state: 'due' }, Number(row.due));
      }
    },
  });

  const jobRuns = new Counter({
    name: 'stance_jobs_run_total',
    help: 'Jobs this process ran, by kind and outcome (a failed one is tried again later)',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });

  app.decorate('metrics', {
    watchPool: (name: string, db: Db) => void pools.set(name, db),
    jobRun: (kind: string, outcome: 'done' | 'failed') => jobRuns.inc({ kind, outcome }),
  } satisfies Metrics);
  pools.set('requests', options.db);

  processMetrics();
  app.get('/metrics', async (request, reply) => {
    if (!mayRead(request, options.token)) return reply.callNotFound();
    reply.header('cache-control', 'no-store');
    reply.type(registry.contentType);
    return `${await processMetrics().metrics()}\n${await registry.metrics()}`;
  });
}

function mayRead(request: FastifyRequest, token: string | undefined): boolean {
  if (isFromThisMachine(request)) return true;
  if (!token) return false;
  const sent = Buffer.from(request.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}
