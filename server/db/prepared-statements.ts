import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/**
 * Prepared statements for the embedded database (docs/decisions/030). PGlite parses and plans
 * every query it is sent, and in WebAssembly planning is most of a query's cost: the feed's
 * ranking query 25 ms, a member load 7 ms, a milestone check 10 ms, each on the server's only
 * thread. A statement whose text comes again is prepared once (`PREPARE`), and from then on runs
 * as `EXECUTE` with its parameters and a generic plan, planned once.
 *
 * What a query answers does not change: the parameters are turned to text by the serializers
 * PGlite itself would use for their types (the prepared statement's parameter types), sent as
 * quoted literals, and read back by the same parsers. A statement that cannot be prepared, or
 * planned without its values, is sent as before.
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
  // Parameters travel as quoted literals, which take backslashes as they are only with this on
  // (PostgreSQL's default since 9.1); were it off, queries go as before.
  const { rows } = await pglite.query<{ standard_conforming_strings: string }>(
    'show standard_conforming_strings',
  );
  const stats: PreparedStatementStats = { prepared: 0, executed: 0 };
  if (rows[0]?.standard_conforming_strings !== 'on') return stats;
  const outside: Runner = { query: pglite.query.bind(pglite), exec: pglite.exec.bind(pglite) };
  const transaction = pglite.transaction.bind(pglite);
  /** In recency order: a use moves a statement to the end. */
  const statements = new Map<string, Statement>();
  let preparedCount = 0;
  let nextName = 1;

  function toLiteral(value: unknown, type: number): string {
    if (value === null || value === undefined) return 'NULL';
    const serialize = pglite.serializers[type];
    const text = String(serialize ? serialize(value) : value);
    // PostgreSQL text cannot hold NUL, and in the statement's own text it would end the protocol
    // message early (08P01, "invalid message format"): refused the way a parameter is.
    if (text.includes('\u0000')) throw nulInText();
    // With standard_conforming_strings on, only quotes need doubling.
    return `'${text.replaceAll("'", "''")}'`;
  }

  function executeText(statement: { name: string; parameterTypes: number[] }, params: unknown[]) {
    if (params.length === 0) return `execute ${statement.name}`;
    const literals = params.map((value, index) =>
      toLiteral(value, statement.parameterTypes[index]!),
    );
    return `execute ${statement.name}(${literals.join(', ')})`;
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
      // Left to itself PostgreSQL plans a prepared statement for its parameters five times, then
      // keeps doing so whenever a generic plan is estimated dearer, and for ours it was: each
      // EXECUTE was planned anew. Generic plans cost 1.5–4.7× less per query here (decision
      // 030). The setting is for this statement alone: unprepared ones are still planned for
      // their parameters (an ON CONFLICT whose partial index a parameter chooses needs that). It
      // is transactional, so a failed EXECUTE cannot leave it behind.
      const results = await runner.exec(
        `set plan_cache_mode = force_generic_plan; ${executeText(statement, params)}; reset plan_cache_mode`,
        options,
      );
      return results[1] as Results<T>;
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

/** The error PostgreSQL gives a parameter holding NUL, with its SQLSTATE. */
function nulInText(): Error {
  return Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
    code: '22021',
    severity: 'ERROR',
  });
}

function isCachedPlanStale(error: unknown): boolean {
  return (
    (error as { code?: string }).code === '0A000' &&
    String((error as Error).message).includes('cached plan must not change result type')
  );
}
