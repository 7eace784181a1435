import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { usePreparedStatements } from './prepared-statements.ts';

let pglite: PGlite;
afterEach(async () => {
  await pglite?.close();
});

/** An empty database's files, made once: each test starts from a copy (0.6 s, not 3 s). */
let emptyDatabase: Blob;
beforeAll(async () => {
  if (process.env.DATABASE_URL) return;
  const first = await PGlite.create();
  emptyDatabase = await first.dumpDataDir('none');
  await first.close();
});

async function open(options?: { maxPrepared?: number }) {
  pglite = await PGlite.create({ loadDataDir: emptyDatabase });
  const stats = await usePreparedStatements(pglite, options);
  await pglite.exec(`
    create table items (
      id serial primary key, name text not null unique, tags text[], scores integer[],
      details jsonb, seen_at timestamptz, is_open boolean, key text, attempts integer
    );
    create unique index items_open_key on items (key) where attempts = 0;
  `);
  return stats;
}

const awkward = [
  "it's",
  'back\\slash',
  'quote "and" comma, {brace}',
  'ünïcode ✓',
  "'; drop table items; --",
];

// PGlite's own wrapper: nothing of it runs on a PostgreSQL server, so the PostgreSQL pass skips it.
describe.skipIf(Boolean(process.env.DATABASE_URL))(
  'prepared statements on the embedded database',
  () => {
    it('answer a repeated query exactly as before, for every kind of parameter', async () => {
      const stats = await open();
      const seenAt = new Date('2026-11-22T07:00:00.123Z');
      const seenAtOf = (index: number) => (index === 0 ? null : seenAt);
      for (const [index, name] of awkward.entries()) {
        await pglite.query(
          'insert into items (name, tags, scores, details, seen_at, is_open) values ($1, $2, $3, $4, $5, $6)',
          [
            name,
            [name, 'x'],
            [index, 2],
            { name, list: [1, null] },
            seenAtOf(index),
            index % 2 === 0,
          ],
        );
      }
      expect(stats.prepared).toBe(1);
      for (const [index, name] of awkward.entries()) {
        const { rows } = await pglite.query<Record<string, unknown>>(
          'select name, tags, scores, details, seen_at, is_open from items where name = $1 and scores @> $2',
          [name, [index]],
        );
        expect(rows).toEqual([
          {
            name,
            tags: [name, 'x'],
            scores: [index, 2],
            details: { name, list: [1, null] },
            seen_at: seenAtOf(index),
            is_open: index % 2 === 0,
          },
        ]);
      }
      expect(stats.prepared).toBe(2);
      // Each statement ran plain once, then four times prepared.
      expect(stats.executed).toBe(4 + 4);
      // Nothing leaked: the injection attempt was a value, and the table is whole.
      const count = await pglite.query<{ count: number }>(
        'select count(*)::int as count from items',
      );
      expect(count.rows[0]!.count).toBe(awkward.length);
    });

    it('never write a parameter value into SQL text, in or outside a transaction', async () => {
      await open();
      // Every message PGlite sends to the database goes through execProtocolStream: record the SQL
      // text of each Query ('Q') and Parse ('P') message.
      const sqlTexts: string[] = [];
      const send = pglite.execProtocolStream.bind(pglite);
      pglite.execProtocolStream = (message, options) => {
        sqlTexts.push(...sqlTextsOf(message));
        return send(message, options);
      };
      const secret = 'value-5f2c9a';
      const select = 'select count(*)::int as count from items where name = $1';
      for (let use = 0; use < 4; use++) {
        await pglite.query(select, [`${secret}-${use}`]);
        await pglite.transaction((tx) => tx.query(select, [`${secret}-tx-${use}`]));
      }
      expect(sqlTexts.some((text) => text.includes(select))).toBe(true);
      expect(sqlTexts.filter((text) => text.includes(secret))).toEqual([]);
    });

    it('report errors with their codes, as unprepared queries do', async () => {
      await open();
      const insert = 'insert into items (name) values ($1)';
      await pglite.query(insert, ['one']);
      await pglite.query(insert, ['two']);
      await expect(pglite.query(insert, ['one'])).rejects.toMatchObject({ code: '23505' });
      await expect(pglite.query(insert, [null])).rejects.toMatchObject({ code: '23502' });
      for (let attempt = 0; attempt < 3; attempt++) {
        await expect(pglite.query('select $1::integer as n', [])).rejects.toThrow();
        await expect(
          pglite.query('select * from no_such_table where id = $1', [1]),
        ).rejects.toMatchObject({
          code: '42P01',
        });
      }
    });

    it('refuse a text holding NUL as an unprepared query does (22021), not as a broken message', async () => {
      await open();
      const select = 'select count(*) from items where name = $1';
      for (let use = 0; use < 3; use++) {
        await expect(pglite.query(select, ['a\u0000b'])).rejects.toMatchObject({ code: '22021' });
      }
      expect((await pglite.query(select, ['a'])).rows).toEqual([{ count: 0 }]);
    });

    it('leave a statement unprepared when it cannot be planned without its parameters', async () => {
      const stats = await open();
      // The partial index is chosen by a parameter: only a plan for the value can use it.
      const upsert = `insert into items (name, key, attempts) values ($1, $2, 0)
      on conflict (key) where attempts = $3 do nothing returning id`;
      for (const name of ['a', 'b', 'c']) {
        const { rows } = await pglite.query(upsert, [name, 'same', 0]);
        expect(rows).toHaveLength(name === 'a' ? 1 : 0);
      }
      expect(stats.prepared).toBe(0);
    });

    it('run inside transactions: a failed check under a savepoint leaves the transaction usable', async () => {
      const stats = await open();
      const upsert = `insert into items (name, key, attempts) values ($1, $2, 0)
      on conflict (key) where attempts = $3 do nothing`;
      const select = 'select name from items where key = $1 order by name';
      await pglite.transaction(async (tx) => {
        for (const name of ['a', 'b']) await tx.query(upsert, [name, `key-${name}`, 0]);
        for (let use = 0; use < 3; use++) {
          expect((await tx.query(select, ['key-a'])).rows).toEqual([{ name: 'a' }]);
        }
      });
      expect(stats.prepared).toBe(1);
      const rolledBack = pglite.transaction(async (tx) => {
        await tx.query(upsert, ['c', 'key-c', 0]);
        expect((await tx.query(select, ['key-c'])).rows).toEqual([{ name: 'c' }]);
        throw new Error('changed my mind');
      });
      await expect(rolledBack).rejects.toThrow('changed my mind');
      expect((await pglite.query(select, ['key-c'])).rows).toEqual([]);
      expect((await pglite.query(select, ['key-b'])).rows).toEqual([{ name: 'b' }]);
    });

    it('see a table’s new columns after it changes', async () => {
      await open();
      const select = 'select * from items where name = $1';
      await pglite.query('insert into items (name) values ($1)', ['one']);
      for (let use = 0; use < 3; use++) await pglite.query(select, ['one']);
      await pglite.exec('alter table items add column colour text');
      const { rows } = await pglite.query<{ colour: string | null }>(select, ['one']);
      expect(rows[0]).toHaveProperty('colour', null);
      // Inside a transaction too, where a failed statement could not be run again.
      for (let use = 0; use < 3; use++) await pglite.query(select, ['one']);
      await pglite.transaction(async (tx) => {
        await tx.exec('alter table items add column size integer');
        const changed = await tx.query<{ size: number | null }>(select, ['one']);
        expect(changed.rows[0]).toHaveProperty('size', null);
      });
    });

    it('keep at most the limit prepared, dropping the least recently used', async () => {
      const stats = await open({ maxPrepared: 2 });
      const queries = [1, 2, 3].map((n) => `select ${n} as n, name from items where id = $1`);
      for (const query of queries) for (let use = 0; use < 2; use++) await pglite.query(query, [1]);
      expect(stats.prepared).toBe(3);
      const prepared = await pglite.query<{ count: number }>(
        'select count(*)::int as count from pg_prepared_statements',
      );
      expect(prepared.rows[0]!.count).toBe(2);
      // The dropped one is prepared again on its next uses, and still answers.
      for (let use = 0; use < 2; use++)
        expect((await pglite.query(queries[0]!, [1])).rows).toEqual([]);
      expect(stats.prepared).toBe(4);
    });
  },
);

/** The SQL text of each simple Query ('Q') and Parse ('P') message in a frontend message buffer. */
function sqlTextsOf(buffer: Uint8Array): string[] {
  const texts: string[] = [];
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  const decoder = new TextDecoder();
  let offset = 0;
  while (offset + 5 <= buffer.length) {
    const type = String.fromCharCode(buffer[offset]!);
    const length = view.getInt32(offset + 1);
    const body = buffer.subarray(offset + 5, offset + 1 + length);
    // A Parse message starts with the statement's name, then its text, each NUL-terminated.
    if (type === 'Q') texts.push(decoder.decode(body));
    if (type === 'P') texts.push(decoder.decode(body.subarray(body.indexOf(0) + 1)));
    offset += 1 + length;
  }
  return texts;
}
