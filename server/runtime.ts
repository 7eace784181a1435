import type { Config } from './config.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './db/database.ts';
import { isDatabaseEmpty, seedDemo, type SeedSummary } from './db/seed/demo.ts';

/**
 * Opens the configured database and brings its schema up to date. On the first start of an empty
 * embedded database it also loads the demo content, unless SEED=none; a server database is never
 * seeded implicitly.
 */
export async function openAndPrepareDatabase(
  config: Config,
  options: { allowSeed: boolean },
): Promise<{ handle: DatabaseHandle; migrated: string[]; seeded: SeedSummary | null }> {
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
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
