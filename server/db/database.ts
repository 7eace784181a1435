import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { CamelCasePlugin, Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { migrations } from './migrations/index.ts';
import { createPostgresPool, type PoolUse, type PostgresPoolOptions } from './postgres-pool.ts';
import { usePreparedStatements } from './prepared-statements.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export type DatabaseHandle = {
  db: Db;
  kind: 'embedded' | 'postgres';
  close(): Promise<void>;
};

export class DatabaseLockedError extends Error {}

const lockFileName = 'stance.lock';

/**
 * How long opening waits for the lock's owner to exit. A process killed a moment ago (a crash, or
 * `kill -9` before a supervisor's immediate restart) still exists while the system tears it down
 * and until its parent collects it: 1.4–1.7 s on this project's machines (docs/decisions/060).
 */
const defaultLockWaitMs = 5000;

/**
 * PGlite is one process's database: two processes writing the same directory corrupt it. A lock
 * file holding the owner's pid turns that into a clear refusal, once the owner has had `waitMs`
 * to go; a lock left by a dead process is taken over.
 */
async function acquireDataDirLock(dataDir: string, waitMs: number): Promise<() => void> {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, lockFileName);
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const ownerPid = readLockOwner(lockPath);
    if (ownerPid === null || !isProcessAlive(ownerPid)) {
      fs.rmSync(lockPath, { force: true });
    } else if (ownerPid === process.pid || Date.now() >= deadline) {
      throw new DatabaseLockedError(
        `The embedded database in ${dataDir} is in use by another Stance process (pid ${ownerPid}). ` +
          'Stop that process first (the embedded database allows one process at a time), ' +
          'or set DATABASE_URL to use a PostgreSQL server.',
      );
    } else {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** The pid in a lock file; null when there is none (the file went away meanwhile, or is damaged). */
function readLockOwner(lockPath: string): number | null {
  let text: string;
  try {
    text = fs.readFileSync(lockPath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const pid = Number(text.trim());
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

function isProcessAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(pid);
}

/** Whether the process has exited and waits for its parent to collect it (Linux's /proc only). */
function isZombie(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (command) state …": the command may hold spaces and parentheses.
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return false;
  }
}

/** The embedded databases, each with its count of statement activity (see statementActivity). */
const embeddedDatabases = new WeakMap<Db, { count: number }>();

/** Whether the handle is the embedded database: one connection, every query in turn. */
export function isEmbeddedDatabase(db: Db): boolean {
  return embeddedDatabases.has(db);
}

/**
 * Whether something cleans up the database's dead rows by itself: PostgreSQL's autovacuum, unless
 * its operator turned it off (`autovacuum = off`). The embedded database has none (its setting
 * says on, but no process acts on it). Where none runs, Stance vacuums the one table it empties
 * all the time itself (insights.service.ts) and warns at start (main.ts); every other table keeps
 * its dead rows, and a row updated many times a second (a hot opinion's) costs more each time
 * (docs/decisions/099-a-server-without-autovacuum.md). Read once per handle: the setting changes
 * only with a reload of the server's configuration.
 */
export function hasAutovacuum(db: Db): Promise<boolean> {
  if (isEmbeddedDatabase(db)) return Promise.resolve(false);
  const known = autovacuumSettings.get(db);
  if (known) return known;
  const asked = sql<{ autovacuum: string }>`select current_setting('autovacuum') as autovacuum`
    .execute(db)
    .then((result) => result.rows[0]?.autovacuum === 'on');
  autovacuumSettings.set(db, asked);
  // A failed read (the server away) is asked again next time.
  asked.catch(() => {
    if (autovacuumSettings.get(db) === asked) autovacuumSettings.delete(db);
  });
  return asked;
}

const autovacuumSettings = new WeakMap<Db, Promise<boolean>>();

/** What a server logs at start on a PostgreSQL server without autovacuum (hasAutovacuum). */
export const autovacuumOffWarning =
  "PostgreSQL's autovacuum is off on this server: nothing removes the dead rows that updates " +
  'leave, and an opinion voted on many times a second slows down as they pile up (half its speed ' +
  'within a minute). Turn it on (autovacuum = on, the default) or vacuum the database regularly ' +
  '(docs/decisions/099-a-server-without-autovacuum.md).';

/**
 * For the embedded database: a number that changes whenever a statement or transaction starts or
 * ends on it. This process is its only client, so while the number stays the same nothing in it
 * has changed. Null for a PostgreSQL server, which other processes write too.
 */
export function statementActivity(db: Db): number | null {
  return embeddedDatabases.get(db)?.count ?? null;
}

/** Counts every start and end of a statement or transaction on the PGlite instance. */
function countActivity(pglite: PGlite): { count: number } {
  const activity = { count: 0 };
  const counted =
    <Args extends unknown[], Result>(run: (...args: Args) => Promise<Result>) =>
    async (...args: Args): Promise<Result> => {
      activity.count++;
      try {
        return await run(...args);
      } finally {
        activity.count++;
      }
    };
  pglite.query = counted(pglite.query.bind(pglite)) as typeof pglite.query;
  pglite.exec = counted(pglite.exec.bind(pglite)) as typeof pglite.exec;
  pglite.transaction = counted(pglite.transaction.bind(pglite)) as typeof pglite.transaction;
  return activity;
}

/** The PGlite instance behind each embedded database, for copying one (copyEmbeddedDatabase). */
const embeddedInstances = new WeakMap<Db, PGlite>();

/**
 * Opens the embedded database; `dataDir` undefined keeps it in memory (tests). `from` starts it as
 * a copy of another's files (copyEmbeddedDatabase): the tests' migrated database, made once.
 * `lockWaitMs`: how long another process holding `dataDir` may take to exit before the refusal.
 */
export async function openEmbeddedDatabase(
  dataDir: string | undefined,
  options: { from?: Blob; lockWaitMs?: number } = {},
): Promise<DatabaseHandle> {
  const releaseLock = dataDir
    ? await acquireDataDirLock(dataDir, options.lockWaitMs ?? defaultLockWaitMs)
    : () => {};
  try {
    const pglite = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(options.from ? { loadDataDir: options.from } : {}),
      extensions: { pg_trgm },
    });
    await usePreparedStatements(pglite);
    const db = new Kysely<Database>({
      dialect: new PGliteDialect({ pglite }),
      plugins: [new CamelCasePlugin()],
    });
    embeddedDatabases.set(db, countActivity(pglite));
    embeddedInstances.set(db, pglite);
    return {
      db,
      kind: 'embedded',
      async close() {
        await db.destroy();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** The files of an embedded database, as a tarball `openEmbeddedDatabase` can start from. */
export async function copyEmbeddedDatabase(db: Db): Promise<Blob> {
  const pglite = embeddedInstances.get(db);
  if (!pglite) throw new Error('copyEmbeddedDatabase takes an embedded database');
  return pglite.dumpDataDir('none');
}

/** How long a connection may take by default: a server that does not answer must not hang us. */
const defaultConnectTimeoutMs = 5000;

/** A PostgreSQL pool's limits and outage log; `size` is openPostgresDatabase's own argument. */
export type PostgresOptions = Partial<Omit<PostgresPoolOptions, 'size'>>;

/**
 * Opens a pool on a PostgreSQL server. By default its statements have no time limit (migrations,
 * the seed, jobs); the server's requests get a pool with `queryTimeoutMs` (runtime.ts,
 * docs/decisions/036-database-outages.md).
 */
export function openPostgresDatabase(
  databaseUrl: string,
  poolSize = 10,
  options: PostgresOptions = {},
): DatabaseHandle {
  const pool = createPostgresPool(databaseUrl, {
    size: poolSize,
    connectTimeoutMs: options.connectTimeoutMs ?? defaultConnectTimeoutMs,
    queryTimeoutMs: options.queryTimeoutMs ?? 0,
    outages: options.outages,
  });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
  });
  poolUses.set(db, pool.use);
  return { db, kind: 'postgres', close: () => db.destroy() };
}

const poolUses = new WeakMap<Db, () => PoolUse>();

/** A PostgreSQL handle's pool: its size and its connections now; null for the embedded database. */
export function poolUse(db: Db): PoolUse | null {
  return poolUses.get(db)?.() ?? null;
}

export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string | undefined;
  /** For a PostgreSQL server; the embedded database runs in this process and needs none. */
  postgres?: PostgresOptions;
}): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgresDatabase(options.databaseUrl, undefined, options.postgres)
    : openEmbeddedDatabase(options.dataDir);
}

function migratorOf(db: Db): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Features land in parallel: a migration may arrive after a later-stamped one has run.
    allowUnorderedMigrations: true,
  });
}

/** Applies every pending migration; returns the names applied now. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const { error, results } = await migratorOf(db).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((r) => r.migrationName);
}

/** The names of this code's migrations that have not run on `db` (reads only). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const known = await migratorOf(db).getMigrations();
  return known.filter((migration) => migration.executedAt === undefined).map((m) => m.name);
}

/** Runs `work` in a transaction, joining the caller's when `db` already is one. */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/**
 * Derived rows that a job replaces whole (delete, then insert), each kind with its own advisory
 * lock class. Two processes replacing the same key at once would both delete nothing new and
 * both insert, and the second would fail on the primary key (docs/decisions/059).
 */
const derivedRowLocks = { topicGrouping: 7002 } as const;

/**
 * Makes `trx` the only writer of one key's derived rows until it ends: another transaction
 * replacing the same key waits here, then replaces what this one wrote. Only inside a transaction.
 */
export async function lockDerivedRows(
  trx: Db,
  kind: keyof typeof derivedRowLocks,
  key: number,
): Promise<void> {
  if (!trx.isTransaction)
    throw new Error('lockDerivedRows holds its lock until a transaction ends');
  await sql`select pg_advisory_xact_lock(${derivedRowLocks[kind]}::int, ${key}::int)`.execute(trx);
}

/**
 * Makes `trx` the only writer of a derived table it replaces whole (or in ranges) until it ends:
 * another writer waits, then replaces what this one wrote; readers are not held up.
 */
export async function lockDerivedTable(
  trx: Db,
  table: 'opinion_insight_counts' | 'opinion_insight_moves' | 'report_norms' | 'member_scores',
): Promise<void> {
  if (!trx.isTransaction)
    throw new Error('lockDerivedTable holds its lock until a transaction ends');
  await sql`lock table ${sql.table(table)} in exclusive mode`.execute(trx);
}
