import { CompiledQuery, sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberCacheTables } from '../features/sessions/members-cache.ts';
import * as sessionsRepository from '../features/sessions/sessions.repository.ts';
import { createTestDatabase } from '../test/database.ts';
import type { DatabaseHandle, Db } from './database.ts';
import {
  applyFunctionSources,
  functionSources,
  namesFromCode,
  readFunctionSource,
} from './functions/index.ts';

// The database's functions and triggers are rules (the vote, the members cache's change notes,
// the votes by day) that no TypeScript shows: these tests make a change to them show in review,
// and keep them defined in one source (docs/decisions/042-database-functions-in-one-source.md).

let handle: DatabaseHandle;
let db: Db;
beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
});
afterAll(async () => {
  await handle.close();
});

/** Every function Stance defines (not an extension's), as the catalog prints it. */
async function listFunctions(on: Db) {
  const result = await sql<{ name: string; definition: string }>`
    select p.proname as name, pg_get_functiondef(p.oid) as definition
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and p.prokind in ('f', 'p')
      and not exists (
        select 1 from pg_depend d
        where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e'
      )
    order by p.proname, pg_get_function_identity_arguments(p.oid)
  `.execute(on);
  return result.rows;
}

async function listTriggers(on: Db) {
  const result = await sql<{ definition: string }>`
    select pg_get_triggerdef(t.oid) as definition
    from pg_trigger t
    join pg_class c on c.oid = t.tgrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and not t.tgisinternal
    order by c.relname, t.tgname
  `.execute(on);
  return result.rows;
}

/** Trailing spaces dropped, one statement per paragraph. */
function listing(definitions: readonly string[]) {
  return definitions.map((text) => `${text.replace(/[ \t]+$/gm, '').trimEnd()};\n`).join('\n');
}

describe("the database's functions and triggers", () => {
  it('are those of the reviewed snapshot', async () => {
    const functions = await listFunctions(db);
    const triggers = await listTriggers(db);
    const snapshot = [
      '-- Every function and trigger in the public schema after the migrations, as the catalog',
      '-- prints them (pg_get_functiondef, pg_get_triggerdef), the same on PGlite and PostgreSQL.',
      '-- server/db/functions.db.test.ts compares a migrated database with this file: after a change,',
      '-- run `npx vitest run server/db/functions.db.test.ts -u` and review the difference.',
      '',
      listing(functions.map((row) => row.definition)),
      '-- Triggers',
      '',
      listing(triggers.map((row) => row.definition)),
    ].join('\n');
    await expect(snapshot).toMatchFileSnapshot('./functions.snapshot.sql');
  });

  it('are each defined by its source in server/db/functions, as it reads now', async () => {
    const names = await namesFromCode();
    const defined = functionSources.flatMap((source) =>
      readFunctionSource(source, names).map(
        (statement) => /^create or replace function (\w+)\(/i.exec(statement)?.[1],
      ),
    );
    const held = await listFunctions(db);
    expect(defined.toSorted()).toEqual(held.map((row) => row.name).toSorted());

    // Applying every source again changes nothing: no source was edited without a migration
    // applying it.
    class RolledBack extends Error {}
    let reapplied: Awaited<ReturnType<typeof listFunctions>> = [];
    await db
      .transaction()
      .execute(async (trx) => {
        await applyFunctionSources(trx, functionSources);
        reapplied = await listFunctions(trx);
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    expect(reapplied).toEqual(held);
  });

  it('fill in the names they take from the code', async () => {
    const { checkMilestonesJobKind } = await namesFromCode();
    const [castVotes] = (await listFunctions(db)).filter(
      (row) => row.name === 'cast_votes_in_sessions',
    );
    expect(castVotes!.definition).toContain(`select '${checkMilestonesJobKind}',`);
    expect(castVotes!.definition).not.toMatch(/:'[A-Za-z_]\w*'/);
  });
});

describe('the members cache', () => {
  it('reads only the tables of memberCacheTables', async () => {
    // The plan of the cache's one load names every table it reads.
    const compiled: CompiledQuery[] = [];
    const recorder: KyselyPlugin = {
      transformQuery({ node, queryId }) {
        compiled.push(db.getExecutor().compileQuery(node, queryId));
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const now = new Date();
    await sessionsRepository.loadMembers(
      db.withPlugin(recorder),
      [{ tokenHash: 'none', userId: null }],
      { now, idleCutoff: now, recentSince: now, recentLimit: 5 },
    );
    expect(compiled).toHaveLength(1);
    const plan = await db.executeQuery<Record<string, unknown>>(
      CompiledQuery.raw(`explain (format json) ${compiled[0]!.sql}`, [...compiled[0]!.parameters]),
    );
    const tables = new Set<string>();
    const visit = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object') {
        for (const [key, inner] of Object.entries(value)) {
          if (key === 'Relation Name' && typeof inner === 'string') tables.add(inner);
          visit(inner);
        }
      }
    };
    const planColumn = Object.values(plan.rows[0]!)[0];
    visit(typeof planColumn === 'string' ? JSON.parse(planColumn) : planColumn);
    expect([...tables].toSorted()).toEqual([...memberCacheTables].toSorted());
  });

  it('has its change-note triggers on every table it reads', async () => {
    // tgtype's bits (PostgreSQL's pg_trigger.h): 4 insert, 8 delete, 16 update, 32 truncate.
    const noted = await sql<{
      tableName: string;
      onInsert: boolean;
      onUpdate: boolean;
      onDelete: boolean;
      onTruncate: boolean;
    }>`
      select c.relname as table_name,
        bool_or((t.tgtype & 4) <> 0) as on_insert, bool_or((t.tgtype & 16) <> 0) as on_update,
        bool_or((t.tgtype & 8) <> 0) as on_delete, bool_or((t.tgtype & 32) <> 0) as on_truncate
      from pg_trigger t
      join pg_class c on c.oid = t.tgrelid
      join pg_proc p on p.oid = t.tgfoid
      where not t.tgisinternal and p.prosrc ~* 'insert\\s+into\\s+member_changes'
      group by c.relname
    `.execute(db);
    const byTable = new Map(noted.rows.map((row) => [row.tableName, row]));
    for (const table of memberCacheTables) {
      const triggers = byTable.get(table);
      // A row the cache holds can be written (inserted or updated), deleted or truncated away.
      expect(
        triggers && {
          written: triggers.onInsert || triggers.onUpdate,
          deleted: triggers.onDelete,
          truncated: triggers.onTruncate,
        },
        `change-note triggers on ${table}`,
      ).toEqual({ written: true, deleted: true, truncated: true });
    }
  });
});
