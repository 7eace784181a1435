/**
 * What keeping every counter right costs an account's erasure, and what the download costs
 * (docs/decisions/083): on one database with the demo content, members who each voted on every
 * opinion (quiz items included), gave their personal details, good points on arguments and
 * follows. In alternating turns, one member is erased by eraseAccount (the route's transaction)
 * and, as the control, another's rows are deleted plainly in one transaction, counters left
 * behind (what a cascade would do); then the download is built for a member and, as its
 * control, the same member's votes are read in one query. That the erasure leaves no counter
 * drifting is checked by server/features/users/users.yourdata.db.test.ts on both databases; here
 * the control's own deletions leave counters behind on purpose.
 *
 * Usage: npm run bench:yourdata              embedded database (PGlite)
 *        npm run bench:yourdata -- postgres  a new database on DATABASE_URL's server
 * BENCH_MEMBERS (default 60 for each arm).
 */
import os from 'node:os';
import { sql } from 'kysely';
import { inTransaction, migrateToLatest, type Db } from '../server/db/database.ts';
import { seedDemo } from '../server/db/seed/demo.ts';
import { rebuildInsightCounts } from '../server/features/insights/insights.repository.ts';
import { rebuildCounters } from '../server/features/opinions/opinions.repository.ts';
import { recomputeAllKarma } from '../server/features/users/users.repository.ts';
import {
  eraseAccount,
  exportMemberData,
  karmaAmounts,
} from '../server/features/users/users.service.ts';
import { createTarget } from './harness.ts';

const engine = process.argv.includes('postgres') ? 'postgres' : 'pglite';
const perArm = Number(process.env.BENCH_MEMBERS ?? 60);

function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (share: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95) };
}

/** The control: the member's rows gone in one transaction, no counter moved. */
async function deletePlainly(db: Db, userId: number) {
  await inTransaction(db, async (trx) => {
    await sql`delete from comment_likes where user_id = ${userId}`.execute(trx);
    await sql`delete from votes where user_id = ${userId}`.execute(trx);
    await sql`delete from demographics where user_id = ${userId}`.execute(trx);
    await sql`delete from topic_follows where user_id = ${userId}`.execute(trx);
    await sql`delete from sessions where user_id = ${userId}`.execute(trx);
    await sql`update users set username = '[deleted]', email = null, erased_at = now()
      where id = ${userId}`.execute(trx);
  });
}

const target = await createTarget(engine, { name: 'yourdata', poolSize: 2 });
const times = {
  erase: [] as number[],
  plain: [] as number[],
  export: [] as number[],
  read: [] as number[],
};
/** What the run found besides its times. */
const found = { votesEach: 0 };
try {
  const handle = await target.open();
  const db = handle.db;
  try {
    await migrateToLatest(db);
    await seedDemo(db);
    const members = perArm * 2 + 10;
    await sql`insert into users (username, email)
      select 'leaver-' || g, 'leaver-' || g || '@bench.test' from generate_series(1, ${members}) g`.execute(
      db,
    );
    const ids = (
      await sql<{
        id: number;
      }>`select id from users where username like 'leaver-%' order by id`.execute(db)
    ).rows.map((row) => row.id);
    // Every opinion, quiz items included, voted on by every leaver, updated_at spread over days.
    await sql`insert into votes (user_id, opinion_id, rating, created_at, updated_at)
      select u.id, o.id, 1 + (u.id + o.id) % 5, now() - ((u.id + o.id) % 20) * interval '1 day',
        now() - ((u.id + o.id) % 20) * interval '1 day'
      from users u cross join opinions o
      where u.username like 'leaver-%' and not o.deleted`.execute(db);
    await sql`insert into demographics (user_id, gender, birth_year, nationality, education, consent)
      select id, case when id % 2 = 0 then 'female' else 'male' end, 1950 + id % 50, 'gb', 40, 'bench'
      from users where username like 'leaver-%'`.execute(db);
    await sql`insert into comment_likes (comment_id, user_id)
      select a.comment_id, u.id from users u
      cross join lateral (
        select a.comment_id from argument_tallies a where a.ranked
        order by md5(a.comment_id::text || u.id::text) limit 40
      ) a
      where u.username like 'leaver-%'
      on conflict do nothing`.execute(db);
    await sql`insert into topic_follows (user_id, topic_id)
      select u.id, t.id from users u cross join topics t where u.username like 'leaver-%'`.execute(
      db,
    );
    await sql`update comments c set like_count = (select count(*) from comment_likes l where l.comment_id = c.id)`.execute(
      db,
    );
    await rebuildCounters(db);
    await rebuildInsightCounts(db);
    await recomputeAllKarma(db, karmaAmounts);
    found.votesEach = (
      await sql<{
        n: number;
      }>`select count(*)::int as n from votes where user_id = ${ids[0]!}`.execute(db)
    ).rows[0]!.n;

    for (let i = 0; i < 4; i++) {
      await exportMemberData(db, ids[ids.length - 1 - i]!);
    }
    for (let i = 0; i < perArm; i++) {
      const erased = ids[2 * i]!;
      const plain = ids[2 * i + 1]!;
      const reader = ids[ids.length - 1 - (i % 10)]!;
      let start = performance.now();
      await exportMemberData(db, reader);
      times.export.push(performance.now() - start);
      start = performance.now();
      await sql`select v.*, o.slug, o.title from votes v join opinions o on o.id = v.opinion_id
        where v.user_id = ${reader}`.execute(db);
      times.read.push(performance.now() - start);
      const [first, second] = i % 2 === 0 ? ['erase', 'plain'] : ['plain', 'erase'];
      for (const arm of [first, second]) {
        start = performance.now();
        if (arm === 'erase') await eraseAccount(db, erased);
        else await deletePlainly(db, plain);
        times[arm as 'erase' | 'plain'].push(performance.now() - start);
      }
    }
  } finally {
    await handle.close();
  }
} finally {
  await target.dispose();
}

const [load1, load5] = os.loadavg();
const erase = summary(times.erase);
const plain = summary(times.plain);
const exported = summary(times.export);
const read = summary(times.read);
console.log(
  `\nYour data on ${engine} (${os.cpus().length} CPUs, load average ${load1!.toFixed(2)} / ` +
    `${load5!.toFixed(2)}), members of ${found.votesEach} votes, 40 good points, personal details ` +
    `and every topic followed; ${perArm} per arm, alternating:`,
);
console.log(
  `  erase, rows only (control)     p50 ${plain.p50.toFixed(1)} ms, p95 ${plain.p95.toFixed(1)} ms`,
);
console.log(
  `  eraseAccount, counters kept    p50 ${erase.p50.toFixed(1)} ms, p95 ${erase.p95.toFixed(1)} ms` +
    `  (${(erase.p50 / plain.p50).toFixed(2)} × at p50)`,
);
console.log(
  `  the member's votes read (control) p50 ${read.p50.toFixed(1)} ms, p95 ${read.p95.toFixed(1)} ms`,
);
console.log(
  `  exportMemberData               p50 ${exported.p50.toFixed(1)} ms, p95 ${exported.p95.toFixed(1)} ms` +
    `  (${(exported.p50 / read.p50).toFixed(2)} × at p50)`,
);
