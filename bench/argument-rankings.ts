/**
 * The argument rankings at scale (issue 35, docs/decisions/076-rankings-from-argument-tallies.md):
 * on PostgreSQL, a synthetic seed of 100,000 arguments and 1,000,000 good points, then the argument
 * feed's first page in each sort (`bridging`, `persuasive`, `liked`, `recent`), one at a time, beside a control
 * sent alternately in the same run: the question feed's first page (an indexed read of 20 rows and
 * their tuples). p50/p95 of each; aim: every first page ≤ 50 ms at p95. A later page (the second,
 * cut from the ranking as of the first page's time) is timed a few times too.
 *
 * The pages are computed in this process through the service (questions.service.ts) on a database
 * handle of their own: no read cache stands in front of them (READ_CACHE_MS is the app's), so each
 * call is the work a cache miss does.
 *
 * The seed: 20,000 members, 500 questions of 4 positions (2,000 position opinions), each member
 * voting on 50 positions (1,000,000 votes, ratings 1–5), 50 arguments per position (pro, con and
 * neutral in turn) and one good point per vote on an argument of that position, the first
 * arguments of a position far more liked than the last. Written with the row triggers off
 * (session_replication_role = replica) and the derived counters rebuilt after, as the synthetic
 * population is (server/db/seed/synthetic.ts); then VACUUM ANALYZE, as autovacuum leaves a settled
 * database.
 *
 * Usage: npm run bench:rankings      a new database on DATABASE_URL's server (default
 *                                    postgres://postgres@127.0.0.1:5432/postgres), dropped after
 * BENCH_REQUESTS (default 200 of each first page), BENCH_LATER (default 3 second pages per sort),
 * BENCH_WARMUP (default 5 of each first call before the timed ones), BENCH_KEEP=1 keeps the
 * seeded database (its URL is printed) for EXPLAIN ANALYZE; drop it by hand after.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { migrateToLatest, type Db } from '../server/db/database.ts';
import { rebuildCounters } from '../server/features/opinions/opinions.repository.ts';
import { getArgumentFeed, getConvoFeed } from '../server/features/questions/questions.service.ts';
import { createTarget, root } from './harness.ts';

const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const laterPages = Number(process.env.BENCH_LATER ?? 3);
const warmup = Number(process.env.BENCH_WARMUP ?? 5);
const targetP95Ms = 50;
const sorts = ['bridging', 'persuasive', 'liked', 'recent'] as const;

const scale = {
  members: 20_000,
  questions: 500,
  positionsPerQuestion: 4,
  votesPerMember: 50,
  argumentsPerPosition: 50,
};

async function seed(db: Db) {
  const positions = scale.questions * scale.positionsPerQuestion;
  await db.connection().execute(async (connection) => {
    await sql`set session_replication_role = replica`.execute(connection);
    await sql`insert into users (username) select 'ranker-' || g from generate_series(1, ${scale.members}) g`.execute(
      connection,
    );
    await sql`insert into categories (title) values ('Bench')`.execute(connection);
    await sql`insert into convos (slug, title, category_id)
      select 'bench-question-' || g, 'Bench question number ' || g, (select id from categories)
      from generate_series(1, ${scale.questions}) g`.execute(connection);
    await sql`insert into opinions (slug, title)
      select 'bench-position-' || g, 'Bench position number ' || g
      from generate_series(1, ${positions}) g`.execute(connection);
    await sql`insert into convo_positions (convo_id, opinion_id, position)
      select c.id, o.id, (o.id - 1) % ${scale.positionsPerQuestion}
      from opinions o join convos c on c.id = (o.id - 1) / ${scale.positionsPerQuestion} + 1`.execute(
      connection,
    );
    // Each member votes on votesPerMember positions spread over all of them.
    await sql`insert into votes (user_id, opinion_id, rating, created_at, updated_at)
      select u.id, ((u.id * 7919 + k * ${Math.floor(positions / scale.votesPerMember)}) % ${positions}) + 1,
        1 + floor(random() * 5)::int, now() - interval '30 days', now() - interval '30 days'
      from users u cross join generate_series(0, ${scale.votesPerMember - 1}) k
      on conflict do nothing`.execute(connection);
    await sql`insert into comments (thread_id, opinion_id, author_id, body_source, body_html,
        response_type, created_at)
      select o.id::text, o.id, 1 + (o.id * 31 + k) % ${scale.members},
        'Argument ' || k || ' on position ' || o.id || '. It gives a reason and some evidence.',
        '<p>Argument ' || k || ' on position ' || o.id || '. It gives a reason and some evidence.</p>',
        (array['pro', 'con', 'neutral'])[1 + k % 3],
        now() - interval '20 days' + (o.id * ${scale.argumentsPerPosition} + k) * interval '1 second'
      from opinions o cross join generate_series(0, ${scale.argumentsPerPosition - 1}) k
      order by o.id, k`.execute(connection);
    // One good point per vote, on an argument of that position (position n's arguments have the
    // nth run of consecutive ids): the first ones far more liked.
    await sql`insert into comment_likes (comment_id, user_id, created_at)
      select first.id + (v.opinion_id - 1) * ${scale.argumentsPerPosition}
          + floor(power(random(), 3) * ${scale.argumentsPerPosition})::int,
        v.user_id, now() - interval '10 days'
      from votes v cross join (select min(id) as id from comments) first`.execute(connection);
    await sql`update comments c set like_count = k.likes
      from (select comment_id, count(*)::int as likes from comment_likes group by 1) k
      where k.comment_id = c.id`.execute(connection);
    // Minds changed, for Most persuasive: about a quarter of the arguments credited, a few many times
    // (the counts alone: the order reads them, not the credits' rows).
    await sql`update comments set persuaded_count = floor(power(random(), 12) * 40)::int
      where response_type in ('pro', 'con')`.execute(connection);
    await sql`set session_replication_role = default`.execute(connection);
  });
  const rebuilt = performance.now();
  await rebuildCounters(db);
  const rebuildMs = performance.now() - rebuilt;
  // As autovacuum leaves a settled database: statistics, and the visibility map that lets a probe
  // of the bridging index read no table row.
  await sql`vacuum analyze`.execute(db);
  const counts = await sql<{ arguments: number; likes: number; votes: number; byVoters: number }>`
    select (select count(*)::int from comments) as arguments,
      (select count(*)::int from comment_likes) as likes,
      (select count(*)::int from votes) as votes,
      (select count(*)::int from comment_likes l join comments c on c.id = l.comment_id
        join votes v on v.user_id = l.user_id and v.opinion_id = c.opinion_id) as by_voters`.execute(
    db,
  );
  const seeded = counts.rows[0]!;
  if (seeded.byVoters !== seeded.likes) throw new Error('the seed gave good points off positions');
  return { ...seeded, rebuildMs };
}

function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

function summary(times: readonly number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), n: sorted.length };
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

const target = await createTarget('postgres', { name: 'rankings', poolSize: 4 });
const results: Record<string, { p50: number; p95: number; n: number }> = {};
let failed = false;
try {
  const handle = await target.open();
  try {
    const db = handle.db;
    await migrateToLatest(db);
    console.log('Seeding 100,000 arguments and 1,000,000 good points on PostgreSQL…');
    const seeded = await timed(async () => {
      const counts = await seed(db);
      console.log(
        `  ${counts.arguments} arguments, ${counts.likes} good points, ${counts.votes} votes; ` +
          `derived counters rebuilt in ${Math.round(counts.rebuildMs)} ms`,
      );
    });
    console.log(`  seeded in ${Math.round(seeded / 1000)} s`);
    const control = () => getConvoFeed(db, { categoryID: 'all' });
    for (const sort of sorts) {
      const page = () => getArgumentFeed(db, { sort });
      const first = (await page()) as { Feed: unknown[]; After: string };
      if (first.Feed.length !== 20 || !first.After) throw new Error(`${sort}: no full first page`);
      for (let i = 0; i < warmup; i++) {
        await page();
        await control();
      }
      const pageTimes: number[] = [];
      const controlTimes: number[] = [];
      // Alternately, one at a time, so that both meet the same machine.
      for (let i = 0; i < requests; i++) {
        pageTimes.push(await timed(page));
        controlTimes.push(await timed(control));
      }
      results[`${sort} first page`] = summary(pageTimes);
      results[`control for ${sort}`] = summary(controlTimes);
      const later: number[] = [];
      for (let i = 0; i < laterPages; i++) {
        later.push(await timed(() => getArgumentFeed(db, { sort, after: first.After })));
      }
      results[`${sort} second page`] = summary(later);
      console.log(
        `  ${sort}: first page p50 ${results[`${sort} first page`]!.p50.toFixed(1)} ms, ` +
          `p95 ${results[`${sort} first page`]!.p95.toFixed(1)} ms; control p50 ` +
          `${results[`control for ${sort}`]!.p50.toFixed(1)} ms, p95 ` +
          `${results[`control for ${sort}`]!.p95.toFixed(1)} ms; second page p50 ` +
          `${results[`${sort} second page`]!.p50.toFixed(0)} ms`,
      );
    }
  } finally {
    await handle.close();
  }
} finally {
  if (process.env.BENCH_KEEP === '1') console.log(`  kept: ${target.env.DATABASE_URL}`);
  else await target.dispose();
}

console.log(
  `\nStance argument rankings on PostgreSQL (${os.cpus().length} CPUs, Node ${process.version}), ` +
    `100,000 arguments, 1,000,000 good points, ${requests} first pages per sort`,
);
for (const sort of sorts) {
  const first = results[`${sort} first page`]!;
  const control = results[`control for ${sort}`]!;
  const ok = first.p95 <= targetP95Ms;
  if (!ok) failed = true;
  console.log(
    `  ${sort.padEnd(9)} first page p50 ${first.p50.toFixed(1)} ms, p95 ${first.p95.toFixed(1)} ms ` +
      `(control p95 ${control.p95.toFixed(1)} ms, ${(first.p95 / control.p95).toFixed(2)} ×)` +
      `  target p95 ≤ ${targetP95Ms} ms ${ok ? 'ok' : 'MISSED'}`,
  );
}
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
const resultPath = path.join(root, 'bench/results', `argument-rankings-${Date.now()}.json`);
fs.writeFileSync(resultPath, JSON.stringify({ requests, scale, results }, null, 2));
console.log(`  results: ${path.relative(root, resultPath)}`);
process.exitCode = failed ? 1 : 0;
