/**
 * How soon a change committed through one process shows on another (issue 35, DESIGN "Many
 * processes", docs/decisions/062-fresh-across-processes.md): two real servers (`node
 * server/main.ts`, NODE_ENV=production) on one new PostgreSQL database, READ_CACHE_MS at 60 s so
 * that only a change heard through LISTEN/NOTIFY can make a read fresh.
 *
 * Each sample: a new member votes on the opinion through process A; from A's answer, the opinion
 * is read through process B (`GET /api/opinion/get`, whose copy is cached) until it counts the
 * vote. The control is the same read through A itself, the process that wrote, in the same run.
 * The report gives each one's p50, p95 and p99 in milliseconds.
 *
 * Usage: npm run bench:freshness    (DATABASE_URL's server; default postgres://postgres@127.0.0.1:5432/postgres)
 * Meanwhile BENCH_BACKGROUND members (default 20) vote without pause on other opinions, half
 * through each process: their changes are heard too. BENCH_SAMPLES (default 300).
 */
import { migrateToLatest } from '../server/db/database.ts';
import { loginAs } from '../server/test/factories.ts';
import { createTarget, startApp } from './harness.ts';

const samples = Number(process.env.BENCH_SAMPLES ?? 300);
/** Members voting without pause meanwhile, half through each process. */
const backgroundVoters = Number(process.env.BENCH_BACKGROUND ?? 20);

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

async function main() {
  const target = await createTarget('postgres', { name: 'freshness', poolSize: 5 });
  const handle = await target.open();
  try {
    await migrateToLatest(handle.db);
    const opinion = await handle.db
      .insertInto('opinions')
      .values({ title: 'Fresh everywhere, at once', slug: 'fresh-everywhere', authorId: null })
      .returning(['id', 'slug'])
      .executeTakeFirstOrThrow();
    const busyOpinions: number[] = [];
    for (let n = 0; n < backgroundVoters; n++) {
      const busy = await handle.db
        .insertInto('opinions')
        .values({ title: `Busy opinion number ${n}`, slug: `busy-${n}`, authorId: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      busyOpinions.push(busy.id);
    }
    const cookies: string[] = [];
    for (let n = 0; n < samples * 2 + backgroundVoters; n++) {
      const user = await handle.db
        .insertInto('users')
        .values({ username: `fresh${n}`, email: `fresh${n}@example.test` })
        .returning('id')
        .executeTakeFirstOrThrow();
      cookies.push(await loginAs(handle.db, user.id));
    }

    const env = { ...target.env, READ_CACHE_MS: '60000' };
    const [writer, other] = [await startApp({ env }), await startApp({ env })];
    try {
      const read = async (baseUrl: string) => {
        const response = await fetch(`${baseUrl}/api/opinion/get?slug=${opinion.slug}`);
        const answer = (await response.json()) as { body: { Opinion: { NumVotes: number } } };
        return answer.body.Opinion.NumVotes;
      };
      // Meanwhile, through both processes, members vote on other opinions without pause: each
      // vote is a change the other process hears.
      let isLoading = true;
      let backgroundVotes = 0;
      const failures: unknown[] = [];
      const background = busyOpinions
        .map(async (busy, index) => {
          const baseUrl = index % 2 === 0 ? writer.baseUrl : other.baseUrl;
          for (let n = 0; isLoading; n++) {
            const response = await fetch(`${baseUrl}/api/opinion/vote`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', cookie: cookies[index]! },
              body: JSON.stringify({ body: { id: busy, rating: (n % 5) + 1 } }),
            });
            if (!response.ok) throw new Error(`a background vote answered ${response.status}`);
            backgroundVotes += 1;
          }
        })
        .map((voting) => voting.catch((error: unknown) => failures.push(error)));
      let votes = await read(other.baseUrl);
      await read(writer.baseUrl);
      const measured = { other: [] as number[], writer: [] as number[] };
      for (let n = 0; n < samples * 2; n++) {
        // Alternate which process is read, so both see the same load over the run.
        const reader = n % 2 === 0 ? other : writer;
        const response = await fetch(`${writer.baseUrl}/api/opinion/vote`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: cookies[backgroundVoters + n]! },
          body: JSON.stringify({ body: { id: opinion.id, rating: (n % 5) + 1 } }),
        });
        if (!response.ok) throw new Error(`vote answered ${response.status}`);
        const committed = performance.now();
        votes += 1;
        while ((await read(reader.baseUrl)) < votes) {
          if (performance.now() - committed > 10_000) throw new Error('not fresh after 10 s');
        }
        (reader === other ? measured.other : measured.writer).push(performance.now() - committed);
      }
      const line = (name: string, values: number[]) =>
        `${name.padEnd(34)} p50 ${percentile(values, 0.5).toFixed(1).padStart(6)} ms  ` +
        `p95 ${percentile(values, 0.95).toFixed(1).padStart(6)} ms  ` +
        `p99 ${percentile(values, 0.99).toFixed(1).padStart(6)} ms`;
      isLoading = false;
      await Promise.all(background);
      if (failures.length > 0) throw failures[0];
      console.log(
        `A vote through one process, until a read counts it (${samples} samples each), ` +
          `while ${busyOpinions.length} members vote without pause through both ` +
          `(${backgroundVotes} votes):`,
      );
      console.log(line('read through the other process', measured.other));
      console.log(line('read through the same (control)', measured.writer));
    } finally {
      await Promise.all([writer.stop(), other.stop()]);
    }
  } finally {
    await handle.close();
    await target.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
