import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import pg from 'pg';
import { DatabaseUnavailableError, type OutageLog } from './outages.ts';

/** A pool's connections now: what the metrics report (GET /metrics). */
export type PoolUse = { size: number; open: number; idle: number; waiting: number };

export type PostgresPoolOptions = {
  /** Most connections open at once. */
  size: number;
  /** Longest wait for a connection, new or free in the pool, in ms; 0 waits for ever. */
  connectTimeoutMs: number;
  /**
   * Longest a statement may run, in ms; 0: no limit (migrations, the seed, jobs and the CLI,
   * which may take minutes on a large database).
   */
  queryTimeoutMs: number;
  /** Told of every failure for want of the database, and of every answer from it. */
  outages?: OutageLog;
};

/**
 * How much longer than statement_timeout the client waits for any answer. The server's own
 * cancellation should come first: it leaves the connection usable, while a client that stops
 * waiting must close it.
 */
const unansweredGraceMs = 1000;

/**
 * A pg pool as Kysely uses it, made to fail rather than hang when the database does not answer
 * (docs/decisions/036-database-outages.md). Every failure for want of the database becomes a
 * DatabaseUnavailableError (a 503 for a request), and is reported to `outages`, as is every
 * answer.
 */
export function createPostgresPool(
  databaseUrl: string,
  options: PostgresPoolOptions,
): PostgresPool & { use(): PoolUse } {
  const limitsStatements = options.queryTimeoutMs > 0;
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.size,
    connectionTimeoutMillis: options.connectTimeoutMs,
    // The server enforces statement_timeout, so a slow statement is cancelled and its connection
    // kept. A server that answers nothing at all (stopped by a signal, or cut off by the network)
    // cannot cancel anything: query_timeout gives up on it from this side.
    ...(limitsStatements && {
      statement_timeout: options.queryTimeoutMs,
      query_timeout: options.queryTimeoutMs + unansweredGraceMs,
    }),
    // TCP keepalive finds a peer that vanished under an idle connection (a host gone, a
    // connection a firewall forgot) before a request picks that connection.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    idleTimeoutMillis: 10_000,
  });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  return {
    options: pool.options,
    async connect() {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        // Refused, timed out, or turned away (starting, shutting down, too many connections):
        // whatever the reason, there is no database for this request.
        throw unavailable(error, options.outages);
      }
      return watchClient(client, options.outages);
    },
    end: () => pool.end(),
    use: () => ({
      size: options.size,
      open: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
  };
}

/**
 * A checked-out client that fails fast once it cannot be trusted. A query given up without the
 * server's answer (a timeout, a dropped connection) leaves the client mid-protocol: pg keeps the
 * lost query in progress and queues the next one (Kysely's rollback, say) behind it, to wait a
 * full timeout again, and so would every request that took the client from the pool. So every
 * further query fails at once, and on release pg's pool closes the client (destroying its socket)
 * instead of keeping it.
 */
function watchClient(client: pg.PoolClient, outages: OutageLog | undefined): PostgresPoolClient {
  let brokenBy: unknown;
  // A checked-out client has no 'error' listener of pg's pool: a connection lost now would
  // otherwise crash the process.
  const onError = (error: Error) => (brokenBy ??= error);
  client.on('error', onError);

  async function query<Row>(
    sql: string,
    parameters: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<Row>> {
    if (brokenBy !== undefined) throw unavailable(brokenBy, outages);
    try {
      const result = await client.query(sql, parameters as unknown[]);
      outages?.noteSuccess();
      return result as PostgresQueryResult<Row>;
    } catch (error) {
      if (isConnectionLost(error)) {
        brokenBy = error;
        throw unavailable(error, outages);
      }
      if (!(error instanceof pg.DatabaseError)) throw error;
      if (isUnavailableState(error.code)) throw unavailable(error, outages);
      // The server answered (a constraint, a serialization failure): it is there.
      outages?.noteSuccess();
      throw error;
    }
  }

  return {
    // Kysely passes a cursor only when its dialect is given one, and this app's is not.
    query: query as PostgresPoolClient['query'],
    release(destroy) {
      client.off('error', onError);
      client.release(brokenBy !== undefined ? true : destroy);
    },
  };
}

function unavailable(cause: unknown, outages: OutageLog | undefined) {
  outages?.noteFailure(cause);
  return new DatabaseUnavailableError(cause, outages);
}

/** pg's own words for a connection lost or given up on; they come without a code. */
const connectionLostMessage = /timeout|terminated|not queryable/i;

/**
 * Whether a query failed without an answer from the server: a system error on the socket
 * (ECONNRESET, EPIPE…), or pg's query_timeout or lost connection. Anything else that is no
 * DatabaseError is a fault of the caller's (a parameter that cannot be sent, say), not an outage.
 */
function isConnectionLost(error: unknown): boolean {
  if (!(error instanceof Error) || error instanceof pg.DatabaseError) return false;
  const code = (error as NodeJS.ErrnoException).code;
  return (
    (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) ||
    connectionLostMessage.test(error.message)
  );
}

/**
 * SQLSTATEs of a server that cannot serve now: a connection exception (08), insufficient
 * resources (53: too many connections, out of memory or disk), shutting down or starting up
 * (57P), and a statement cancelled by statement_timeout (57014).
 */
function isUnavailableState(code: string | undefined): boolean {
  return (
    code !== undefined &&
    (code.startsWith('08') || code.startsWith('53') || code.startsWith('57P') || code === '57014')
  );
}
