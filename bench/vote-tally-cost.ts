/**
 * What one part of the vote function costs a vote batch: on one database, batches of 10 votes
 * through cast_votes_in_sessions (the vote endpoint's whole database round trip), and the same
 * batches through a copy of it without that part, in alternating blocks, so that both arms meet
 * the same machine. Every voter has given good points on arguments of the opinions they vote on
 * and changes their vote (and side) often: the worst case. p50/p95 per batch of each arm.
 *
 * The parts (BENCH_PART):
 * - `tallies` (default): the tallies_moved CTE, between the `argument tallies` markers of
 *   cast-votes-in-sessions.sql (docs/decisions/076);
 * - `minds`: the history of changes (changes_recorded) and the check for credits to withdraw
 *   (docs/decisions/077).
 *
 * Usage: npm run bench:vote-tallies              embedded database (PGlite)
 *        npm run bench:vote-tallies -- postgres  a new database on DATABASE_URL's server
 * BENCH_BLOCKS (default 10 of each arm), BENCH_BATCHES (default 100 batches a block).
 */
import os from 'node:os';
import { sql } from 'kysely';
import { migrateToLatest, type Db } from '../server/db/database.ts';
import { namesFromCode, readFunctionSource } from '../server/db/functions/index.ts';
import { seedDemo } from '../server/db/seed/demo.ts';
import { createTarget } from './harness.ts';

const engine = process.argv.includes('postgres') ? 'postgres' : 'pglite';
const blocks = Number(process.env.BENCH_BLOCKS ?? 10);
const batches = Number(process.env.BENCH_BATCHES ?? 100);
const voters = 200;
const part = process.env.BENCH_PART === 'minds' ? 'minds' : 'tallies';
/** The part's text in the function's source, each pattern to cut. */
const cuts: Record<typeof part, RegExp[]> = {
  tallies: [/-- argument tallies: begin[\s\S]*?-- argument tallies: end\n/],
  minds: [
    /\n {2}changes_recorded as \([\s\S]*?\n {2}\),/,
    /\n {2}-- Persuasions withdrawn[\s\S]*?\n {2}end if;/,
  ],
};
/** cast_votes_in_sessions without the part, as cast_votes_without_part. */
async function createControlFunction(db: Db) {
  const statements = readFunctionSource('cast-votes-in-sessions', await namesFromCode());
  for (const statement of statements) {
    let stripped = statement;
    for (const cut of cuts[part]) {
      const before = stripped;
      stripped = stripped.replace(cut, '');
      if (stripped === before) throw new Error(`${part}: ${cut} was not found`);
    }
    const renamed = stripped.replace(
      'function cast_votes_in_sessions(',
      'function cast_votes_without_part(',
    );
    if (renamed === stripped) throw new Error('the function was not found');
    await sql.raw(renamed).execute(db);
  }
}

function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (share: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95) };
}

const target = await createTarget(engine, { name: 'vote-tallies', poolSize: 2 });
const times = { on: [] as number[], off: [] as number[] };
try {
  const handle = await target.open();
  const db = handle.db;
  try {
    await migrateToLatest(db);
    await seedDemo(db);
    await createControlFunction(db);
    await sql`insert into users (username) select 'tally-voter-' || g from generate_series(1, ${voters}) g`.execute(
      db,
    );
    await sql`insert into sessions (token_hash, user_id, expires_at)
      select 'tally-' || u.id, u.id, now() + interval '1 day' from users u
      where u.username like 'tally-voter-%'`.execute(db);
    const opinions = (
      await sql<{ opinionId: number }>`
        select distinct a.opinion_id from argument_tallies a where a.ranked order by 1 limit 20`.execute(
        db,
      )
    ).rows.map((row) => row.opinionId);
    // Every voter gives a good point to three arguments of each of those opinions.
    await sql`insert into comment_likes (comment_id, user_id)
      select a.comment_id, u.id from users u
      cross join lateral (
        select a.comment_id from argument_tallies a
        where a.opinion_id = any(${opinions}) and a.ranked
        order by md5(a.comment_id::text || u.id::text) limit 60
      ) a
      where u.username like 'tally-voter-%'
      on conflict do nothing`.execute(db);
    const tokens = (
      await sql<{ tokenHash: string }>`
        select token_hash from sessions where token_hash like 'tally-%' order by 1`.execute(db)
    ).rows.map((row) => row.tokenHash);
    let turn = 0;
    const batch = async (withTallies: boolean) => {
      const voteFunction = sql.raw(
        withTallies ? 'cast_votes_in_sessions' : 'cast_votes_without_part',
      );
      const hashes: string[] = [];
      const ids: number[] = [];
      const ratings: number[] = [];
      for (let i = 0; i < 10; i++) {
        turn++;
        hashes.push(tokens[(turn * 7) % tokens.length]!);
        ids.push(opinions[(turn * 13) % opinions.length]!);
        ratings.push(1 + ((turn * 3) % 5));
      }
      const start = performance.now();
      await sql`select * from ${voteFunction}(${hashes}::text[], ${ids}::integer[],
        ${ratings}::integer[], ${[10, 100]}::integer[], now() - interval '1 day',
        now() - interval '1 hour', 60000)`.execute(db);
      return performance.now() - start;
    };
    for (let i = 0; i < 50; i++) await batch(i % 2 === 0);
    for (let block = 0; block < blocks * 2; block++) {
      const arm = block % 2 === 0 ? 'on' : 'off';
      for (let i = 0; i < batches; i++) times[arm].push(await batch(arm === 'on'));
    }
  } finally {
    await handle.close();
  }
} finally {
  await target.dispose();
}
const on = summary(times.on);
const off = summary(times.off);
console.log(
  `\nVote batches (10 votes) through cast_votes_in_sessions on ${engine} (${os.cpus().length} CPUs), ` +
    `${times.on.length} per arm, in alternating blocks of ${batches}:`,
);
const partName = part === 'tallies' ? 'tallies_moved' : 'the minds-changed history';
console.log(
  `  without ${partName} (control)  p50 ${off.p50.toFixed(2)} ms, p95 ${off.p95.toFixed(2)} ms`,
);
console.log(
  `  with ${partName}            p50 ${on.p50.toFixed(2)} ms, p95 ${on.p95.toFixed(2)} ms` +
    `  (${(on.p50 / off.p50).toFixed(2)} × at p50)`,
);
