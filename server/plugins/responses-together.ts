import type { FastifyInstance } from 'fastify';

/**
 * The end of the event loop's current turn: a promise every response of the turn shares, settled
 * by one setImmediate once the turn's I/O callbacks (the requests that arrived together) have run.
 */
let turnEnd: Promise<void> | null = null;

function endOfTurn(): Promise<void> {
  turnEnd ??= new Promise((resolve) =>
    setImmediate(() => {
      turnEnd = null;
      resolve();
    }),
  );
  return turnEnd;
}

/**
 * Responses leave together at the end of the turn in which they were made, rather than each the
 * moment it is ready (docs/decisions/100-responses-leave-together.md). Each write on a socket wakes
 * the program reading it (a proxy, a load balancer, a browser); one written while the reader is
 * already awake for an earlier one costs little, one written after it has gone back to sleep
 * wakes it again, and on a virtual machine that wake-up cost the server a seventh of its time for
 * a cached page. A response waits at most for the rest of its turn's work (the other requests
 * that arrived with it); a request that comes alone waits for nothing else.
 *
 * Registered before every other onSend hook, so that the others (compression, cookies) run in the
 * burst too. The hook hands Fastify the turn's shared promise: it settles with no value, so the
 * payload goes on unchanged, and a failure in a later step reaches Fastify's error handling as
 * it would without the wait.
 */
export function registerResponsesTogether(app: FastifyInstance) {
  app.addHook('onSend', () => endOfTurn());
}
