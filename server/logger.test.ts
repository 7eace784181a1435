import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { createLogger, ReadableRequestLog } from './logger.ts';

/** The lines a logger made for `config` writes for one entry. */
async function linesOf(env: Record<string, string>, isTTY = false): Promise<string[]> {
  const destination = new PassThrough();
  let written = '';
  destination.on('data', (chunk: Buffer) => (written += chunk.toString()));
  const logger = await createLogger(loadConfig({ ...env, LOG_LEVEL: 'info' }), {
    isTTY,
    destination,
  });
  logger.info({ startupMs: 812 }, 'Stance is running at http://localhost:3000');
  logger.flush();
  await new Promise((resolve) => setImmediate(resolve));
  return written.split('\n').filter(Boolean);
}

function isJson(line: string): boolean {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}

describe('the log', () => {
  it('is readable lines in development, even when the output is not a terminal', async () => {
    const lines = await linesOf({});
    expect(lines).toHaveLength(1);
    const [line] = lines as [string];
    expect(isJson(line)).toBe(false);
    expect(line).toMatch(
      /^\[\d\d:\d\d:\d\d\] INFO: Stance is running at http:\/\/localhost:3000 \{"startupMs":812\}$/,
    );
    // No colour codes into a file or a pipe.
    expect(line).not.toContain('\u001b[');
  });

  it('is coloured on a terminal', async () => {
    const [line] = await linesOf({}, true);
    expect(line).toContain('\u001b[');
  });

  it('is one JSON object per line in production, and where LOG_FORMAT=json asks', async () => {
    const envs: Record<string, string>[] = [{ NODE_ENV: 'production' }, { LOG_FORMAT: 'json' }];
    for (const env of envs) {
      const lines = await linesOf(env);
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({
        level: 30,
        msg: 'Stance is running at http://localhost:3000',
        startupMs: 812,
      });
    }
  });

  it('gives a request one readable line, when it is answered', async () => {
    const destination = new PassThrough();
    let written = '';
    destination.on('data', (chunk: Buffer) => (written += chunk.toString()));
    const logger = await createLogger(loadConfig({ LOG_LEVEL: 'info' }), {
      isTTY: false,
      destination,
    });
    const app = Fastify({
      loggerInstance: logger as FastifyBaseLogger,
      logController: new ReadableRequestLog(),
    });
    app.get('/api/topic/getall', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/api/topic/getall?x=1' });
    await app.close();
    const lines = written.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/topic\/getall\?x=1 200 \d+ ms$/);
  });

  it('is readable in production when LOG_FORMAT=pretty asks', async () => {
    const [line] = await linesOf({ NODE_ENV: 'production', LOG_FORMAT: 'pretty' });
    expect(isJson(line!)).toBe(false);
  });
});
