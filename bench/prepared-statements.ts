/**
 * Prepared statements on the embedded database (docs/decisions/023-performance-machinery.md#prepared-statements): the same repeated queries on
 * two in-memory PGlite databases of the app's schema and demo content, one with
 * `usePreparedStatements` and one without, in alternating batches in this one process, so that
 * both meet the same machine load. Prints each query's time per execution on both and the ratio
 * (plain ÷ prepared: above 1 means preparing pays).
 *
 * Usage: node bench/prepared-statements.ts        (BENCH_ROUNDS, default 5; 200 executions each)
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { CamelCasePlugin, Kysely, PGliteDialect } from 'kysely';
import { migrateToLatest } from '../server/db/database.ts';
import type { Database } from '../server/db/schema.ts';
import { usePreparedStatements } from '../server/db/prepared-statements.ts';
import { seedDemo } from '../server/db/seed/demo.ts';

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const executions = 200;

async function openDemo(prepared: boolean): Promise<PGlite> {
  const pglite = await PGlite.create({ extensions: { pg_trgm } });
  if (prepared) await usePreparedStatements(pglite);
  const db = new Kysely<Database>({
    dialect: new PGliteDialect({ pglite }),
    plugins: [new CamelCasePlugin()],
  });
  await migrateToLatest(db);
  await seedDemo(db);
  return pglite;
}

/** Queries of the shapes the app repeats most: a member's votes, a feed page, an opinion page. */
const queries: { name: string; text: string; params: (n: number) => unknown[] }[] = [
  {
    name: "a member's ratings",
    text: 'select opinion_id, rating from votes where user_id = $1',
    params: (n) => [1 + (n % 60)],
  },
  {
    name: 'a feed page (join, order, limit)',
    text: `select o.id, o.slug, o.title, o.num_votes, o.num_comments, u.username
           from opinions o left join users u on u.id = o.author_id
           where o.listed and not o.deleted and o.id not in
             (select opinion_id from votes where user_id = $1)
           order by o.num_votes desc, o.id desc limit $2`,
    params: (n) => [1 + (n % 60), 20],
  },
  {
    name: 'an opinion with its topics',
    text: `select o.id, o.title, t.slug as topic from opinions o
           left join opinion_topics ot on ot.opinion_id = o.id
           left join topics t on t.id = ot.topic_id
           where o.id = $1`,
    params: (n) => [1 + (n % 150)],
  },
];

const plain = await openDemo(false);
const prepared = await openDemo(true);
const timings = new Map<string, { plain: number[]; prepared: number[] }>();
for (const query of queries) timings.set(query.name, { plain: [], prepared: [] });

async function time(pglite: PGlite, query: (typeof queries)[number]): Promise<number> {
  const started = process.hrtime.bigint();
  for (let n = 0; n < executions; n++) await pglite.query(query.text, query.params(n));
  return Number(process.hrtime.bigint() - started) / 1e6 / executions;
}

for (let round = 0; round < rounds; round++) {
  for (const query of queries) {
    const entry = timings.get(query.name)!;
    // Alternate which goes first, so neither always meets a warmer machine.
    if (round % 2 === 0) {
      entry.plain.push(await time(plain, query));
      entry.prepared.push(await time(prepared, query));
    } else {
      entry.prepared.push(await time(prepared, query));
      entry.plain.push(await time(plain, query));
    }
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(`${rounds} rounds of ${executions} executions; median ms per execution`);
for (const [name, { plain: p, prepared: q }] of timings) {
  const ratio = median(p) / median(q);
  console.log(
    `${name.padEnd(36)} plain ${median(p).toFixed(3)}  prepared ${median(q).toFixed(3)}  ratio ${ratio.toFixed(2)}`,
  );
}
await plain.close();
await prepared.close();
