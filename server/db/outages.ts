import type { FastifyBaseLogger } from 'fastify';

/**
 * Watches one PostgreSQL database from this process and logs each outage twice: once when it
 * starts, with what went wrong, and once when it ends, with how many requests it cost. During an
 * outage every request and every poll of the job worker fails in the same way; a line (and a
 * stack) for each buried the log (docs/decisions/036-database-outages.md).
 */
export type OutageLog = {
  /** An operation failed for want of the database: starts an outage unless one is going on. */
  noteFailure(cause: unknown): void;
  /** An operation succeeded: the outage going on, if any, is over. */
  noteSuccess(): void;
  /** A request was answered 503 for want of the database. */
  noteRefusedRequest(): void;
};

/**
 * The database could not be reached, or did not answer in time: the request gets 503 and the
 * outage is logged once, by `outages` (plugins/errors.ts).
 */
export class DatabaseUnavailableError extends Error {
  /** The log of the database's outages, which counts the requests this error refuses. */
  readonly outages: OutageLog | undefined;

  constructor(cause: unknown, outages: OutageLog | undefined) {
    super(`The database is unavailable: ${messageOf(cause)}`, { cause });
    this.name = 'DatabaseUnavailableError';
    this.outages = outages;
  }
}

/** An outage log writing to `log`; without one it only counts (CLI, tests). */
export function createOutageLog(log?: Pick<FastifyBaseLogger, 'error' | 'info'>): OutageLog {
  let outage: { startedAt: number; refusedRequests: number } | null = null;
  return {
    noteFailure(cause) {
      if (outage) return;
      outage = { startedAt: performance.now(), refusedRequests: 0 };
      log?.error({ cause: messageOf(cause) }, 'database outage started');
    },
    noteSuccess() {
      if (!outage) return;
      const { startedAt, refusedRequests } = outage;
      outage = null;
      log?.info(
        { refusedRequests, durationMs: Math.round(performance.now() - startedAt) },
        'database outage ended',
      );
    },
    noteRefusedRequest() {
      // A request whose query failed just before another one succeeded is answered after the
      // outage ended: it is left out rather than starting another.
      if (outage) outage.refusedRequests++;
    },
  };
}

function messageOf(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  // ECONNREFUSED from several addresses (localhost is ::1 and 127.0.0.1) has an empty message.
  if (cause.message) return cause.message;
  return cause instanceof AggregateError && cause.errors[0] instanceof Error
    ? cause.errors[0].message
    : ((cause as NodeJS.ErrnoException).code ?? cause.name);
}
