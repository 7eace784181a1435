import { isEmbeddedDatabase, type Db } from './database.ts';
import { DatabaseUnavailableError } from './outages.ts';

/**
 * Natural batching (group commit) for the database work every request repeats: session look-ups,
 * a member's ratings, votes (docs/decisions/023-performance-machinery.md#batching). A call made while `maxInFlight` batches are
 * already running waits for one of them to finish and then goes out together with every other
 * call that arrived meanwhile, as one query. An idle server sends each call almost at once (after
 * the current turn of the event loop); a busy one sends fewer, larger round trips, so throughput
 * grows with load instead of queueing behind one connection.
 *
 * With `lingerMs`, when a batch finishes while fewer calls wait than it carried (none, say), the
 * next batch is held back until the queue holds as many as the finished batch and the waiting
 * calls together (the callers just answered may call again at once), or for `lingerMs` at most.
 *
 * `run` gets the waiting inputs in arrival order and answers one result per input, in the same
 * order; an Error in a result's place rejects only that caller. A batch that throws rejects all of
 * its callers, and, when `failsQueue` says the error will meet every call alike (the database is
 * unavailable), the calls waiting for the next batch too: they would wait out the same timeout
 * once more (docs/decisions/036-database-outages.md).
 */
export type Batcher<Input, Output> = (input: Input) => Promise<Output>;

type Waiting<Input, Output> = {
  input: Input;
  resolve: (output: Output) => void;
  reject: (error: unknown) => void;
};

export function createBatcher<Input, Output>(
  run: (inputs: Input[]) => Promise<Array<Output | Error>>,
  options: {
    maxBatch: number;
    maxInFlight: number;
    lingerMs?: number;
    /**
     * With lingerMs: a batch holds the thread while it runs (the embedded database runs its
     * queries on it), so calls that arrived meanwhile are still unread when it ends. The next
     * batch's size is then weighed once the event loop has read them, in its check phase.
     */
    holdsThread?: boolean;
    /** Whether a batch's error fails the calls waiting behind it as well. */
    failsQueue?: (error: unknown) => boolean;
  },
): Batcher<Input, Output> {
  let queue: Waiting<Input, Output>[] = [];
  let inFlight = 0;
  let isScheduled = false;
  /** While lingering: the queue length that sends the next batch before the timer does. */
  let awaited = 0;
  let lingerTimer: ReturnType<typeof setTimeout> | undefined;

  function schedule() {
    if (isScheduled) return;
    isScheduled = true;
    // Calls made in this turn of the event loop (one socket read can carry many requests)
    // travel together.
    setImmediate(flush);
  }

  function flush() {
    isScheduled = false;
    awaited = 0;
    clearTimeout(lingerTimer);
    lingerTimer = undefined;
    while (queue.length > 0 && inFlight < options.maxInFlight) {
      const batch = queue.slice(0, options.maxBatch);
      queue = queue.slice(batch.length);
      inFlight++;
      void runBatch(batch);
    }
  }

  async function runBatch(batch: Waiting<Input, Output>[]) {
    try {
      const outputs = await run(batch.map((waiting) => waiting.input));
      batch.forEach((waiting, index) => {
        const output = outputs[index];
        if (output instanceof Error) waiting.reject(output);
        else waiting.resolve(output as Output);
      });
    } catch (error) {
      const failed = options.failsQueue?.(error) ? [...batch, ...queue.splice(0)] : batch;
      for (const waiting of failed) waiting.reject(error);
    } finally {
      inFlight--;
      if (options.lingerMs && options.holdsThread && inFlight === 0) {
        // Counted at once, the unread calls were missing: ten voters on the embedded database
        // went as batches of about six and four in turn (decision 023). Until the count, a call
        // only joins the queue.
        awaited = Number.POSITIVE_INFINITY;
        setImmediate(() => lingerOrFlush(batch.length));
      } else {
        lingerOrFlush(batch.length);
      }
    }
  }

  /** After a batch of `finished` calls: the next one goes now, or lingers for more. */
  function lingerOrFlush(finished: number) {
    const expected = Math.min(options.maxBatch, queue.length + finished);
    if (options.lingerMs && inFlight === 0 && queue.length < expected) {
      // The callers just answered often call again at once (a member voting down a feed, a
      // client that sends its next request when an answer arrives): wait a moment for them,
      // so that they travel in this batch instead of the next one. A fuller batch costs little
      // more than a small one, so this raises throughput; it is PostgreSQL's commit_delay,
      // done in front of the database. The timer bounds the wait. Also when nothing waits yet:
      // else the first of them to come back would go alone, and the rest in the batch after
      // it (batches of 1 and 9 in turn, instead of 10).
      awaited = expected;
      lingerTimer = setTimeout(flush, options.lingerMs);
    } else {
      flush();
    }
  }

  return (input) =>
    new Promise<Output>((resolve, reject) => {
      queue.push({ input, resolve, reject });
      if (awaited > 0) {
        if (queue.length >= awaited) schedule();
      } else if (inFlight < options.maxInFlight) {
        schedule();
      }
    });
}

/**
 * One batcher per database handle, made on first use: a test app, the CLI and the server each
 * batch their own calls. The embedded database runs one query at a time, so a second batch in
 * flight would only wait in its queue with fewer calls aboard: there one batch flies at a time;
 * a PostgreSQL pool takes two unless `maxInFlight` says otherwise.
 */
export function batcherPerDatabase<Input, Output>(
  run: (db: Db, inputs: Input[]) => Promise<Array<Output | Error>>,
  options: { maxBatch: number; lingerMs?: number; maxInFlight?: number },
): (db: Db) => Batcher<Input, Output> {
  const byDatabase = new WeakMap<Db, Batcher<Input, Output>>();
  return (db) => {
    let batcher = byDatabase.get(db);
    if (!batcher) {
      batcher = createBatcher((inputs: Input[]) => run(db, inputs), {
        maxBatch: options.maxBatch,
        ...(options.lingerMs ? { lingerMs: options.lingerMs } : {}),
        maxInFlight: options.maxInFlight ?? (isEmbeddedDatabase(db) ? 1 : 2),
        holdsThread: isEmbeddedDatabase(db),
        failsQueue: (error) => error instanceof DatabaseUnavailableError,
      });
      byDatabase.set(db, batcher);
    }
    return batcher;
  };
}
