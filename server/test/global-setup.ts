import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { copyEmbeddedDatabase, migrateToLatest, openPostgresDatabase } from '../db/database.ts';
import { createServerDatabase, migratedEmbeddedDatabase } from './database.ts';

/**
 * Migrates one database per run for the integration tests, which then start from copies of it
 * (createTestDatabase): a PGlite tarball, or a template database on the PostgreSQL server of
 * DATABASE_URL. Migrating anew took 3.4–6.3 s a file on PGlite (docs/decisions/058).
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const template = await createServerDatabase(serverUrl);
    const handle = openPostgresDatabase(template.url, 1);
    try {
      await migrateToLatest(handle.db);
    } finally {
      // A template copies only while nobody is connected to it.
      await handle.close();
    }
    project.provide('migratedDatabase', { template: template.name });
    return () => template.drop();
  }

  const handle = await migratedEmbeddedDatabase();
  const tarball = await copyEmbeddedDatabase(handle.db);
  await handle.close();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'stance-migrated-'));
  const embeddedFile = path.join(folder, 'database.tar');
  fs.writeFileSync(embeddedFile, Buffer.from(await tarball.arrayBuffer()));
  project.provide('migratedDatabase', { embeddedFile });
  return () => fs.rmSync(folder, { recursive: true, force: true });
}
