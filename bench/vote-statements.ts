/**
 * What a vote costs, part by part (issue 35, docs/decisions/084-what-a-vote-costs.md): on one
 * database shaped like the API benchmark's (the demo content plus members who have personal
 * details and live sessions), batches of votes through cast_votes_in_sessions (the vote
 * endpoint's whole database round trip), beside copies of it that each leave one part out, and
 * beside the API benchmark's control, raw upserts of a vote row into a table shaped like `votes`
 * (one statement per row, as that control makes them, and all of a batch's rows in one statement).
 * Every arm runs in alternating blocks so that all meet the same machine; each figure is the
 * median per batch, and per vote (÷ the batch size).
 *
 * A part's cost is the full function's median minus the median without it. The parts are the
 * function's data-modifying CTEs (cast-votes-in-sessions.sql), grouped where one reads another.
 *
 * Usage: npm run bench:vote-statements              embedded database (PGlite)
 *        npm run bench:vote-statements -- postgres  a new database on DATABASE_URL's server
 * BENCH_BATCH (default 100 votes a batch: what 100 connections fill), BENCH_BLOCKS (default 6 of
 * each arm), BENCH_BATCHES (default 20 batches a block), BENCH_VOTERS (default all 2,000 members;
 * 50 make most votes changed votes, which move a rating's counts to another), BENCH_OPINIONS (the
 * most voted opinions the votes fall on; default all, 1 the API benchmark's hot opinion),
 * BENCH_PARTS=nothing,insight (the parts
 * whose names start with those words; `nothing` is an identical copy, the noise floor, and
 * `index` the whole function with num_votes indexed again, as before decision 084).
 * BENCH_PARTS may also name arms not run by default: `alternative` (copies of the function with a
 * part written another way: a positive cost means the alternative is cheaper) and `triggers` (the
 * whole function without the votes triggers it sets aside, which still collect their transition
 * tables).
 * After each block of every arm, the insight moves the batches logged are folded into the insight
 * counts (fold_insight_moves, as the tidbit refresh folds them, docs/decisions/096): the fold's
 * time per move is the rest of what a vote's insight counts cost, off the batch.
 * Arms without a part leave counters behind the votes, so the counters' checks are dropped on this
 * throwaway database; it times, it checks no drift.
 */
import os from 'node:os';
import { sql } from 'kysely';
import { migrateToLatest, type Db } from '../server/db/database.ts';
import { namesFromCode, readFunctionSource } from '../server/db/functions/index.ts';
import { seedDemo } from '../server/db/seed/demo.ts';
import { createTarget, median } from './harness.ts';

const engine = process.argv.includes('postgres') ? 'postgres' : 'pglite';
const batchSize = Number(process.env.BENCH_BATCH ?? 100);
const blocks = Number(process.env.BENCH_BLOCKS ?? 6);
const batchesPerBlock = Number(process.env.BENCH_BATCHES ?? 20);
const members = 2000;
/** The members who vote: with few, most of a batch's votes change a rating they gave before. */
const voters = Number(process.env.BENCH_VOTERS ?? members);
/** The opinions the batches vote on, the most voted first: 1 is the API benchmark's hot opinion. */
const opinionCount = Number(process.env.BENCH_OPINIONS ?? 0) || undefined;

/** Each part: the patterns that cut it out of the function's source. */
const allParts: Record<string, RegExp[]> = {
  'nothing (an identical copy: the noise floor)': [],
  'change notes (noted)': [/\n {2}noted as \([\s\S]*?\n {2}\),/],
  'member counts and milestones (added, counted, queued)': [
    /\n {2}added as \([\s\S]*?\n {2}\),/,
    /\n {2}counted as \([\s\S]*?\n {2}\),/,
    /\n {2}queued as \([\s\S]*?\n {2}\),/,
  ],
  "insight moves (insights_logged, the hot opinions' fold)": [
    /\n {2}insights_logged as \([\s\S]*?\n {2}\),/,
    /\n {2}-- A hot opinion, with ten[\s\S]*?\n {2}end if;/,
  ],
  'argument tallies (tallies_moved)': [
    /-- argument tallies: begin[\s\S]*?-- argument tallies: end\n/,
  ],
  'tidbit jobs (tidbits_queued)': [/\n {2}tidbits_queued as \([\s\S]*?\n {2}\),/],
  'minds changed (changes_recorded)': [/\n {2}changes_recorded as \([\s\S]*?\n {2}\),/],
  'votes by day (before, day_moves, dated)': [
    /\n {2}before as \([\s\S]*?\n {2}\),/,
    /\n {2}day_moves as \([\s\S]*?\n {2}\),/,
    /\n {2}dated as \([\s\S]*?\n {2}\),/,
  ],
  'persuasions check (its own statement)': [/\n {2}-- Persuasions withdrawn[\s\S]*?\n {2}end if;/],
};
/**
 * Each alternative: a copy of the function with one part written another way (its patterns and
 * what replaces them), and what it needs created first. Its "cost" is the function's median minus
 * the alternative's: positive when the alternative is cheaper. Run only when BENCH_PARTS names
 * them (docs/decisions/084-what-a-vote-costs.md, "Tried for the insight counts").
 */
const alternatives: Record<string, { replace: [RegExp, string][]; setup?: string[] }> = {
  'alternative: tidbit jobs filtered by NOT EXISTS before their insert': {
    replace: [
      [
        /(\n {4}join opinions o on o\.id = c\.opinion_id and o\.listed)(\n {4}order by c\.opinion_id)/,
        `$1
    where not exists (
      select 1 from jobs j
      where j.dedupe_key = 'refresh-opinion-tidbit:' || c.opinion_id
        and j.done_at is null and j.attempts = 0
    )$2`,
      ],
    ],
  },
};

/** BENCH_PARTS=a,b keeps only the parts whose names start with those words. */
const chosen = process.env.BENCH_PARTS?.split(',');
const parts = Object.fromEntries(
  Object.entries(allParts).filter(
    ([name]) => !chosen || chosen.some((word) => name.startsWith(word)),
  ),
);

async function createVariant(
  db: Db,
  name: string,
  cuts: RegExp[],
  replacements: [RegExp, string][] = [],
) {
  for (const statement of readFunctionSource('cast-votes-in-sessions', await namesFromCode())) {
    let text = statement;
    for (const [pattern, replacement] of replacements) {
      const before = text;
      text = text.replace(pattern, replacement);
      if (text === before) throw new Error(`${name}: ${String(pattern)} was not found`);
    }
    for (const cut of cuts) {
      const before = text;
      text = text.replace(cut, '');
      if (text === before) throw new Error(`${name}: ${String(cut)} was not found`);
    }
    const renamed = text.replace('function cast_votes_in_sessions(', `function ${name}(`);
    if (renamed === text) throw new Error('the function was not found');
    await sql.raw(renamed).execute(db);
  }
}

/** Every benchmark member gets a demo member's personal details, in turn, as bench/api.ts does. */
async function copyDemographics(db: Db) {
  const details = await db.selectFrom('demographics').selectAll().execute();
  const users = await db
    .selectFrom('users')
    .select('id')
    .where('username', 'like', 'bench\\_%')
    .orderBy('id')
    .execute();
  await db
    .insertInto('demographics')
    .values(users.map((user, index) => ({ ...details[index % details.length]!, userId: user.id })))
    .execute();
}

const indexArm = 'index: the whole function with num_votes indexed (as before decision 084)';
/** Each arm's function name. */
const functionOf = new Map<string, string>();
/** Arms of the whole function run with a table changed: statements before and after each block. */
const tableArms = new Map<string, { before: string[]; after: string[] }>();
let heapOnly: string | undefined;
/** Each fold after a block: its time and the moves it folded. */
const folds: { ms: number; moves: number }[] = [];
const target = await createTarget(engine, { name: 'vote-statements', poolSize: 2 });
const times = new Map<string, number[]>();
const record = (arm: string, ms: number) => times.set(arm, [...(times.get(arm) ?? []), ms]);
try {
  const handle = await target.open();
  const db = handle.db;
  try {
    await migrateToLatest(db);
    await seedDemo(db);
    // The API benchmark's members: personal details (a demo member's, in turn) and a session each.
    await sql`insert into users (username, email)
      select 'bench_' || g, 'bench' || g || '@bench.stance.invalid'
      from generate_series(1, ${members}) g`.execute(db);
    await copyDemographics(db);
    await sql`insert into sessions (token_hash, user_id, expires_at)
      select 'bench-' || u.id, u.id, now() + interval '1 day' from users u
      where u.username like 'bench\\_%'`.execute(db);
    // An arm without a part leaves that part's counters behind the votes, which a later arm may
    // then move below zero: their checks go, on this throwaway database (timing only, no drift
    // check).
    const checks = await sql<{ table: string; name: string }>`
      select c.conrelid::regclass::text as table, c.conname as name from pg_constraint c
      where c.contype = 'c' and c.conrelid::regclass::text in
        ('opinion_insight_counts', 'argument_tallies', 'opinion_vote_days', 'opinions',
         'member_vote_counts')`.execute(db);
    for (const check of checks.rows) {
      await sql`alter table ${sql.table(check.table)} drop constraint ${sql.ref(check.name)}`.execute(
        db,
      );
    }
    await sql`create table bench_votes (like votes including all)`.execute(db);
    const opinions = (
      await sql<{ id: number }>`
        select id from opinions where listed and not deleted order by num_votes desc`.execute(db)
    ).rows
      .map((row) => row.id)
      .slice(0, opinionCount);
    const tokens = (
      await sql<{ tokenHash: string; userId: number }>`
        select token_hash, user_id from sessions where token_hash like 'bench-%'`.execute(db)
    ).rows.slice(0, voters);
    const arms: string[] = ['full', 'upserts (one statement each)', 'upserts (one statement)'];
    let index = 0;
    for (const [name, cuts] of Object.entries(parts)) {
      const fn = `cast_votes_without_${index++}`;
      await createVariant(db, fn, cuts);
      arms.push(name);
      functionOf.set(name, fn);
    }
    for (const [name, alternative] of Object.entries(alternatives)) {
      if (!chosen?.some((word) => name.startsWith(word))) continue;
      for (const statement of alternative.setup ?? []) await sql.raw(statement).execute(db);
      const fn = `cast_votes_without_${index++}`;
      await createVariant(db, fn, [], alternative.replace);
      arms.push(name);
      functionOf.set(name, fn);
    }
    // Not a part of the function: an index on a column the batch moves, as opinions_most_voted
    // was. With one, each opinion's counter update is not a heap-only update: it adds entries to
    // every index of opinions (the title's two GIN indexes among them).
    if (!chosen || chosen.includes('index')) {
      arms.push(indexArm);
      functionOf.set(indexArm, 'cast_votes_in_sessions');
    }
    functionOf.set('full', 'cast_votes_in_sessions');
    // Arms of the whole function with a table changed around their blocks, named in BENCH_PARTS only.
    const guarded = (
      await sql<{ name: string; definition: string }>`
        select t.tgname as name, pg_get_triggerdef(t.oid) as definition from pg_trigger t
        where t.tgrelid = 'votes'::regclass and not t.tgisinternal
          and pg_get_triggerdef(t.oid) like '%stance.votes_noted%'`.execute(db)
    ).rows;
    tableArms.set('triggers: the whole function without the votes triggers it sets aside', {
      before: guarded.map((trigger) => `drop trigger ${trigger.name} on votes`),
      after: guarded.map((trigger) => trigger.definition),
    });
    for (const name of tableArms.keys()) {
      if (!chosen?.some((word) => name.startsWith(word))) continue;
      arms.push(name);
      functionOf.set(name, 'cast_votes_in_sessions');
    }
    const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;
    /** A batch of distinct (member, opinion) pairs, as the vote batcher sends them. */
    const makeBatch = () => {
      const seen = new Set<string>();
      const votes: { tokenHash: string; userId: number; opinionId: number; rating: number }[] = [];
      while (votes.length < batchSize) {
        const voter = pick(tokens);
        const opinionId = pick(opinions);
        if (seen.has(`${voter.userId}:${opinionId}`)) continue;
        seen.add(`${voter.userId}:${opinionId}`);
        votes.push({ ...voter, opinionId, rating: 1 + Math.floor(Math.random() * 5) });
      }
      return votes;
    };
    const run = async (arm: string) => {
      const votes = makeBatch();
      const start = performance.now();
      if (arm === 'upserts (one statement each)') {
        for (const vote of votes) {
          await sql`insert into bench_votes (user_id, opinion_id, rating)
            values (${vote.userId}, ${vote.opinionId}, ${vote.rating})
            on conflict (user_id, opinion_id) do update set rating = excluded.rating, updated_at = now()`.execute(
            db,
          );
        }
      } else if (arm === 'upserts (one statement)') {
        await sql`insert into bench_votes (user_id, opinion_id, rating)
          select * from unnest(${votes.map((v) => v.userId)}::integer[],
            ${votes.map((v) => v.opinionId)}::integer[], ${votes.map((v) => v.rating)}::integer[])
          on conflict (user_id, opinion_id) do update set rating = excluded.rating, updated_at = now()`.execute(
          db,
        );
      } else {
        await sql`select * from ${sql.raw(functionOf.get(arm)!)}(
          ${votes.map((v) => v.tokenHash)}::text[], ${votes.map((v) => v.opinionId)}::integer[],
          ${votes.map((v) => v.rating)}::integer[], ${[10, 100]}::integer[],
          now() - interval '1 day', now() - interval '1 hour', 10000)`.execute(db);
      }
      return performance.now() - start;
    };
    // Warm-up: every member has voted on a few opinions, every arm planned.
    for (let i = 0; i < 20; i++) for (const arm of arms) await run(arm);
    for (let block = 0; block < blocks; block++) {
      for (const arm of arms) {
        if (arm === indexArm) {
          await sql`create index opinions_most_voted on opinions (num_votes desc, id)
            where listed and not deleted`.execute(db);
        }
        for (const statement of tableArms.get(arm)?.before ?? [])
          await sql.raw(statement).execute(db);
        for (let i = 0; i < batchesPerBlock; i++) record(arm, await run(arm));
        for (const statement of tableArms.get(arm)?.after ?? [])
          await sql.raw(statement).execute(db);
        if (arm === indexArm) await sql`drop index opinions_most_voted`.execute(db);
      }
      const start = performance.now();
      const folded = await sql<{ moves: number }>`
        select fold_insight_moves(${opinions}::integer[]) as moves`.execute(db);
      folds.push({ ms: performance.now() - start, moves: folded.rows[0]!.moves });
    }
    // Whether the counters' updates were heap-only (no new index entry): a fill factor below
    // 100 would only help updates that are not.
    const updates = await sql<{ table: string; updates: number; heapOnly: number }>`
      select relname as table, n_tup_upd::integer as updates, n_tup_hot_upd::integer as heap_only
      from pg_stat_user_tables
      where relname in ('opinion_insight_counts', 'opinions', 'member_vote_counts',
        'opinion_vote_days')
      order by relname`.execute(db);
    heapOnly = updates.rows
      .map((row) => `${row.table} ${row.heapOnly} of ${row.updates}`)
      .join(', ');
  } finally {
    await handle.close();
  }
} finally {
  await target.dispose();
}

const full = median(times.get('full')!)!;
console.log(
  `\nA vote batch of ${batchSize} on ${engine} (${os.cpus().length} CPUs, load ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}), median of ${blocks * batchesPerBlock} batches per arm:`,
);
const perVote = (ms: number) => `${((ms / batchSize) * 1000).toFixed(0).padStart(5)} µs/vote`;
console.log(
  `  ${'cast_votes_in_sessions, whole'.padEnd(66)} ${full.toFixed(2).padStart(7)} ms ${perVote(full)}`,
);
for (const arm of ['upserts (one statement each)', 'upserts (one statement)']) {
  const value = median(times.get(arm)!)!;
  console.log(
    `  ${`control: raw ${arm}`.padEnd(66)} ${value.toFixed(2).padStart(7)} ms ${perVote(value)}`,
  );
}
/** The slowest batches of each arm: what a p99 of the vote endpoint waits behind. */
for (const [arm, values] of times) {
  const sorted = [...values].sort((a, b) => a - b);
  const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)]!;
  console.log(
    `  ${`slowest, ${arm}`.slice(0, 66).padEnd(66)} p95 ${p95.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`,
  );
}
if (times.has(indexArm)) {
  const added = median(times.get(indexArm)!)! - full;
  console.log(
    `  ${indexArm.padEnd(66)} ${added.toFixed(2).padStart(7)} ms ${perVote(added)}  (+${((added / full) * 100).toFixed(0)} %)`,
  );
}
for (const name of [...Object.keys(parts), ...Object.keys(alternatives), ...tableArms.keys()]) {
  if (!times.has(name)) continue;
  const without = median(times.get(name)!)!;
  const cost = full - without;
  console.log(
    `  ${`part: ${name}`.padEnd(66)} ${cost.toFixed(2).padStart(7)} ms ${perVote(cost)}  (${((cost / full) * 100).toFixed(0)} %)`,
  );
}
const foldedMoves = folds.reduce((sum, fold) => sum + fold.moves, 0);
const foldMs = folds.reduce((sum, fold) => sum + fold.ms, 0);
console.log(
  `  ${'fold of the insight moves, after each block (fold_insight_moves)'.padEnd(66)} ${(
    (foldMs / Math.max(foldedMoves, 1)) *
    1000
  )
    .toFixed(0)
    .padStart(
      5,
    )} µs/move  (${folds.length} folds of ${Math.round(foldedMoves / Math.max(folds.length, 1))} moves, ${(foldMs / folds.length).toFixed(1)} ms each)`,
);
console.log(`  heap-only updates (no index entry added): ${heapOnly ?? 'unknown'}`);
