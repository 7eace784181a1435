import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';

export type JobContext = {
  db: Db;
  jobId: number;
  /** The process's configuration (SMTP server, public URL …). */
  config: Config;
  log?: FastifyBaseLogger | undefined;
};

/** Reads the job's payload; returns a promise that settles when the job's work is done. */
export type JobHandler = (payload: Record<string, unknown>, context: JobContext) => Promise<void>;

/**
 * A handler for jobs that are cheaper together: the worker hands it the payloads of every job of
 * its kind it claimed at once (one milestone check for many members is a few queries, not a few
 * per member). If it throws, every one of those jobs is retried.
 */
export type BatchJobHandler = {
  runBatch(payloads: Record<string, unknown>[], context: Omit<JobContext, 'jobId'>): Promise<void>;
};

export type JobHandlers = Record<string, JobHandler | BatchJobHandler>;

/** How long a claimed job stays owned by its worker; after that a crashed worker's job is retried. */
const leaseMs = 5 * 60_000;

export async function enqueueJob(
  db: Db,
  kind: string,
  payload: Record<string, unknown>,
  options: { runAt?: Date; maxAttempts?: number } = {},
): Promise<number> {
  const row = await db
    .insertInto('jobs')
    .values({
      kind,
      payload: JSON.stringify(payload),
      // Without a time, the column's default: the database's clock, which the claim reads.
      ...(options.runAt ? { runAt: options.runAt } : {}),
      ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * Queues a job unless one with the same `dedupeKey` is still waiting unclaimed; returns whether
 * it queued one. For work that one run covers however often it was asked for (a re-check).
 */
export async function enqueueUniqueJob(
  db: Db,
  kind: string,
  payload: Record<string, unknown>,
  dedupeKey: string,
): Promise<boolean> {
  return (await enqueueUniqueJobs(db, [{ kind, payload, dedupeKey }])) === 1;
}

/**
 * Queues each job as enqueueUniqueJob does, in one statement; answers how many it queued. The
 * rows go in their keys' order, so two processes queueing overlapping sets wait for each other
 * rather than deadlock on the keys' index.
 */
export async function enqueueUniqueJobs(
  db: Db,
  jobs: readonly { kind: string; payload: Record<string, unknown>; dedupeKey: string }[],
): Promise<number> {
  const byKey = new Map(jobs.map((job) => [job.dedupeKey, job]));
  if (byKey.size === 0) return 0;
  const rows = await db
    .insertInto('jobs')
    .values(
      [...byKey.values()]
        .sort((a, b) => (a.dedupeKey < b.dedupeKey ? -1 : a.dedupeKey > b.dedupeKey ? 1 : 0))
        .map((job) => ({
          kind: job.kind,
          payload: JSON.stringify(job.payload),
          dedupeKey: job.dedupeKey,
        })),
    )
    .onConflict((conflict) =>
      conflict
        .column('dedupeKey')
        .where('doneAt', 'is', null)
        .where('attempts', '=', 0)
        .doNothing(),
    )
    .returning('id')
    .execute();
  return rows.length;
}

/**
 * Claims up to `limit` due jobs of the given kinds. `FOR UPDATE SKIP LOCKED` lets many processes
 * drain one table without taking the same job twice; the lease makes a job claimable again if its
 * worker dies. A worker claims only the kinds it has handlers for, so a process that does not know
 * a kind (an older version during a deploy, a test's worker) leaves those jobs to one that does.
 *
 * "Due" is read on the database's clock (`now()`, this one statement's start), the one that stamped
 * `run_at`: a process's own clock may run behind it, and even in step it keeps milliseconds where
 * the column keeps microseconds, so a job queued in the same millisecond as the claim would
 * otherwise wait for the next poll.
 */
export async function claimJobs(db: Db, limit: number, kinds: readonly string[]) {
  return db
    .updateTable('jobs')
    .set({
      lockedUntil: sql<Date>`now() + ${leaseMs}::float8 * interval '1 millisecond'`,
      attempts: sql`attempts + 1`,
    })
    .where(
      'id',
      'in',
      db
        .selectFrom('jobs')
        .select('id')
        .where('doneAt', 'is', null)
        // `= any` rather than `in`: a worker with no handlers still polls (and so notices an
        // outage) but claims nothing.
        .where(sql<boolean>`kind = any(${[...kinds]}::text[])`)
        .where('runAt', '<=', sql<Date>`now()`)
        .where('attempts', '<', sql<number>`max_attempts`)
        .where((eb) =>
          eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', sql<Date>`now()`)]),
        )
        .orderBy('runAt')
        .orderBy('id')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'kind', 'payload', 'attempts', 'maxAttempts'])
    .execute();
}

export async function completeJobs(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return;
  await db
    .updateTable('jobs')
    .set({ doneAt: new Date(), lockedUntil: null, lastError: null })
    .where('id', 'in', ids)
    .execute();
}

/** Exponential backoff: 10 s, 20 s, 40 s … capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(3_600_000, 10_000 * 2 ** Math.max(0, attempts - 1));
}

export async function failJob(db: Db, id: number, attempts: number, error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  await db
    .updateTable('jobs')
    .set({
      lockedUntil: null,
      lastError: message.slice(0, 2000),
      runAt: sql<Date>`now() + ${retryDelayMs(attempts)}::float8 * interval '1 millisecond'`,
    })
    .where('id', '=', id)
    .execute();
}
