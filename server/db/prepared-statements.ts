import { parse, protocol } from '@electric-sql/pglite';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/**
 * Prepared statements for the embedded database (docs/decisions/023-performance-machinery.md#prepared-statements). PGlite parses and plans
 * every query it is sent, and in WebAssembly planning is most of a query's cost: the feed's
 * ranking query 25 ms, a member load 7 ms, a milestone check 10 ms, each on the server's only
 * thread. A statement whose text comes again is prepared once (`PREPARE`), and from then on runs
 * through the wire protocol's Bind and Execute with a generic plan, planned once.
 *
 * What a query answers does not change: its parameters travel as Bind values, serialized by the
 * serializers PGlite itself uses for their types (the prepared statement's parameter types), the
 * way PGlite sends an unprepared query's; no value is ever written into SQL text. Rows are read
 * back by PGlite's own result parser. A statement that cannot be prepared, or planned without its
 * values, is sent as before.
 */
export type PreparedStatementStats = { prepared: number; executed: number };

type Statement =
  | { state: 'seen'; uses: number }
  | { state: 'unpreparable' }
  /** Being prepared by another call: this one goes as before meanwhile. */
  | { state: 'preparing' }
  | { state: 'prepared'; name: string; parameterTypes: number[] };

/** A statement is prepared on its second use: one-off statements (DDL, seeds) are left alone. */
const usesBeforePreparing = 2;
/** Statements kept prepared at most; the least recently used is deallocated beyond it. */
const defaultMaxPrepared = 256;
/** Statement texts counted at most before the counts start again (distinct texts are unbounded). */
const maxSeen = 4096;

/** Only these can be prepared; the rest (DDL, SET, BEGIN…) go as they are. */
const preparable = /^\s*(select|insert|update|delete|with|values)\b/i;
/** Statements that may change a table's columns: prepared plans over it could no longer run. */
const schemaChange = /^\s*(alter|drop|create)\b/i;

type Runner = Pick<Transaction, 'query' | 'exec'>;

export async function usePreparedStatements(
  pglite: PGlite,
  options: { maxPrepared?: number } = {},
): Promise<PreparedStatementStats> {
  const maxPrepared = options.maxPrepared ?? defaultMaxPrepared;
  const stats: PreparedStatementStats = { prepared: 0, executed: 0 };
  const outside: Runner = { query: pglite.query.bind(pglite), exec: pglite.exec.bind(pglite) };
  const transaction = pglite.transaction.bind(pglite);
  /** In recency order: a use moves a statement to the end. */
  const statements = new Map<string, Statement>();
  let preparedCount = 0;
  let nextName = 1;

  /** A parameter as Bind sends it: text from PGlite's serializer for its type, or null. */
  function toParameter(value: unknown, type: number, options?: QueryOptions): string | null {
    if (value === null || value === undefined) return null;
    const serialize = options?.serializers?.[type] ?? pglite.serializers[type];
    return String(serialize ? serialize(value) : value);
  }

  /**
   * Runs a prepared statement: Bind (its parameters as values), Describe, Execute, Sync, in one
   * call into the database, between a SET and a RESET of the plan cache mode. Left to itself
   * PostgreSQL plans a prepared statement for its parameters five times, then keeps doing so
   * whenever a generic plan is estimated dearer, and for ours it was: each execution was planned
   * anew. Generic plans cost 1.5–4.7× less per query here (decision 023). The setting is for this
   * statement alone: unprepared ones are still planned for their parameters (an ON CONFLICT whose
   * partial index a parameter chooses needs that). Outside a transaction the RESET runs even when
   * the statement fails (the protocol skips to Sync, then goes on); inside one, a failure aborts
   * the transaction, whose end undoes the SET.
   */
  async function executePrepared<T>(
    statement: { name: string; parameterTypes: number[] },
    params: unknown[],
    isInTransaction: boolean,
    options?: QueryOptions,
  ): Promise<Results<T>> {
    const values = params.map((value, index) =>
      toParameter(value, statement.parameterTypes[index]!, options),
    );
    const message = concatenate([
      forceGenericPlan,
      protocol.serialize.bind({ statement: statement.name, values }),
      describePortal,
      executePortal,
      sync,
      resetPlanCacheMode,
    ]);
    const run = async () => {
      const messages = await pglite.execProtocolStream(message, { syncToFs: false });
      if (!isInTransaction) await pglite.syncToFs();
      // One result per completed command: the SET, the statement, the RESET.
      return parse.parseResults(messages, pglite.parsers, options)[1] as Results<T>;
    };
    // Like PGlite's own query: alone on the connection, and outside a transaction also never
    // inside another caller's.
    return isInTransaction
      ? pglite._runExclusiveQuery(run)
      : pglite._runExclusiveTransaction(() => pglite._runExclusiveQuery(run));
  }

  function remember(text: string, statement: Statement) {
    statements.delete(text);
    statements.set(text, statement);
  }

  /** The statement as known so far, counting this use; new texts beyond maxSeen start afresh. */
  function lookUp(text: string): Statement {
    let statement = statements.get(text);
    if (!statement) {
      if (statements.size >= maxSeen) {
        for (const [oldText, old] of statements) {
          if (old.state !== 'prepared') statements.delete(oldText);
        }
      }
      statement = preparable.test(text) ? { state: 'seen', uses: 0 } : { state: 'unpreparable' };
    }
    if (statement.state === 'seen') statement.uses++;
    remember(text, statement);
    return statement;
  }

  /**
   * Prepares `text`; null when it cannot be: it does not parse, its parameters do not match the
   * call's, or it cannot be planned without its parameters' values (an ON CONFLICT whose partial
   * index is chosen by a parameter). Then the query goes as before and reports its own error.
   * Inside a transaction the checks run under a savepoint, so a failed one leaves it usable.
   */
  async function prepare(
    runner: Runner,
    text: string,
    paramCount: number,
    isInTransaction: boolean,
  ) {
    const name = `stance_${nextName++}`;
    let isPrepared = false;
    if (isInTransaction) await runner.exec('savepoint stance_prepare');
    try {
      await runner.exec(`prepare ${name} as ${text}`);
      isPrepared = true;
      await runner.exec(`explain (generic_plan) ${text}`);
      const described = await runner.query<{ types: string }>(
        `select array_to_string(parameter_types::oid[], ',') as types
         from pg_prepared_statements where name = $1`,
        [name],
      );
      const types = described.rows[0]?.types;
      const parameterTypes = types ? types.split(',').map(Number) : [];
      if (parameterTypes.length !== paramCount) throw new Error('parameters do not match');
      if (isInTransaction) await runner.exec('release savepoint stance_prepare');
      await keepPrepared(runner);
      return { name, parameterTypes };
    } catch {
      if (isInTransaction) await runner.exec('rollback to savepoint stance_prepare');
      // A prepared statement outlives the savepoint it was made under.
      if (isPrepared) await runner.exec(`deallocate ${name}`);
      if (isInTransaction) await runner.exec('release savepoint stance_prepare');
      return null;
    }
  }

  /** Counts a new prepared statement, deallocating the least recently used beyond the limit. */
  async function keepPrepared(runner: Runner) {
    preparedCount++;
    stats.prepared++;
    if (preparedCount <= maxPrepared) return;
    for (const [oldText, old] of statements) {
      if (old.state !== 'prepared') continue;
      statements.delete(oldText);
      preparedCount--;
      await runner.exec(`deallocate ${old.name}`);
      return;
    }
  }

  async function forgetAll(runner: Runner) {
    if (preparedCount === 0) return;
    statements.clear();
    preparedCount = 0;
    await runner.exec('deallocate all');
  }

  async function runQuery<T>(
    runner: Runner,
    isInTransaction: boolean,
    text: string,
    params: unknown[] = [],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    let statement = lookUp(text);
    if (statement.state === 'seen' && statement.uses >= usesBeforePreparing) {
      remember(text, { state: 'preparing' });
      const prepared = await prepare(runner, text, params.length, isInTransaction);
      statement = prepared ? { state: 'prepared', ...prepared } : { state: 'unpreparable' };
      remember(text, statement);
    }
    if (statement.state !== 'prepared') {
      const result = await runner.query<T>(text, params, options);
      if (schemaChange.test(text)) await forgetAll(runner);
      return result;
    }
    stats.executed++;
    try {
      return await executePrepared<T>(statement, params, isInTransaction, options);
    } catch (error) {
      // A table changed under a prepared statement without passing here (another connection
      // cannot exist, so only by a path this wrapper does not see): plan it afresh.
      if (isInTransaction || !isCachedPlanStale(error)) throw error;
      await forgetAll(runner);
      return runner.query<T>(text, params, options);
    }
  }

  async function runExec(runner: Runner, text: string, options?: QueryOptions) {
    const results = await runner.exec(text, options);
    if (schemaChange.test(text)) await forgetAll(runner);
    return results;
  }

  pglite.query = (text, params, options) => runQuery(outside, false, text, params, options);
  pglite.exec = (text, options) => runExec(outside, text, options);
  pglite.transaction = (callback) =>
    transaction((tx) => {
      const inside: Runner = { query: tx.query.bind(tx), exec: tx.exec.bind(tx) };
      tx.query = (text, params, options) => runQuery(inside, true, text, params, options);
      tx.exec = (text, options) => runExec(inside, text, options);
      return callback(tx);
    });
  return stats;
}

const forceGenericPlan = protocol.serialize.query('set plan_cache_mode = force_generic_plan');
const resetPlanCacheMode = protocol.serialize.query('reset plan_cache_mode');
const describePortal = protocol.serialize.describe({ type: 'P' });
const executePortal = protocol.serialize.execute({});
const sync = protocol.serialize.sync();

function concatenate(parts: readonly Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}

function isCachedPlanStale(error: unknown): boolean {
  return (
    (error as { code?: string }).code === '0A000' &&
    String((error as Error).message).includes('cached plan must not change result type')
  );
}
