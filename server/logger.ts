import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { pino, type DestinationStream, type Logger } from 'pino';
import type { Config } from './config.ts';

/*
 * The process's log (docs/decisions/069-honest-labels.md#the-console). In production one JSON
 * object per line, for a log collector; in development one readable line per entry, whether or
 * not the output is a terminal (`npm start | tee`, an editor's task runner and a container's log
 * all read it), with colour only on a terminal. LOG_FORMAT overrides either way.
 */

/** What pino-pretty is told: the time of day, and no process id or host name on every line. */
export const prettyOptions = {
  translateTime: 'SYS:HH:MM:ss',
  ignore: 'pid,hostname,reqId',
  singleLine: true,
} as const;

/**
 * pino-pretty, as a stream in this process: written synchronously, so a line logged just before
 * the process exits (a fatal start-up error, the end of a shutdown) is never lost with a worker
 * thread. Null when it is not installed (`npm ci --omit=dev`): the log is JSON then.
 */
async function prettyStream(
  colorize: boolean,
  destination: Destination,
): Promise<DestinationStream | null> {
  try {
    const { default: pretty } = await import('pino-pretty');
    return pretty({ ...prettyOptions, colorize, sync: true, destination });
  } catch {
    return null;
  }
}

/** Where the log goes: standard output (1), or a stream (tests). */
type Destination = 1 | NodeJS.WritableStream;

export async function createLogger(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  output: { isTTY: boolean; destination: Destination } = {
    isTTY: process.stdout.isTTY === true,
    destination: 1,
  },
): Promise<Logger> {
  const json = () =>
    output.destination === 1
      ? pino({ level: config.logLevel })
      : pino({ level: config.logLevel }, output.destination as DestinationStream);
  if (config.logFormat === 'json') return json();
  const stream = await prettyStream(output.isTTY, output.destination);
  if (!stream) {
    const logger = json();
    logger.warn('pino-pretty is not installed, so the log is JSON (LOG_FORMAT=json says so)');
    return logger;
  }
  return pino({ level: config.logLevel }, stream);
}

/**
 * Fastify's request log lines for the readable log: a request is one line when it is answered,
 * `GET /api/topic/getall 200 15 ms`, instead of two entries of nested objects; a failed one keeps
 * its error, whose stack prints below. Fastify's other lines (errors it handles, 404s, closing)
 * are unchanged, and the JSON log keeps Fastify's own controller.
 */
export class ReadableRequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (this.isLogDisabled(request)) return;
    const line = `${request.method} ${request.url} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.info(line);
  }
}
