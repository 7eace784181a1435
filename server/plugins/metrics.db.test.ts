import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobWorker } from '../jobs/worker.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { createTestApp, testConfig, type TestApp } from '../test/app.ts';

// What a Prometheus scraper reads of a process (docs/decisions/064-metrics.md).

const token = 'a-scraper-secret-of-24-chars-or-more';

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: token } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const scrape = async (options: { remoteAddress?: string; headers?: Record<string, string> }) =>
    t.app.inject({ method: 'GET', url: '/metrics', ...options });

  /** The sample lines of one metric, without its HELP and TYPE lines. */
  const samplesOf = (text: string, name: string) =>
    text.split('\n').filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));

  it('counts requests by route pattern, method and status, with their latency', async () => {
    await t.app.inject({ method: 'GET', url: '/api/topic/getall' });
    await t.app.inject({ method: 'GET', url: '/api/topic/getall' });
    await t.app.inject({ method: 'GET', url: '/api/opinion/get?slug=no-such-opinion' });
    await t.app.inject({ method: 'GET', url: '/no/such/route' });

    const answer = await scrape({});
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const counts = samplesOf(answer.body, 'stance_http_request_duration_seconds_count');
    expect(counts).toContain(
      'stance_http_request_duration_seconds_count{route="/api/topic/getall",method="GET",status="200"} 2',
    );
    expect(counts).toContain(
      'stance_http_request_duration_seconds_count{route="/api/opinion/get",method="GET",status="404"} 1',
    );
    // An address no route matches is one label, whatever it was.
    expect(counts.some((line) => line.includes('route="unmatched"'))).toBe(true);
    expect(answer.body).not.toContain('no-such-opinion');
    expect(answer.body).not.toContain('/no/such/route');
    // Node's own figures come along.
    expect(samplesOf(answer.body, 'process_resident_memory_bytes')).toHaveLength(1);
  });

  it('shows the job queue by kind, and the jobs this process ran by outcome', async () => {
    await enqueueJob(t.db, 'metrics-check-done', {});
    await enqueueJob(t.db, 'metrics-check-done', {});
    await enqueueJob(t.db, 'metrics-check-fails', {});
    await enqueueJob(t.db, 'metrics-check-later', {}, { runAt: new Date(Date.now() + 3_600_000) });
    const waiting = samplesOf((await scrape({})).body, 'stance_jobs_waiting');
    expect(waiting).toContain('stance_jobs_waiting{kind="metrics-check-done",state="all"} 2');
    expect(waiting).toContain('stance_jobs_waiting{kind="metrics-check-done",state="due"} 2');
    expect(waiting).toContain('stance_jobs_waiting{kind="metrics-check-later",state="all"} 1');
    expect(waiting).toContain('stance_jobs_waiting{kind="metrics-check-later",state="due"} 0');

    const worker = startJobWorker(
      t.db,
      {
        'metrics-check-done': async () => {},
        'metrics-check-fails': async () => {
          throw new Error('this job fails');
        },
      },
      { autoStart: false, config: testConfig(), onJobRun: t.app.metrics.jobRun },
    );
    await worker.drain();
    const after = (await scrape({})).body;
    expect(samplesOf(after, 'stance_jobs_run_total')).toEqual(
      expect.arrayContaining([
        'stance_jobs_run_total{kind="metrics-check-done",outcome="done"} 2',
        'stance_jobs_run_total{kind="metrics-check-fails",outcome="failed"} 1',
      ]),
    );
    expect(samplesOf(after, 'stance_jobs_waiting')).not.toContain(
      'stance_jobs_waiting{kind="metrics-check-done",state="all"} 2',
    );
  });

  it("reports the requests' pool on a PostgreSQL server", async () => {
    const pool = samplesOf((await scrape({})).body, 'stance_db_pool_connections');
    if (t.handle.kind === 'embedded') {
      // One connection in this process: there is no pool to report.
      expect(pool).toEqual([]);
      return;
    }
    expect(pool).toContain('stance_db_pool_connections{pool="requests",state="size"} 5');
    expect(pool.some((line) => /state="open"\} [1-9]/.test(line))).toBe(true);
  });

  it('answers only this machine, or a scraper with the token; anyone else gets a 404', async () => {
    const elsewhere = '203.0.113.7';
    expect((await scrape({ remoteAddress: elsewhere })).statusCode).toBe(404);
    // Through a proxy on this machine: its socket is local, but the request is not.
    expect((await scrape({ headers: { 'x-forwarded-for': elsewhere } })).statusCode).toBe(404);
    const wrong = await scrape({
      remoteAddress: elsewhere,
      headers: { authorization: `Bearer ${token.replace('a', 'b')}` },
    });
    expect(wrong.statusCode).toBe(404);
    const right = await scrape({
      remoteAddress: elsewhere,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('stance_http_request_duration_seconds');
  });

  it('refuses a METRICS_TOKEN too short to be a secret', () => {
    expect(() => testConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});
