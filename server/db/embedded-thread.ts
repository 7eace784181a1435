import { Worker } from 'node:worker_threads';
import {
  AbortedTransactionError,
  CompiledQuery,
  PGliteAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/**
 * The embedded database in a thread of its own (docs/decisions/032). PGlite runs its WebAssembly
 * on the thread that calls it: in the server's thread every query stopped the HTTP work for as
 * long as it ran, and the server used one of the machine's two cores. Here PGlite lives in a
 * worker (embedded-worker.ts) and each query is one message to it.
 *
 * Values cross as structured clones: dates, bigints, byte arrays, JSON objects and arrays arrive
 * as they left. Errors arrive as Errors with PostgreSQL's fields (code, detail, constraint…).
 */
export type WorkerRequest =
  | { id: number; op: 'query'; text: string; params: readonly unknown[]; transactionId?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; transactionId: number; commit: boolean }
  | { id: number; op: 'close' };

export type WorkerReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: Record<string, unknown> };

export type WorkerRows = { rows: Record<string, unknown>[]; affectedRows?: number };

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

export class EmbeddedDatabaseThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private isClosed = false;
  /** Why the worker stopped, once it has: every later call fails with it. */
  private failure: Error | undefined;
  /**
   * Counts every start and end of a statement or transaction (see statementActivity in
   * database.ts): this client is the database's only one.
   */
  activity = 0;

  private constructor(worker: Worker) {
    this.worker = worker;
  }

  /** Starts the worker and waits for PGlite to open `dataDir` (in memory when undefined). */
  static async open(dataDir: string | undefined): Promise<EmbeddedDatabaseThread> {
    const worker = new Worker(new URL('./embedded-worker.ts', import.meta.url), {
      workerData: { dataDir },
    });
    const thread = new EmbeddedDatabaseThread(worker);
    // The worker says 0 when PGlite is open.
    const started = new Promise((resolve, reject) => thread.pending.set(0, { resolve, reject }));
    worker.on('message', (reply: WorkerReply) => thread.settle(reply));
    worker.on('error', (error) => thread.stop(error));
    worker.on('exit', (code) =>
      thread.stop(new Error(`The embedded database's thread exited (code ${code}).`)),
    );
    await started;
    thread.updateRef();
    return thread;
  }

  /** Runs one statement, in the transaction `transactionId` when given. */
  query(
    text: string,
    params: readonly unknown[] = [],
    transactionId?: number,
  ): Promise<WorkerRows> {
    return this.send({
      op: 'query',
      text,
      params,
      ...(transactionId === undefined ? {} : { transactionId }),
    }) as Promise<WorkerRows>;
  }

  /** Begins a transaction; answers its id once it holds the database (statements wait meanwhile). */
  begin(): Promise<number> {
    return this.send({ op: 'begin' }) as Promise<number>;
  }

  /** Commits or rolls back; a commit that fails (the transaction had failed) rejects. */
  async end(transactionId: number, commit: boolean): Promise<void> {
    await this.send({ op: 'end', transactionId, commit });
  }

  /** Closes PGlite (it writes what it holds to its directory) and stops the thread. */
  async close(): Promise<void> {
    if (this.isClosed) return;
    if (!this.failure) await this.send({ op: 'close' });
    this.isClosed = true;
    await this.worker.terminate();
  }

  private send(request: DistributiveOmit<WorkerRequest, 'id'>): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.isClosed) return Promise.reject(new Error('The embedded database is closed.'));
    const id = this.nextId++;
    const settled = new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
    this.worker.postMessage({ ...request, id });
    this.activity++;
    this.updateRef();
    return settled;
  }

  private settle(reply: WorkerReply) {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    this.activity++;
    this.updateRef();
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(toError(reply.error));
  }

  private stop(error: Error) {
    this.failure ??= error;
    for (const waiting of this.pending.values()) waiting.reject(this.failure);
    this.pending.clear();
  }

  /**
   * The thread keeps the process alive only while a call waits for it, as PGlite in the calling
   * thread did not keep it alive at all: a command that has finished its work exits.
   */
  private updateRef() {
    if (this.pending.size > 0) this.worker.ref();
    else this.worker.unref();
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

function toError(fields: Record<string, unknown>): Error {
  const error = new Error(String(fields.message ?? 'Embedded database error'));
  const { message: _message, ...rest } = fields;
  Object.assign(error, rest);
  return error;
}

/**
 * Kysely's dialect for the thread. Kysely's own PGlite dialect lets one query out at a time (PGlite
 * has one connection); across threads that made every query wait for the one before it to travel
 * both ways. Here each acquired connection is a handle of its own, so queries go out together and
 * queue in the worker, where PGlite still runs them one at a time, and a transaction holds it
 * from its begin to its end as before: a statement from outside waits for the end.
 */
export class EmbeddedThreadDialect implements Dialect {
  private readonly thread: EmbeddedDatabaseThread;

  constructor(thread: EmbeddedDatabaseThread) {
    this.thread = thread;
  }

  createAdapter() {
    return new EmbeddedThreadAdapter();
  }

  createDriver(): Driver {
    return new EmbeddedThreadDriver(this.thread);
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

/** PGlite's adapter (its migration lock is the one connection), with connections in parallel. */
class EmbeddedThreadAdapter extends PGliteAdapter {
  override get supportsMultipleConnections() {
    return true;
  }
}

class EmbeddedThreadDriver implements Driver {
  private readonly thread: EmbeddedDatabaseThread;

  constructor(thread: EmbeddedDatabaseThread) {
    this.thread = thread;
  }

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new EmbeddedThreadConnection(this.thread);
  }

  async releaseConnection() {}

  async beginTransaction(connection: DatabaseConnection) {
    await (connection as EmbeddedThreadConnection).begin();
  }

  async commitTransaction(connection: DatabaseConnection) {
    await (connection as EmbeddedThreadConnection).end(true);
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await (connection as EmbeddedThreadConnection).end(false);
  }

  async savepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdentifier(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(
      CompiledQuery.raw(`rollback to savepoint ${quoteIdentifier(name)}`),
    );
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${quoteIdentifier(name)}`));
  }

  async destroy() {
    await this.thread.close();
  }
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

class EmbeddedThreadConnection implements DatabaseConnection {
  private readonly thread: EmbeddedDatabaseThread;
  private transactionId: number | undefined;

  constructor(thread: EmbeddedDatabaseThread) {
    this.thread = thread;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { rows, affectedRows } = await this.thread.query(
      compiledQuery.sql,
      compiledQuery.parameters,
      this.transactionId,
    );
    return {
      rows: rows as R[],
      ...(affectedRows == null ? {} : { numAffectedRows: BigInt(affectedRows) }),
    };
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported by the embedded database.');
  }

  async begin() {
    this.transactionId = await this.thread.begin();
  }

  async end(commit: boolean) {
    const transactionId = this.transactionId;
    if (transactionId === undefined) return;
    this.transactionId = undefined;
    try {
      await this.thread.end(transactionId, commit);
    } catch (error) {
      // A commit of a transaction that had failed: Kysely's PGlite driver says so the same way.
      if ((error as { code?: unknown }).code === '25P02') {
        throw new AbortedTransactionError({ cause: error });
      }
      throw error;
    }
  }
}
