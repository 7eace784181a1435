import type { Config } from './config.ts';
import {
  migrateToLatest,
  openDatabase,
  openPostgresDatabase,
  type DatabaseHandle,
} from './db/database.ts';
import type { OutageLog } from './db/outages.ts';
import { isDatabaseEmpty, seedDemo, type SeedSummary } from './db/seed/demo.ts';

/**
 * Opens the configured database and brings its schema up to date. On the first start of an empty
 * embedded database it also loads the demo content, unless SEED=none; a server database is never
 * seeded implicitly. Its statements have no time limit: a migration, the seed, a job or a CLI
 * command may take minutes on a large database (docs/decisions/036-database-outages.md).
 */
export async function openAndPrepareDatabase(
  config: Config,
  options: { allowSeed: boolean; outages?: OutageLog },
): Promise<{ handle: DatabaseHandle; migrated: string[]; seeded: SeedSummary | null }> {
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    postgres: { connectTimeoutMs: config.databaseConnectTimeoutMs, outages: options.outages },
  });
  try {
    const migrated = await migrateToLatest(handle.db);
    const shouldSeed =
      options.allowSeed &&
      handle.kind === 'embedded' &&
      config.seed === 'demo' &&
      (await isDatabaseEmpty(handle.db));
    const seeded = shouldSeed ? await seedDemo(handle.db) : null;
    return { handle, migrated, seeded };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/**
 * The database requests go through. On a PostgreSQL server it is a pool of its own whose
 * statements are cut off after DATABASE_QUERY_TIMEOUT_MS, so that a request answers 503 rather
 * than hang when the server does not answer, while the work on `prepared` (the job worker) is not
 * cut off. The embedded database runs in this process and is `prepared` itself.
 */
export function openRequestDatabase(
  config: Config,
  prepared: DatabaseHandle,
  outages?: OutageLog,
): DatabaseHandle {
  if (prepared.kind === 'embedded' || !config.databaseUrl) {
    // Shared with the job worker; its owner closes it.
    return { ...prepared, close: async () => {} };
  }
  return openPostgresDatabase(config.databaseUrl, undefined, {
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    queryTimeoutMs: config.databaseQueryTimeoutMs,
    outages,
  });
}
