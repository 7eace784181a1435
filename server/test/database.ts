import { randomBytes } from 'node:crypto';
import pg from 'pg';
import {
  migrateToLatest,
  openEmbeddedDatabase,
  openPostgresDatabase,
  type DatabaseHandle,
} from '../db/database.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a newly created
 * database on the PostgreSQL server named by DATABASE_URL (dropped again on close).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const handle = await openEmbeddedDatabase(undefined);
    await migrateToLatest(handle.db);
    return handle;
  }
  const database = await createServerDatabase(serverUrl);
  const handle = openPostgresDatabase(database.url, 5);
  await migrateToLatest(handle.db);
  return {
    ...handle,
    async close() {
      await handle.close();
      await database.drop();
    },
  };
}

/**
 * A new, empty database on the PostgreSQL server at `serverUrl`: its URL, for a test that opens
 * it its own way, and how to drop it again.
 */
export async function createServerDatabase(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `stance_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await withAdminClient(serverUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
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
