import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { DatabaseHandle, Db } from '../db/database.ts';
import { setReadCacheClock, type Clock } from '../read-cache.ts';
import { createTestDatabase } from './database.ts';

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  config: Config;
  handle: DatabaseHandle;
  close(): Promise<void>;
};

/** Test configuration: the defaults, overridable per test. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', SEED: 'none', ...overrides });
}

/** The whole app on a fresh database, driven through `app.inject()` (real routing and plugins). */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    webDir?: string;
    /** A database opened by the test instead (closed with the app). */
    database?: DatabaseHandle;
    /** Where the app logs; by default nowhere. */
    logger?: FastifyBaseLogger;
    /** The clock the shared-read caches measure ages with, for a test that moves time itself. */
    clock?: Clock;
  } = {},
): Promise<TestApp> {
  const handle = options.database ?? (await createTestDatabase());
  if (options.clock) setReadCacheClock(handle.db, options.clock);
  const config = testConfig(options.env);
  const app = await buildApp(
    {
      config,
      db: handle.db,
      webDir: options.webDir ?? path.resolve(import.meta.dirname, 'fixtures/web'),
    },
    { logger: options.logger },
  );
  await app.ready();
  return {
    app,
    db: handle.db,
    config,
    handle,
    async close() {
      await app.close();
      await handle.close();
    },
  };
}

/** POSTs a call's payload in the `{"body": …}` envelope, as the web client does. */
export function postJson(app: FastifyInstance, path: string, body: unknown, cookie?: string) {
  return app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: { body },
  });
}
