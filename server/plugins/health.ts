import type { FastifyInstance } from 'fastify';
import { pendingMigrations, type Db } from '../db/database.ts';
import { sendFailure } from './errors.ts';

const stoppingStates = new WeakMap<FastifyInstance, { isStopping: boolean }>();

/**
 * Says the process is stopping: from now on `/readyz` answers 503, so that a load balancer takes
 * it out of rotation while it still serves what reaches it (docs/decisions/063).
 */
export function stopServing(app: FastifyInstance): void {
  const state = stoppingStates.get(app);
  if (state) state.isStopping = true;
}

/**
 * What a load balancer and a supervisor ask (docs/decisions/061-health-checks.md):
 * - `GET /healthz`: the process is alive and serving. It reads nothing, so a database outage does
 *   not get a healthy process restarted.
 * - `GET /readyz`: this process can serve requests now: the database answers, within the
 *   requests' statement timeout, and every migration this code knows has run. 503 otherwise, with
 *   the reason, so that the balancer sends no traffic here.
 *   From SIGTERM on (`stopServing`) it answers 503 while the process drains (docs/decisions/063).
 * Neither is cached, rate-limited or looks up a session.
 */
export function registerHealthChecks(app: FastifyInstance, db: Db) {
  const state = { isStopping: false };
  stoppingStates.set(app, state);

  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { success: true, body: { Status: 'alive' } };
  });

  app.get('/readyz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (state.isStopping) return sendFailure(reply, 503, 'This process is shutting down');
    let pending: string[];
    try {
      pending = await pendingMigrations(db);
    } catch {
      return sendFailure(reply, 503, 'The database is not answering');
    }
    if (pending.length > 0) {
      return sendFailure(
        reply,
        503,
        `The database is missing ${pending.length} of this version's migrations: ${pending.join(', ')}`,
      );
    }
    return { success: true, body: { Status: 'ready' } };
  });
}
