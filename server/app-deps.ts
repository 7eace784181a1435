import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { RateLimiter } from './plugins/rate-limit.ts';

/**
 * What the app is built from, and what each feature's `register…Routes` receives. Its own module,
 * so that the route files need not import `app.ts`, which imports them all.
 */
export type AppDeps = {
  config: Config;
  db: Db;
  /** Where the built web app is (dist/web). */
  webDir: string;
  /** Rate-limit counters; by default in the database, or in Redis when REDIS_URL is set. */
  rateLimiter?: RateLimiter;
};
