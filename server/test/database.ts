import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { noDatabaseVariable } from '../../scripts/test-layout.ts';
import {
  migrateToLatest,
  openEmbeddedDatabase,
  openPostgresDatabase,
  type DatabaseHandle,
} from '../db/database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The migrated database every integration test file starts from, made once per run by
     * server/test/global-setup.ts: a PGlite tarball's path, or a template database's name on the
     * PostgreSQL server of DATABASE_URL.
     */
    migratedDatabase: { embeddedFile: string } | { template: string };
  }
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a newly created
 * database on the PostgreSQL server named by DATABASE_URL (dropped again on close). Each is a copy
 * of the migrated database the run made once, not migrated anew.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  refuseInUnitTests();
  const migrated = inject('migratedDatabase');
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    if (!migrated || !('embeddedFile' in migrated)) return migratedEmbeddedDatabase();
    const from = new Blob([fs.readFileSync(migrated.embeddedFile)]);
    return openEmbeddedDatabase(undefined, { from });
  }
  const template = migrated && 'template' in migrated ? migrated.template : undefined;
  const database = await createServerDatabase(serverUrl, { template });
  const handle = openPostgresDatabase(database.url, 5);
  if (!template) await migrateToLatest(handle.db);
  return {
    ...handle,
    async close() {
      await handle.close();
      await database.drop();
    },
  };
}

/** A new in-memory embedded database, migrated: what every copy starts from. */
export async function migratedEmbeddedDatabase(): Promise<DatabaseHandle> {
  const handle = await openEmbeddedDatabase(undefined);
  await migrateToLatest(handle.db);
  return handle;
}

/**
 * A new, empty database on the PostgreSQL server at `serverUrl` (or a copy of `template`): its
 * URL, for a test that opens it its own way, and how to drop it again.
 */
export async function createServerDatabase(
  serverUrl: string,
  options: { template?: string } = {},
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  refuseInUnitTests();
  const name = `stance_test_${randomBytes(6).toString('hex')}`;
  const template = options.template ? ` template ${options.template}` : '';
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}${template}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      await withAdminClient(serverUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
}

function refuseInUnitTests() {
  if (process.env[noDatabaseVariable]) {
    throw new Error(
      'This test opens a database, but its file is named *.test.ts, which runs once and without ' +
        'one. Name it *.db.test.ts so that it runs on both databases (docs/decisions/058-tests-in-minutes.md).',
    );
  }
}

async function withAdminClient<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
