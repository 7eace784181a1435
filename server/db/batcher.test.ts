import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher.ts';

/** A batch runner that records each batch and lets the test decide when it finishes. */
function controlledRunner() {
  const batches: number[][] = [];
  const releases: Array<() => void> = [];
  const run = async (inputs: number[]) => {
    batches.push(inputs);
    await new Promise<void>((resolve) => releases.push(resolve));
    return inputs.map((input) => input * 10);
  };
  return { run, batches, releaseNext: () => releases.shift()?.() };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createBatcher', () => {
  it('sends the calls of one turn together and answers each its own result', async () => {
    const calls: number[][] = [];
    const batcher = createBatcher(
      async (inputs: number[]) => {
        calls.push(inputs);
        return inputs.map((input) => input + 1);
      },
      { maxBatch: 100, maxInFlight: 1 },
    );
    expect(await Promise.all([batcher(1), batcher(2), batcher(3)])).toEqual([2, 3, 4]);
    expect(calls).toEqual([[1, 2, 3]]);
  });

  it('gathers the calls made while a batch is in flight into the next one', async () => {
    const runner = controlledRunner();
    const batcher = createBatcher(runner.run, { maxBatch: 100, maxInFlight: 1 });
    const first = batcher(1);
    await settle();
    const later = [batcher(2), batcher(3), batcher(4)];
    await settle();
    expect(runner.batches).toEqual([[1]]);
    runner.releaseNext();
    expect(await first).toBe(10);
    await settle();
    expect(runner.batches).toEqual([[1], [2, 3, 4]]);
    runner.releaseNext();
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
  });

  it('keeps batches within maxBatch and at most maxInFlight running', async () => {
    const runner = controlledRunner();
    const batcher = createBatcher(runner.run, { maxBatch: 2, maxInFlight: 2 });
    const results = Promise.all([1, 2, 3, 4, 5].map((input) => batcher(input)));
    await settle();
    expect(runner.batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
    runner.releaseNext();
    await settle();
    await settle();
    expect(runner.batches).toEqual([[1, 2], [3, 4], [5]]);
    runner.releaseNext();
    runner.releaseNext();
    expect(await results).toEqual([10, 20, 30, 40, 50]);
  });

  it('rejects only the caller whose result is an Error, and every caller of a failed batch', async () => {
    let isDown = false;
    const batcher = createBatcher(
      async (inputs: number[]) => {
        if (isDown) throw new Error('database unreachable');
        return inputs.map((input) => (input < 0 ? new Error(`bad input ${input}`) : input));
      },
      { maxBatch: 100, maxInFlight: 1 },
    );
    const [good, bad] = await Promise.allSettled([batcher(1), batcher(-1)]);
    expect(good).toEqual({ status: 'fulfilled', value: 1 });
    expect(bad).toMatchObject({ status: 'rejected', reason: { message: 'bad input -1' } });

    isDown = true;
    const failed = await Promise.allSettled([batcher(2), batcher(3)]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    isDown = false;
    expect(await batcher(4)).toBe(4);
  });

  it('with failsQueue, fails the calls waiting behind a batch that failed so, and only then', async () => {
    const failures: Error[] = [];
    const releases: Array<() => void> = [];
    const batches: number[][] = [];
    const batcher = createBatcher(
      async (inputs: number[]) => {
        batches.push(inputs);
        await new Promise<void>((resolve) => releases.push(resolve));
        const failure = failures.shift();
        if (failure) throw failure;
        return inputs;
      },
      { maxBatch: 100, maxInFlight: 1, failsQueue: (error) => (error as Error).message === 'down' },
    );
    // A batch failing for another reason: the calls behind it go as the next batch.
    failures.push(new Error('conflict'));
    const first = batcher(1);
    await settle();
    const behind = batcher(2);
    await settle();
    releases.shift()!();
    await expect(first).rejects.toThrow('conflict');
    await settle();
    releases.shift()!();
    expect(await behind).toBe(2);
    expect(batches).toEqual([[1], [2]]);

    // A batch failing for want of the database: the calls behind it fail with it, unsent.
    failures.push(new Error('down'));
    const sent = batcher(3);
    await settle();
    const waiting = [batcher(4), batcher(5)];
    await settle();
    releases.shift()!();
    const results = await Promise.allSettled([sent, ...waiting]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(batches).toEqual([[1], [2], [3]]);
    const after = batcher(6);
    await settle();
    releases.shift()!();
    expect(await after).toBe(6);
  });

  it('with lingerMs, holds the next batch back for the callers it just answered', async () => {
    const runner = controlledRunner();
    const batcher = createBatcher(runner.run, { maxBatch: 100, maxInFlight: 1, lingerMs: 10_000 });
    const first = [batcher(1), batcher(2)];
    await settle();
    const waiting = batcher(3);
    runner.releaseNext();
    expect(await Promise.all(first)).toEqual([10, 20]);
    await settle();
    // Two were answered and one waits: the next batch waits for the two to come back.
    expect(runner.batches).toEqual([[1, 2]]);
    const again = batcher(4);
    await settle();
    expect(runner.batches).toEqual([[1, 2]]);
    const third = batcher(5);
    await settle();
    expect(runner.batches).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
    runner.releaseNext();
    expect(await Promise.all([waiting, again, third])).toEqual([30, 40, 50]);
  });

  it('with lingerMs, gathers the callers it answered again when none was waiting', async () => {
    const runner = controlledRunner();
    const batcher = createBatcher(runner.run, { maxBatch: 100, maxInFlight: 1, lingerMs: 10_000 });
    const first = [batcher(1), batcher(2), batcher(3)];
    await settle();
    runner.releaseNext();
    expect(await Promise.all(first)).toEqual([10, 20, 30]);
    // The first of the three to come back does not go alone.
    const again = [batcher(4), batcher(5)];
    await settle();
    expect(runner.batches).toEqual([[1, 2, 3]]);
    again.push(batcher(6));
    await settle();
    expect(runner.batches).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    runner.releaseNext();
    expect(await Promise.all(again)).toEqual([40, 50, 60]);
  });

  it('with lingerMs, sends a lone call at once after a lone call', async () => {
    const runner = controlledRunner();
    const batcher = createBatcher(runner.run, { maxBatch: 100, maxInFlight: 1, lingerMs: 10_000 });
    const first = batcher(1);
    await settle();
    runner.releaseNext();
    await first;
    const second = batcher(2);
    await settle();
    expect(runner.batches).toEqual([[1], [2]]);
    runner.releaseNext();
    expect(await second).toBe(20);
  });

  it('with lingerMs and holdsThread, counts the calls that arrived during a batch once they are read', async () => {
    const runner = controlledRunner();
    const batcher = createBatcher(runner.run, {
      maxBatch: 100,
      maxInFlight: 1,
      lingerMs: 10_000,
      holdsThread: true,
    });
    const first = [batcher(1), batcher(2), batcher(3)];
    await settle();
    // Two more callers came while the batch held the thread: they are read only after it ends.
    const unread: Promise<number>[] = [];
    setImmediate(() => unread.push(batcher(4), batcher(5)));
    runner.releaseNext();
    expect(await Promise.all(first)).toEqual([10, 20, 30]);
    await settle();
    // Five callers in all: the next batch waits for the three just answered.
    const again = [batcher(6), batcher(7)];
    await settle();
    expect(runner.batches).toEqual([[1, 2, 3]]);
    again.push(batcher(8));
    await settle();
    expect(runner.batches).toEqual([
      [1, 2, 3],
      [4, 5, 6, 7, 8],
    ]);
    runner.releaseNext();
    expect(await Promise.all([...unread, ...again])).toEqual([40, 50, 60, 70, 80]);
  });

  it('with lingerMs, sends what waits once lingerMs has passed', async () => {
    const runner = controlledRunner();
    const batcher = createBatcher(runner.run, { maxBatch: 100, maxInFlight: 1, lingerMs: 5 });
    const first = [batcher(1), batcher(2)];
    await settle();
    const waiting = batcher(3);
    runner.releaseNext();
    await Promise.all(first);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runner.batches).toEqual([[1, 2], [3]]);
    runner.releaseNext();
    expect(await waiting).toBe(30);
  });
});
