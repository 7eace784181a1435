import type { FastifyBaseLogger } from 'fastify';
import { loadConfig, type Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { DatabaseUnavailableError } from '../db/outages.ts';
import {
  claimJobs,
  completeJobs,
  failJob,
  type BatchJobHandler,
  type JobHandlers,
} from './queue.ts';

export type JobWorker = {
  /** Runs every due job now, in this process; resolves when the batch is done (tests, CLI). */
  drain(): Promise<number>;
  /** Stops polling and waits for the job in hand. */
  stop(): Promise<void>;
};

/**
 * Drains the jobs table in this process: polls, claims a small batch, runs each handler outside
 * any transaction (PGlite serializes everything; a held transaction would block the site).
 */
export function startJobWorker(
  db: Db,
  handlers: JobHandlers,
  options: {
    pollMs?: number;
    batchSize?: number;
    log?: FastifyBaseLogger;
    autoStart?: boolean;
    /** Handed to every handler; defaults to the process's environment. */
    config?: Config;
    /** Told of each job run, with how it ended (the process's metrics). */
    onJobRun?: (kind: string, outcome: 'done' | 'failed') => void;
  } = {},
): JobWorker {
  const config = options.config ?? loadConfig();
  const pollMs = options.pollMs ?? 1000;
  const batchSize = options.batchSize ?? 50;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  async function runBatch(): Promise<number> {
    // UPDATE … RETURNING answers in no set order: run the claimed jobs oldest first.
    const jobs = (await claimJobs(db, batchSize, Object.keys(handlers))).sort(
      (a, b) => Number(a.id) - Number(b.id),
    );
    const batched = new Map<string, typeof jobs>();
    for (const job of jobs) {
      const id = Number(job.id);
      const handler = handlers[job.kind];
      if (handler && 'runBatch' in handler) {
        batched.set(job.kind, [...(batched.get(job.kind) ?? []), job]);
        continue;
      }
      try {
        if (!handler) throw new Error(`No handler for job kind '${job.kind}'`); // not claimed
        await handler(job.payload, { db, jobId: id, config, log: options.log });
        await completeJobs(db, [id]);
        options.onJobRun?.(job.kind, 'done');
      } catch (error) {
        await recordFailure(job, error);
      }
    }
    for (const [kind, kindJobs] of batched) {
      const handler = handlers[kind] as BatchJobHandler;
      try {
        await handler.runBatch(
          kindJobs.map((job) => job.payload),
          { db, config, log: options.log },
        );
        await completeJobs(
          db,
          kindJobs.map((job) => Number(job.id)),
        );
        for (const job of kindJobs) options.onJobRun?.(job.kind, 'done');
      } catch (error) {
        for (const job of kindJobs) await recordFailure(job, error);
      }
    }
    return jobs.length;
  }

  async function recordFailure(
    job: { id: number | string; kind: string; attempts: number },
    error: unknown,
  ) {
    const id = Number(job.id);
    options.log?.warn(
      { err: error, jobId: id, kind: job.kind, attempt: job.attempts },
      'job failed',
    );
    await failJob(db, id, job.attempts, error);
    options.onJobRun?.(job.kind, 'failed');
  }

  async function drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const count = await runBatch();
      total += count;
      if (count === 0) return total;
    }
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(async () => {
      running = drain().catch((error: unknown) => {
        // While the database is away every poll fails alike; its outage log says so once, when
        // the outage starts and when it ends (docs/decisions/036-database-outages.md).
        if (!(error instanceof DatabaseUnavailableError)) {
          options.log?.error({ err: error }, 'job worker poll failed');
        }
        return 0;
      });
      await running;
      running = null;
      schedule();
    }, pollMs);
    timer.unref();
  }

  if (options.autoStart !== false) schedule();

  return {
    drain,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (running) await running;
    },
  };
}
