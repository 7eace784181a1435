import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildUser, loginAs } from '../../test/factories.ts';

/*
 * The CSV export is the aggregate table (docs/decisions/082): the database sums 30,000 members'
 * scores per answer, so the server holds one row per field and answer, however many members
 * there are, and the file is as long for 30,000 members as for 30. The server runs in this
 * process, listening on a real port; the test reads the response as it arrives and, every chunk,
 * collects garbage and notes the heap still in use, which is what the export holds. Its speed at
 * 100,000 members is `npm run bench:analytics`'s to measure (docs/decisions/058-tests-in-minutes.md).
 * ε is large here (noise 0): the figures are checked against the rows.
 */

const members = 30_000;

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

let t: TestApp;
let cookie: string;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp({ env: { DP_EPSILON: '1000000', DP_DAILY_BUDGET: '1000000000' } });
  const staff = await buildUser(t.db, { adminHub: true });
  cookie = await loginAs(t.db, staff.id);
  // One statement per table, set-based: the members, their details, their Opinion DNA scores.
  await sql`
    insert into users (username, email)
    select 'bulk' || g, 'bulk' || g || '@example.test' from generate_series(1, ${members}::int) g
  `.execute(t.db);
  await sql`
    insert into demographics (user_id, gender, birth_year, nationality, education, religion)
    select id, (array['male', 'female', 'non-binary'])[id % 3 + 1], 1940 + id % 70,
      case when id % 4 = 0 then 'us' else 'gb' end, 10 + (id % 7) * 10, 'none'
    from users where username like 'bulk%'
  `.execute(t.db);
  await sql`
    insert into member_scores (report, user_id, scores, computed_at)
    select 'opiniondna', id,
      array(select ((id * 7 + k * 13) % 101)::smallint from generate_series(1, 48) k), now()
    from users where username like 'bulk%'
  `.execute(t.db);
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 600_000);

afterAll(async () => {
  await t.close();
});

async function download(query: string, onChunk: (received: number) => void = () => {}) {
  const response = await fetch(`${baseUrl}/api/stancedna/report?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ body: { assessmentType: 'opiniondna' } }),
  });
  expect(response.status).toBe(200);
  let bytes = 0;
  let lines = 0;
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    for (const byte of value) if (byte === 10) lines++;
    onChunk(bytes);
  }
  return { bytes, lines };
}

describe('stancedna/report over 30,000 members', () => {
  it('answers the aggregate table, as long as for a few members, while the heap stays within a few MB', async () => {
    // Warm up: the modules, the prepared plans.
    const few = await download('nationality=us&education=10&gender=male');
    collectGarbage();
    const baseline = process.memoryUsage();
    let peakHeap = baseline.heapUsed;
    let peakRss = baseline.rss;
    let nextSample = 0;
    const started = performance.now();
    const { bytes, lines } = await download('', (received) => {
      if (received < nextSample) return;
      nextSample = received + 16 * 1024;
      collectGarbage();
      const usage = process.memoryUsage();
      peakHeap = Math.max(peakHeap, usage.heapUsed);
      peakRss = Math.max(peakRss, usage.rss);
    });
    const seconds = (performance.now() - started) / 1000;
    const heapGrowthMb = (peakHeap - baseline.heapUsed) / 1024 / 1024;
    const rssGrowthMb = (peakRss - baseline.rss) / 1024 / 1024;
    console.info(
      `export of ${members} members: ${lines - 1} rows, ${(bytes / 1024).toFixed(0)} kB in ` +
        `${seconds.toFixed(1)} s; heap growth ${heapGrowthMb.toFixed(1)} MB, ` +
        `RSS growth ${rssGrowthMb.toFixed(1)} MB`,
    );
    // The header and one line per field and answer, not per member: as many as for a few.
    expect(lines).toBe(few.lines);
    expect(lines).toBeLessThan(1000);
    expect(heapGrowthMb).toBeLessThan(8);
  }, 600_000);

  it('answers the filtered overview and the community matrix over the same members', async () => {
    const filtered = await fetch(
      `${baseUrl}/api/stancedna/filter?gender=male,female&nationality=gb&education=30,50,70` +
        '&values=intellectual-curiosity:10:90,enthusiasm:20:80,orderliness:5:95,' +
        'industriousness:0:70,assertiveness:30:100',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ body: { assessmentType: 'opiniondna' } }),
      },
    );
    const body = (
      (await filtered.json()) as { body: { Users: number | null; Averages: unknown[] | null } }
    ).body;
    expect(body.Users).toBeGreaterThan(1000);
    expect(body.Averages).toHaveLength(48);
    const community = await fetch(`${baseUrl}/api/stancedna/get?type=opiniondna`, {
      headers: { cookie },
    });
    const matrix = (
      (await community.json()) as { body: { Matrix: Record<string, Record<string, number>> } }
    ).body.Matrix;
    const gender = Object.values(matrix.gender!).map((count) => count ?? 0);
    expect(gender.reduce((a, b) => a + b, 0)).toBe(members);
  }, 600_000);
});
