import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, postJson, type TestApp } from '../../test/app.ts';
import { buildUser, loginAs } from '../../test/factories.ts';
import { entryIdsOf } from '../analytics/analytics.service.ts';

/*
 * The attacks of issue 34 replayed by a determined staff analyst against the real calls
 * (docs/decisions/082-differentially-private-staff-figures.md): two user tags that differ by one
 * member, 11 × average(A) − 10 × average(B) for that member's 48 Opinion DNA scores; the same pair
 * asked 200 times in equivalent words; and two CSV exports. With the noise the reconstruction
 * misses by a median of at least 10 points, or the budget refuses first; the control, ε huge,
 * shows the same attack finds the scores without it.
 */

const entries = entryIdsOf('opiniondna');
const others = 49;

type Setup = {
  t: TestApp;
  staff: () => Promise<string>;
  tagA: number;
  tagB: number;
  target: number[];
};

/** 60 members with Opinion DNA scores 0–90; tag A holds 11 of them, tag B the same but one. */
async function setUp(env: Record<string, string>): Promise<Setup> {
  const t = await createTestApp({ env: { MIN_GROUP_SIZE: '2', ...env } });
  const db = t.db;
  await sql`
    insert into users (username, email)
    select 'dna' || g, 'dna' || g || '@example.test' from generate_series(1, ${others + 11}::int) g
  `.execute(db);
  // Deterministic scores in 0–90 that differ from member to member and element to element.
  await sql`
    insert into member_scores (report, user_id, scores, computed_at)
    select 'opiniondna', id,
      array(select ((id * 37 + k * 53 + id * k * 11) % 91)::smallint
        from generate_series(1, ${entries.length}::int) k), now()
    from users where username like 'dna%'
  `.execute(db);
  await sql`
    insert into demographics (user_id, gender, birth_year, nationality)
    select id, (array['male', 'female'])[id % 2 + 1], 1950 + id % 50, 'gb'
    from users where username like 'dna%'
  `.execute(db);
  const ids = (
    await db
      .selectFrom('users')
      .select('id')
      .where('username', 'like', 'dna%')
      .orderBy('id')
      .execute()
  ).map((row) => row.id);
  const tagged = ids.slice(0, 11);
  const [a, b] = await Promise.all(
    ['Panel A', 'Panel B'].map((name) =>
      db.insertInto('userTags').values({ name }).returning('id').executeTakeFirstOrThrow(),
    ),
  );
  for (const userId of tagged) {
    await db.insertInto('userTagMembers').values({ tagId: a!.id, userId }).execute();
    if (userId !== tagged[10]) {
      await db.insertInto('userTagMembers').values({ tagId: b!.id, userId }).execute();
    }
  }
  const row = await db
    .selectFrom('memberScores')
    .select('scores')
    .where('userId', '=', tagged[10]!)
    .where('report', '=', 'opiniondna')
    .executeTakeFirstOrThrow();
  return {
    t,
    staff: async () => loginAs(db, (await buildUser(db, { adminHub: true })).id),
    tagA: a!.id,
    tagB: b!.id,
    target: row.scores.map(Number),
  };
}

type FilterBody = {
  Averages: (number | null)[] | null;
  Users: number | null;
  Withheld: boolean;
  Budget: { Spent: number; Limit: number; RenewsAt: string };
};

async function ask(setup: Setup, cookie: string, query: string) {
  const response = await postJson(
    setup.t.app,
    `/api/stancedna/filter?${query}`,
    { assessmentType: 'opiniondna' },
    cookie,
  );
  return response;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** 11 × mean(A) − 10 × mean(B) per element, against the member's true scores. */
function missOf(averagesA: (number | null)[], averagesB: (number | null)[], target: number[]) {
  return median(
    target.map((score, index) => {
      const a = averagesA[index];
      const b = averagesB[index];
      // A withheld mean gives the analyst nothing: the best guess is the middle of the scale.
      if (a === null || a === undefined || b === null || b === undefined)
        return Math.abs(score - 50);
      return Math.abs(11 * a - 10 * b - score);
    }),
  );
}

/** The n-th way of writing the filter on a tag: always the same members. */
function phrasing(tag: number, n: number): string {
  const element = entries[n % entries.length]!;
  // Even: a full range, which the filters drop (the same question). Odd: a range every member is
  // in (all scores are at most 90), another question with the same members.
  const max = n % 2 === 0 ? 100 : 91 + (n % 9);
  return n % 4 < 2
    ? `usertag=${tag}&values=${element}:0:${max}`
    : `values=${element}:0:${max}&usertag=${tag}`;
}

describe('with the noise (ε 0.5 per answer, 10 a day)', () => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await setUp({});
  }, 120_000);
  afterAll(async () => {
    await setup.t.close();
  });

  it('two tags that differ by one member, asked once each: the member is not found', async () => {
    const cookie = await setup.staff();
    const a = (await ask(setup, cookie, `usertag=${setup.tagA}`)).json().body as FilterBody;
    const b = (await ask(setup, cookie, `usertag=${setup.tagB}`)).json().body as FilterBody;
    const miss = missOf(a.Averages ?? [], b.Averages ?? [], setup.target);
    console.info(
      `two tags once: median miss ${miss.toFixed(1)} points (withheld: ${a.Withheld}, ${b.Withheld})`,
    );
    expect(miss).toBeGreaterThanOrEqual(10);
  });

  it('the pair asked 200 times in other words: the budget refuses before the noise averages away', async () => {
    const cookie = await setup.staff();
    const answersA: FilterBody[] = [];
    const answersB: FilterBody[] = [];
    let refusedAt: number | null = null;
    let refusal: { status: number; error: string; retryAfter: unknown } | null = null;
    for (let n = 0; n < 200 && refusedAt === null; n += 1) {
      for (const [tag, answers] of [
        [setup.tagA, answersA],
        [setup.tagB, answersB],
      ] as const) {
        const response = await ask(setup, cookie, phrasing(tag, n));
        if (response.statusCode === 429) {
          refusedAt = n * 2 + (tag === setup.tagA ? 1 : 2);
          refusal = {
            status: response.statusCode,
            error: response.json().error,
            retryAfter: response.headers['retry-after'],
          };
          break;
        }
        expect(response.statusCode).toBe(200);
        answers.push(response.json().body as FilterBody);
      }
    }
    // Averaging every answer got: the analyst's best estimate of each mean.
    const meanOf = (answers: FilterBody[]) =>
      entries.map((_, index) => {
        const values = answers
          .map((answer) => answer.Averages?.[index])
          .filter((value): value is number => typeof value === 'number');
        return values.length === 0 ? null : values.reduce((x, y) => x + y, 0) / values.length;
      });
    const miss = missOf(meanOf(answersA), meanOf(answersB), setup.target);
    const spent = answersB.at(-1)?.Budget.Spent ?? answersA.at(-1)!.Budget.Spent;
    console.info(
      `200 phrasings: refused at question ${refusedAt}, ${answersA.length + answersB.length} answers, ` +
        `ε spent ${spent}; median miss of the averaged answers ${miss.toFixed(1)} points`,
    );
    // Half the phrasings are the same question (free, the same answer); the others cost 0.5 each.
    expect(refusedAt).not.toBeNull();
    expect(refusedAt!).toBeLessThanOrEqual(44);
    expect(spent).toBe(10);
    expect(refusal!.error).toMatch(/renews at \d{4}-\d\d-\d\dT00:00:00\.000Z \(midnight UTC\)/);
    expect(Number(refusal!.retryAfter)).toBeGreaterThan(0);
    expect(Number(refusal!.retryAfter)).toBeLessThanOrEqual(86_400);
    expect(miss).toBeGreaterThanOrEqual(10);
  });

  it("two exports of the tags yield no member's row, and their difference does not find the member", async () => {
    const exportOf = async (cookie: string, tag: number) => {
      const response = await postJson(
        setup.t.app,
        `/api/stancedna/report?usertag=${tag}`,
        { assessmentType: 'opiniondna' },
        cookie,
      );
      expect([200, 409]).toContain(response.statusCode);
      return response.statusCode === 409
        ? null
        : (parse(response.body, { columns: true }) as Record<string, string>[]);
    };
    // A refused export (too few members after the noise) tells nothing; staff member after
    // staff member tries until both exports are given.
    const misses: number[] = [];
    for (let attempt = 0; attempt < 20 && misses.length === 0; attempt += 1) {
      const cookie = await setup.staff();
      const a = await exportOf(cookie, setup.tagA);
      const b = await exportOf(cookie, setup.tagB);
      if (!a || !b) continue;
      // The same rows, whoever is in the group: one per field and answer, none per member.
      expect(a.map((row) => `${row.field}:${row.answer}`)).toEqual(
        b.map((row) => `${row.field}:${row.answer}`),
      );
      expect(Object.keys(a[0]!)).not.toContain('member');
      expect(a.some((row) => /^[0-9a-f]{32}$/.test(Object.values(row).join('')))).toBe(false);
      const columns = Object.keys(a[0]!)
        .slice(5)
        .filter((_, index) => index % 2 === 0);
      const meansOf = (rows: Record<string, string>[]) => {
        const all = rows.find((row) => row.field === 'all')!;
        return columns.map((column) => (all[column] === '' ? null : Number(all[column])));
      };
      misses.push(missOf(meansOf(a), meansOf(b), setup.target));
    }
    console.info(`two exports: median miss ${misses[0]?.toFixed(1)} points`);
    expect(misses).toHaveLength(1);
    expect(misses[0]).toBeGreaterThanOrEqual(10);
  });
});

describe('the control: ε 100,000 (no noise to speak of)', () => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await setUp({ DP_EPSILON: '100000', DP_DAILY_BUDGET: '100000000' });
  }, 120_000);
  afterAll(async () => {
    await setup.t.close();
  });

  it('the same two questions find the member to within a point or two: the attack works without noise', async () => {
    const cookie = await setup.staff();
    const a = (await ask(setup, cookie, `usertag=${setup.tagA}`)).json().body as FilterBody;
    const b = (await ask(setup, cookie, `usertag=${setup.tagB}`)).json().body as FilterBody;
    expect(a.Users).toBe(11);
    expect(b.Users).toBe(10);
    const miss = missOf(a.Averages!, b.Averages!, setup.target);
    console.info(`control, two tags once: median miss ${miss.toFixed(2)} points`);
    expect(miss).toBeLessThan(2);
  });

  it('two exports find the member too without noise', async () => {
    const cookie = await setup.staff();
    const meansOf = async (tag: number) => {
      const response = await postJson(
        setup.t.app,
        `/api/stancedna/report?usertag=${tag}`,
        { assessmentType: 'opiniondna' },
        cookie,
      );
      const rows = parse(response.body, { columns: true }) as Record<string, string>[];
      const columns = Object.keys(rows[0]!)
        .slice(5)
        .filter((_, index) => index % 2 === 0);
      const all = rows.find((row) => row.field === 'all')!;
      return columns.map((column) => Number(all[column]));
    };
    const miss = missOf(await meansOf(setup.tagA), await meansOf(setup.tagB), setup.target);
    console.info(`control, two exports: median miss ${miss.toFixed(2)} points`);
    expect(miss).toBeLessThan(2);
  });
});
