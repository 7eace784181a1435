import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { usePreparedStatements } from './prepared-statements.ts';
import type { WorkerReply, WorkerRequest } from './embedded-thread.ts';

/**
 * The embedded database's own thread (docs/decisions/032): PGlite and its prepared statements run
 * here, and the server's thread sends each query as a message (embedded-thread.ts). Queries reach
 * PGlite in the order their messages arrive, and PGlite runs them one at a time as it would in
 * the server's thread: a transaction holds it until its end arrives.
 */
const port = parentPort!;
const { dataDir } = workerData as { dataDir: string | undefined };

const pglite = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm } });
await usePreparedStatements(pglite);

/** Open transactions by id, each with the way to end it. */
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void }>();
let nextTransactionId = 1;

/** A rollback asked for by the server's thread; it is not an error to report. */
const rollbackRequested = Symbol('rollback requested');

function runnerOf(transactionId: number | undefined): Pick<Transaction, 'query'> {
  if (transactionId === undefined) return pglite;
  const open = transactions.get(transactionId);
  if (!open) throw new Error(`Transaction ${transactionId} has already ended.`);
  return open.tx;
}

/**
 * Opens a transaction and answers request `id` with its id once it holds the database. Its end
 * is answered by settleEnd; a transaction that could not begin answers `id` with the error.
 */
function begin(id: number) {
  const transactionId = nextTransactionId++;
  let hasBegun = false;
  pglite
    .transaction(async (tx) => {
      const shouldCommit = await new Promise<boolean>((resolve) => {
        transactions.set(transactionId, { tx, end: resolve });
        hasBegun = true;
        reply({ id, ok: true, value: transactionId });
      });
      if (!shouldCommit) throw rollbackRequested;
    })
    .then(
      () => settleEnd(transactionId, { ok: true, value: undefined }),
      (error: unknown) => {
        if (!hasBegun) {
          reply({ id, ok: false, error: describeError(error) });
          return;
        }
        settleEnd(
          transactionId,
          error === rollbackRequested
            ? { ok: true, value: undefined }
            : { ok: false, error: describeError(error) },
        );
      },
    );
}

/** The id of each transaction's `end` request, answered when PGlite has committed or rolled back. */
const endRequests = new Map<number, number>();

function settleEnd(
  transactionId: number,
  outcome: { ok: true; value: undefined } | { ok: false; error: Record<string, unknown> },
) {
  transactions.delete(transactionId);
  const id = endRequests.get(transactionId);
  endRequests.delete(transactionId);
  if (id !== undefined) reply({ id, ...outcome });
}

async function handle(request: WorkerRequest) {
  const { id } = request;
  try {
    switch (request.op) {
      case 'query': {
        // The parameters arrived as a structured clone: an array of this thread's own.
        const params = request.params as unknown[];
        const result = await runnerOf(request.transactionId).query(request.text, params);
        reply({ id, ok: true, value: { rows: result.rows, affectedRows: result.affectedRows } });
        return;
      }
      case 'begin':
        begin(id);
        return;
      case 'end': {
        const open = transactions.get(request.transactionId);
        if (!open) throw new Error(`Transaction ${request.transactionId} has already ended.`);
        endRequests.set(request.transactionId, id);
        open.end(request.commit);
        return;
      }
      case 'close':
        await pglite.close();
        reply({ id, ok: true, value: undefined });
        port.close();
        return;
    }
  } catch (error) {
    reply({ id, ok: false, error: describeError(error) });
  }
}

function reply(message: WorkerReply) {
  port.postMessage(message);
}

/**
 * An error as plain data: its message and every own field PostgreSQL's errors carry (code,
 * detail, constraint, table…), which callers test. The server's thread makes an Error of it again.
 */
function describeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function') continue;
    if (typeof value === 'object' && value !== null) continue;
    fields[key] = value;
  }
  return fields;
}

port.on('message', (request: WorkerRequest) => void handle(request));
port.postMessage({ id: 0, ok: true, value: 'ready' } satisfies WorkerReply);
