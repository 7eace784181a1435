import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedDatabase, statementActivity, type DatabaseHandle } from './database.ts';
import { EmbeddedDatabaseThread } from './embedded-thread.ts';

// One database for the file (opening one takes seconds); each test starts with a new table.
let handle: DatabaseHandle | undefined;
beforeAll(async () => {
  if (!process.env.DATABASE_URL) handle = await openEmbeddedDatabase(undefined);
});
afterAll(async () => {
  await handle?.close();
});

async function open() {
  await sql`drop table if exists items`.execute(handle!.db);
  await sql`
    create table items (
      id serial primary key, name text not null unique, tags text[], details jsonb,
      seen_at timestamptz, big bigint, bytes bytea, price numeric
    )
  `.execute(handle!.db);
  return handle!.db;
}

const itemCount = async (db: DatabaseHandle['db']) =>
  (await sql<{ n: number }>`select count(*)::int as n from items`.execute(db)).rows[0]!.n;

describe.skipIf(Boolean(process.env.DATABASE_URL))(
  'the embedded database in its own thread',
  () => {
    it('answers every kind of value as it was written', async () => {
      const db = await open();
      const seenAt = new Date('2026-11-24T01:02:03.456Z');
      const bytes = new Uint8Array([0, 1, 254, 255]);
      const details = { name: "it's", list: [1, null, { deep: true }] };
      await sql`
      insert into items (name, tags, details, seen_at, big, bytes, price)
      values (${'ünïcode ✓'}, ${['a', 'b,c']}, ${JSON.stringify(details)}::jsonb, ${seenAt},
        ${'9007199254740993'}::bigint, ${bytes}, ${'12.50'})
    `.execute(db);
      const { rows } = await sql<Record<string, unknown>>`
      select name, tags, details, seen_at, big, bytes, price, null::text as nothing from items
    `.execute(db);
      expect(rows).toEqual([
        {
          name: 'ünïcode ✓',
          tags: ['a', 'b,c'],
          details,
          seenAt,
          big: 9007199254740993n,
          bytes,
          price: '12.50',
          nothing: null,
        },
      ]);
    });

    it("reports PostgreSQL's errors with their fields, and stays usable after one", async () => {
      const db = await open();
      await db
        .insertInto('items' as never)
        .values({ name: 'one' } as never)
        .execute();
      const failure = await db
        .insertInto('items' as never)
        .values({ name: 'one' } as never)
        .execute()
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);
      expect(failure).toMatchObject({
        code: '23505',
        constraint: 'items_name_key',
        table: 'items',
        message: expect.stringContaining('duplicate key value'),
      });
      await expect(sql`select * from no_such_table`.execute(db)).rejects.toMatchObject({
        code: '42P01',
      });
      expect(await itemCount(db)).toBe(1);
    });

    it('commits a transaction whole, and rolls it back whole when its work throws', async () => {
      const db = await open();
      await db.transaction().execute(async (trx) => {
        await sql`insert into items (name) values ('a')`.execute(trx);
        await sql`insert into items (name) values ('b')`.execute(trx);
      });
      await expect(
        db.transaction().execute(async (trx) => {
          await sql`insert into items (name) values ('c')`.execute(trx);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      await expect(
        db.transaction().execute(async (trx) => {
          await sql`insert into items (name) values ('d')`.execute(trx);
          await sql`insert into items (name) values ('a')`.execute(trx);
        }),
      ).rejects.toMatchObject({ code: '23505' });
      const names = await sql<{ name: string }>`select name from items order by name`.execute(db);
      expect(names.rows.map((row) => row.name)).toEqual(['a', 'b']);
    });

    it('lets a statement from outside wait for an open transaction, which sees only its own work', async () => {
      const db = await open();
      const order: string[] = [];
      let outside: Promise<number> | undefined;
      await db.transaction().execute(async (trx) => {
        await sql`insert into items (name) values ('inside')`.execute(trx);
        // Sent while the transaction holds the database: it runs after the commit.
        outside = itemCount(db).then((count) => {
          order.push('outside');
          return count;
        });
        await new Promise((resolve) => setTimeout(resolve, 20));
        await sql`insert into items (name) values ('inside too')`.execute(trx);
        order.push('inside done');
      });
      expect(await outside).toBe(2);
      expect(order).toEqual(['inside done', 'outside']);
    });

    it('sends statements together: many in flight at once all get their own answers', async () => {
      const db = await open();
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          sql<{ n: number }>`select ${index}::int * 2 as n`.execute(db),
        ),
      );
      expect(answers.map((answer) => answer.rows[0]!.n)).toEqual(
        Array.from({ length: 50 }, (_, index) => index * 2),
      );
    });

    it('counts statement activity, so the members cache can tell when nothing ran', async () => {
      const db = await open();
      const before = statementActivity(db)!;
      await sql`select 1`.execute(db);
      expect(statementActivity(db)).toBe(before + 2);
      await db.transaction().execute((trx) => sql`select 1`.execute(trx));
      // The begin, the statement and the end, each sent and answered.
      expect(statementActivity(db)).toBe(before + 2 + 6);
    });

    it('rejects the calls waiting on a thread that stopped, and every later one, with the cause', async () => {
      const thread = await EmbeddedDatabaseThread.open(undefined);
      const pending = thread.query('select pg_sleep(0.2)');
      await (thread as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
      await expect(pending).rejects.toThrow(/thread exited/);
      await expect(thread.query('select 1')).rejects.toThrow(/thread exited/);
      await thread.close();
    });

    it('lets a command exit once its work is done, without closing the database', () => {
      const scriptDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stance-thread-'));
      const script = path.join(scriptDir, 'command.mjs');
      fs.writeFileSync(
        script,
        `import { openEmbeddedDatabase } from ${JSON.stringify(path.join(import.meta.dirname, 'database.ts'))};
      const handle = await openEmbeddedDatabase(undefined);
      await handle.db.selectNoFrom((eb) => eb.val(1).as('one')).execute();
      console.log('done');`,
      );
      try {
        const result = spawnSync(process.execPath, [script], { encoding: 'utf8', timeout: 60_000 });
        expect(result.stdout.trim()).toBe('done');
        expect(result.status).toBe(0);
      } finally {
        fs.rmSync(scriptDir, { recursive: true, force: true });
      }
    });
  },
);
