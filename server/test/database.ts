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
  const name = `stance_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openPostgresDatabase(url.toString(), 5);
  await migrateToLatest(handle.db);
  return {
    ...handle,
    async close() {
      await handle.close();
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
