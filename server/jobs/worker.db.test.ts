import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { createTestDatabase } from '../test/database.ts';
import { buildOpinion, buildUser } from '../test/factories.ts';
import {
  findCounterDrift,
  findMemberVoteCountDrift,
} from '../features/opinions/opinions.repository.ts';
import { jobHandlers } from './handlers.ts';
import {
  claimJobs,
  enqueueJob,
  enqueueUniqueJob,
  enqueueUniqueJobs,
  retryDelayMs,
} from './queue.ts';
import { startJobWorker } from './worker.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

describe('the jobs table worker', () => {
  it('runs each due job once and marks it done', async () => {
    const seen: unknown[] = [];
    const worker = startJobWorker(
      handle.db,
      { record: async (payload) => void seen.push(payload.n) },
      { autoStart: false },
    );
    for (let n = 1; n <= 3; n++) await enqueueJob(handle.db, 'record', { n });
    expect(await worker.drain()).toBe(3);
    expect(seen).toEqual([1, 2, 3]);
    expect(await worker.drain()).toBe(0);
    const pending = await handle.db
      .selectFrom('jobs')
      .select('id')
      .where('doneAt', 'is', null)
      .where('kind', '=', 'record')
      .execute();
    expect(pending).toEqual([]);
  });

  it('retries a failing job later with backoff, keeping the error', async () => {
    let calls = 0;
    const worker = startJobWorker(
      handle.db,
      {
        flaky: async () => {
          calls++;
          throw new Error('mail server unreachable');
        },
      },
      { autoStart: false },
    );
    const id = await enqueueJob(handle.db, 'flaky', {});
    const before = Date.now();
    await worker.drain();
    expect(calls).toBe(1);
    const job = await handle.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(job.doneAt).toBeNull();
    expect(job.attempts).toBe(1);
    expect(job.lastError).toBe('mail server unreachable');
    expect(job.runAt.getTime()).toBeGreaterThanOrEqual(before + retryDelayMs(1) - 1000);
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));
  });

  it('hands a batch handler every claimed job of its kind at once, and retries them all on failure', async () => {
    const calls: unknown[][] = [];
    let isFailing = false;
    const worker = startJobWorker(
      handle.db,
      {
        tally: {
          runBatch: async (payloads) => {
            calls.push(payloads.map((payload) => payload.n));
            if (isFailing) throw new Error('tally store down');
          },
        },
      },
      { autoStart: false },
    );
    for (let n = 1; n <= 4; n++) await enqueueJob(handle.db, 'tally', { n });
    expect(await worker.drain()).toBe(4);
    expect(calls).toEqual([[1, 2, 3, 4]]);
    const waiting = () =>
      handle.db
        .selectFrom('jobs')
        .select(['attempts', 'lastError'])
        .where('kind', '=', 'tally')
        .where('doneAt', 'is', null)
        .execute();
    expect(await waiting()).toEqual([]);

    isFailing = true;
    await enqueueJob(handle.db, 'tally', { n: 5 });
    await enqueueJob(handle.db, 'tally', { n: 6 });
    await worker.drain();
    expect(calls.at(-1)).toEqual([5, 6]);
    expect(await waiting()).toEqual([
      { attempts: 1, lastError: 'tally store down' },
      { attempts: 1, lastError: 'tally store down' },
    ]);
  });

  it('leaves a job whose kind it has no handler for to a worker that has one', async () => {
    await enqueueJob(handle.db, 'unknown-here', {});
    const narrow = startJobWorker(handle.db, { other: async () => {} }, { autoStart: false });
    expect(await narrow.drain()).toBe(0);
    const ran: unknown[] = [];
    const knowing = startJobWorker(
      handle.db,
      { 'unknown-here': async (payload) => void ran.push(payload) },
      { autoStart: false },
    );
    expect(await knowing.drain()).toBe(1);
    expect(ran).toEqual([{}]);
  });

  it('does not run a job that is not due yet', async () => {
    const worker = startJobWorker(handle.db, { later: async () => {} }, { autoStart: false });
    await enqueueJob(handle.db, 'later', {}, { runAt: new Date(Date.now() + 60_000) });
    expect(await worker.drain()).toBe(0);
  });

  it('runs a job queued with the database’s own time at the very next drain', async () => {
    // enqueueUniqueJob and the vote path leave `run_at` to the column's default, now(). Read on
    // this process's clock (milliseconds, where the column keeps microseconds), such a job was not
    // yet due for a claim in the same millisecond: on PostgreSQL about one try in five.
    const worker = startJobWorker(handle.db, { 'due-now': async () => {} }, { autoStart: false });
    for (let attempt = 0; attempt < 50; attempt++) {
      await enqueueUniqueJob(handle.db, 'due-now', {}, `due-now:${attempt}`);
      expect(await worker.drain()).toBe(1);
    }
  });

  it('never hands the same job to two claimers', async () => {
    for (let n = 0; n < 6; n++) await enqueueJob(handle.db, 'shared', { n });
    const [first, second] = await Promise.all([
      claimJobs(handle.db, 4, ['shared']),
      claimJobs(handle.db, 4, ['shared']),
    ]);
    const ids = [...first, ...second].filter((job) => job.kind === 'shared').map((job) => job.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(6);
  });

  it('queues one job per dedupe key while it waits, and a fresh one once it is claimed', async () => {
    expect(await enqueueUniqueJob(handle.db, 'recheck', { userId: 7 }, 'recheck:7')).toBe(true);
    expect(await enqueueUniqueJob(handle.db, 'recheck', { userId: 7 }, 'recheck:7')).toBe(false);
    expect(await enqueueUniqueJob(handle.db, 'recheck', { userId: 8 }, 'recheck:8')).toBe(true);
    // Many in one statement: a key already waiting, or named twice, queues one job.
    const many = ['recheck:8', 'recheck:9', 'recheck:9'].map((dedupeKey) => ({
      kind: 'recheck',
      payload: { userId: Number(dedupeKey.split(':')[1]) },
      dedupeKey,
    }));
    expect(await enqueueUniqueJobs(handle.db, many)).toBe(1);
    const waiting = () =>
      handle.db
        .selectFrom('jobs')
        .select('id')
        .where('kind', '=', 'recheck')
        .where('attempts', '=', 0)
        .execute();
    expect(await waiting()).toHaveLength(3);
    const seen: unknown[] = [];
    const worker = startJobWorker(
      handle.db,
      { recheck: async (payload) => void seen.push(payload.userId) },
      { autoStart: false },
    );
    await worker.drain();
    expect(seen.sort()).toEqual([7, 8, 9]);
    expect(await enqueueUniqueJob(handle.db, 'recheck', { userId: 7 }, 'recheck:7')).toBe(true);
  });

  it('rebuilds drifted counters through the rebuild-counters job', async () => {
    const opinion = await buildOpinion(handle.db);
    await handle.db
      .updateTable('opinions')
      .set({ votes3: 7 })
      .where('id', '=', opinion.id)
      .execute();
    const member = await buildUser(handle.db);
    await handle.db
      .insertInto('memberVoteCounts')
      .values({ userId: member.id, listedVotes: 4 })
      .execute();
    expect(await findCounterDrift(handle.db)).toHaveLength(1);
    expect(await findMemberVoteCountDrift(handle.db)).toEqual([
      { username: member.username, stored: 4, actual: 0 },
    ]);
    const worker = startJobWorker(handle.db, jobHandlers, { autoStart: false });
    await enqueueJob(handle.db, 'rebuild-counters', {});
    await worker.drain();
    expect(await findCounterDrift(handle.db)).toEqual([]);
    expect(await findMemberVoteCountDrift(handle.db)).toEqual([]);
  });
});
