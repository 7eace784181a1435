import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  encodeStaffFilters,
  emptyStaffFilters,
  type StaffFilters,
} from '../../../contract/analytics.ts';
import { createTestApp, postJson, type TestApp } from '../../test/app.ts';
import { buildOpinion, buildTopic, buildUser, loginAs, recordVote } from '../../test/factories.ts';
import { entryIdsOf, protectCell } from './analytics.service.ts';

/*
 * The staff analytics against a population whose every figure the test computes itself, in plain
 * JavaScript over the same data: the member scores (derived data) are written directly here; how
 * they are derived from votes is analytics.scores.db.test.ts. The figures are noised
 * (docs/decisions/082): here ε is so large that the noise is 0, so every figure and every
 * withholding decision is checked exactly; privacy.attacks.db.test.ts checks the noise itself.
 */

const MIN = 10;
const report = 'climate';
const entryIds = [
  'pessimism',
  'urgency',
  'appropriate-response',
  'personal-commitment',
  'financial-burden',
  'total',
];

type Person = {
  id: number;
  demographics: {
    gender: string;
    birthYear: number;
    nationality: string;
    education: number;
    religion: string;
    numChildren: number;
  } | null;
  scores: (number | null)[];
  /** Their score on the Opinion DNA's first element; null for a member without the report. */
  dna: number | null;
  tagged: boolean;
  rating: number;
  votedAt: Date;
};

const generationOf = (year: number) =>
  year <= 1945 ? 'silent' : year <= 1964 ? 'boomer' : year <= 1980 ? 'x' : year <= 1996 ? 'y' : 'z';

let t: TestApp;
let staff: string;
let reporter: string;
let member: string;
let tagId: number;
let opinionSlug: string;
let topicSlug: string;
const people: Person[] = [];
/** The Opinion DNA element the opinion's voters are filtered on, and its entries. */
const dnaEntries = entryIdsOf('opiniondna');
const dnaElement = dnaEntries[0]!;
/** The day every member answered another report's quiz item: no climate answer falls near it. */
const otherReportDay = new Date(Date.UTC(2026, 2, 15, 12));

beforeAll(async () => {
  t = await createTestApp({ env: { DP_EPSILON: '1000000', DP_DAILY_BUDGET: '1000000000' } });
  const db = t.db;
  staff = await loginAs(db, (await buildUser(db, { adminHub: true })).id);
  reporter = await loginAs(db, (await buildUser(db, { canSeeDetailedOpinionReport: true })).id);
  member = await loginAs(db, (await buildUser(db)).id);
  const tag = await db
    .insertInto('userTags')
    .values({ name: '=Panel, "B"' })
    .returning('id')
    .executeTakeFirstOrThrow();
  tagId = tag.id;
  const opinion = await buildOpinion(db, { title: 'Cities should ban cars' });
  opinionSlug = opinion.slug;
  // One quiz item of the climate report and one of another report, as the seed makes them.
  const items = new Map<string, number>();
  for (const itemId of ['climate.urgency.1', 'mac.family.1']) {
    const item = await buildOpinion(db, { title: `Item ${itemId}`, listed: false });
    await db.insertInto('instrumentItems').values({ itemId, opinionId: item.id }).execute();
    items.set(itemId, item.id);
  }
  for (let i = 0; i < 60; i++) {
    const user = await buildUser(db);
    const person: Person = {
      id: user.id,
      demographics:
        i >= 55
          ? null
          : {
              gender: ['male', 'female', 'non-binary'][i % 3]!,
              birthYear: [1950, 1970, 1990, 2000][i % 4]!,
              nationality: i % 5 === 0 ? 'us' : 'gb',
              education: [30, 50, 70][Math.floor(i / 2) % 3]!,
              religion: i < 3 ? 'jewish' : 'none',
              numChildren: i % 4 === 1 ? -1 : 2,
            },
      scores: [0, 1, 2, 3, 4].map((k) => (k === 4 && i % 10 === 0 ? null : (i * 7 + k * 13) % 101)),
      dna: i % 7 === 3 ? null : (i * 11) % 101,
      tagged: i % 2 === 0,
      rating: (i % 5) + 1,
      votedAt: new Date(Date.UTC(2026, 0, 1 + (i % 6) * 30, 12)),
    };
    const known = person.scores.filter((score): score is number => score !== null);
    person.scores.push(Math.round(known.reduce((a, b) => a + b, 0) / known.length));
    people.push(person);
    if (person.demographics) {
      await db
        .insertInto('demographics')
        .values({ userId: user.id, ...person.demographics, consent: 'yes' })
        .execute();
    }
    await db
      .insertInto('memberScores')
      .values({ report, userId: user.id, scores: person.scores, computedAt: new Date() })
      .execute();
    if (person.tagged) {
      await db.insertInto('userTagMembers').values({ tagId, userId: user.id }).execute();
    }
    if (person.dna !== null) {
      const dnaScores = dnaEntries.map((_, index) => (index === 0 ? person.dna : null));
      await db
        .insertInto('memberScores')
        .values({
          report: 'opiniondna',
          userId: user.id,
          scores: dnaScores,
          computedAt: new Date(),
        })
        .execute();
    }
    await recordVote(db, user.id, opinion.id, person.rating, person.votedAt);
    // The member answered the climate quiz the day they voted, and another report's on one day.
    await recordVote(db, user.id, items.get('climate.urgency.1')!, 3, person.votedAt);
    await recordVote(db, user.id, items.get('mac.family.1')!, 3, otherReportDay);
  }
  const topic = await buildTopic(db);
  topicSlug = topic.slug;
});

afterAll(async () => {
  await t.close();
});

/** The filters' meaning, written again independently of the SQL. */
function matches(person: Person, filters: StaffFilters): boolean {
  const d = person.demographics;
  for (const [field, answers] of Object.entries(filters.demographics)) {
    if (!answers?.length) continue;
    if (!d) return false;
    const value =
      field === 'generation' ? generationOf(d.birthYear) : String(d[field as keyof typeof d]);
    if (!answers.includes(value)) return false;
  }
  if (filters.usertag !== null && !person.tagged) return false;
  for (const range of filters.values) {
    const score =
      range.element === dnaElement ? person.dna : person.scores[entryIds.indexOf(range.element)];
    if (score === null || score === undefined || score < range.min || score > range.max) {
      return false;
    }
  }
  const day = person.votedAt.toISOString().slice(0, 10);
  if (filters.dateFrom !== null && day < filters.dateFrom) return false;
  if (filters.dateTo !== null && day > filters.dateTo) return false;
  return true;
}

function expectedAverages(group: Person[]) {
  return entryIds.map((_, index) => {
    const all = people.map((p) => p.scores[index]).filter((s) => s !== null);
    const scores = group.map((p) => p.scores[index]).filter((s): s is number => s !== null);
    const outside = all.length - scores.length;
    if (scores.length < MIN || (outside > 0 && outside < MIN)) return null;
    return Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 10) / 10;
  });
}

const filters = (partial: Partial<StaffFilters>): StaffFilters => ({
  ...emptyStaffFilters,
  demographics: {},
  values: [],
  ...partial,
});

function filterCall(query: string, cookie = staff, type = report) {
  return postJson(t.app, `/api/stancedna/filter?${query}`, { assessmentType: type }, cookie);
}

describe('who may call', () => {
  const calls = [
    {
      name: 'stancedna/get',
      send: (cookie?: string) =>
        t.app.inject({
          method: 'GET',
          url: `/api/stancedna/get?type=${report}`,
          headers: cookie ? { cookie } : {},
        }),
    },
    {
      name: 'stancedna/filter',
      send: (cookie?: string) =>
        postJson(t.app, '/api/stancedna/filter', { assessmentType: report }, cookie),
    },
    {
      name: 'stancedna/report',
      send: (cookie?: string) =>
        postJson(t.app, '/api/stancedna/report', { assessmentType: report }, cookie),
    },
    {
      name: 'topic/report',
      send: (cookie?: string) =>
        t.app.inject({
          method: 'GET',
          url: `/api/topic/report?slug=${topicSlug}`,
          headers: cookie ? { cookie } : {},
        }),
    },
    {
      name: 'the topic report at /internal/admin/reports/topic',
      send: (cookie?: string) =>
        t.app.inject({
          method: 'GET',
          url: `/internal/admin/reports/topic?slug=${topicSlug}`,
          headers: { accept: 'text/csv, application/json', ...(cookie ? { cookie } : {}) },
        }),
    },
  ];
  for (const call of calls) {
    it(`${call.name}: 401 for a visitor, 403 without the admin hub, 200 with it`, async () => {
      expect((await call.send()).statusCode).toBe(401);
      const refused = await call.send(member);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ success: false, error: expect.stringMatching(/admin hub/) });
      expect((await call.send(reporter)).statusCode).toBe(403);
      expect((await call.send(staff)).statusCode).toBe(200);
    });
  }

  it('opinion/allvotes: 401 for a visitor, 403 without the detailed-report flag, 200 with it', async () => {
    const send = (cookie?: string) =>
      postJson(t.app, '/api/opinion/allvotes', { slug: opinionSlug }, cookie);
    expect((await send()).statusCode).toBe(401);
    expect((await send(member)).statusCode).toBe(403);
    expect((await send(staff)).statusCode).toBe(403);
    expect((await send(reporter)).statusCode).toBe(200);
  });
});

describe('stancedna/get', () => {
  it('gives the community averages, the members, and the members per answer with small cells withheld', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/stancedna/get?type=${report}`,
      headers: { cookie: staff },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json().body;
    expect(body.Entries).toEqual(entryIds);
    expect(body.Users).toBe(60);
    expect(body.Withheld).toBe(false);
    expect(body.Averages).toEqual(expectedAverages(people));
    const withDemographics = people.filter((p) => p.demographics);
    const count = (predicate: (p: Person) => boolean) => withDemographics.filter(predicate).length;
    // Every allowed answer is there (an absent one would say nobody gave it); those nobody gave
    // are withheld like any small cell.
    const shownOnly = (cells: Record<string, number | null>) =>
      Object.fromEntries(Object.entries(cells).filter(([, members]) => members !== null));
    expect(Object.keys(body.Matrix.nationality).length).toBeGreaterThan(100);
    expect(shownOnly(body.Matrix.nationality)).toEqual({
      us: count((p) => p.demographics!.nationality === 'us'),
      gb: count((p) => p.demographics!.nationality === 'gb'),
    });
    // 3 members answered jewish: too few. The 52 others who answered none are 60 − 8: the 8
    // outside them (3 jewish, 5 without details) are too few to leave out.
    expect(body.Matrix.religion.jewish).toBeNull();
    expect(body.Matrix.religion.none).toBeNull();
    expect(shownOnly(body.Matrix.religion)).toEqual({});
    expect(body).toMatchObject({ UsersMargin: 0, CountsMargin: 0 });
    expect(body.Margins).toEqual(entryIds.map(() => 0));
    expect(body.Budget).toMatchObject({
      Limit: 1_000_000_000,
      RenewsAt: expect.stringMatching(/T00:00:00.000Z$/),
    });
    expect(body.Budget.Spent).toBeGreaterThan(0);
    expect(shownOnly(body.Matrix.generation)).toEqual({
      boomer: count((p) => generationOf(p.demographics!.birthYear) === 'boomer'),
      x: count((p) => generationOf(p.demographics!.birthYear) === 'x'),
      y: count((p) => generationOf(p.demographics!.birthYear) === 'y'),
      z: count((p) => generationOf(p.demographics!.birthYear) === 'z'),
    });
  });

  it('withholds everything for a report fewer than MIN_GROUP_SIZE members have', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/stancedna/get?type=bigfive',
      headers: { cookie: staff },
    });
    const body = response.json().body;
    expect(body).toMatchObject({ Users: null, Averages: null, Withheld: true });
    expect(body.Reason).toMatch(/Fewer than 10/);
  });

  it('answers 400 naming an unknown report', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/stancedna/get?type=astrology',
      headers: { cookie: staff },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/type must be one of/);
  });
});

describe('stancedna/filter', () => {
  const cases: [string, StaffFilters][] = [
    ['no filter', filters({})],
    ['gender', filters({ demographics: { gender: ['female', 'non-binary'] } })],
    ['generation', filters({ demographics: { generation: ['x', 'z'] } })],
    ['nationality', filters({ demographics: { nationality: ['gb'] } })],
    ['education (a number)', filters({ demographics: { education: ['30', '70'] } })],
    ['numChildren -1', filters({ demographics: { numChildren: ['-1'] } })],
    ['user tag', filters({ usertag: 0 })],
    ['one score range', filters({ values: [{ element: 'urgency', min: 20, max: 80 }] })],
    [
      'score ranges on two entries, the total included',
      filters({
        values: [
          { element: 'pessimism', min: 10, max: 90 },
          { element: 'total', min: 30, max: 100 },
        ],
      }),
    ],
    [
      'a vote date range (answers to the climate quiz)',
      filters({ dateFrom: '2026-01-31', dateTo: '2026-04-01' }),
    ],
    ['only an end date', filters({ dateTo: '2026-03-02' })],
    [
      'everything combined',
      filters({
        demographics: {
          gender: ['male', 'female'],
          nationality: ['gb'],
        },
        usertag: 0,
        values: [{ element: 'financial-burden', min: 0, max: 95 }],
        dateFrom: '2026-01-01',
      }),
    ],
  ];
  for (const [name, given] of cases) {
    it(`${name}: members and averages as computed independently`, async () => {
      const applied = given.usertag === 0 ? { ...given, usertag: tagId } : given;
      const response = await filterCall(encodeStaffFilters(applied));
      expect(response.statusCode).toBe(200);
      const group = people.filter((p) => matches(p, applied));
      const outside = people.length - group.length;
      const withheld = group.length < MIN || (outside > 0 && outside < MIN);
      const body = response.json().body;
      expect(body.Withheld).toBe(withheld);
      expect(body.Users).toBe(withheld ? null : group.length);
      expect(body.Averages).toEqual(withheld ? null : expectedAverages(group));
      // Each case means something: a real subset, big enough to show.
      expect(withheld).toBe(false);
      if (name !== 'no filter') expect(group.length).toBeLessThan(people.length);
    });
  }

  it('withholds a group under MIN_GROUP_SIZE, saying why', async () => {
    const given = filters({
      demographics: { gender: ['female'], education: ['70'] },
      usertag: tagId,
    });
    const group = people.filter((p) => matches(p, given));
    expect(group.length).toBeGreaterThan(0);
    expect(group.length).toBeLessThan(MIN);
    const body = (await filterCall(encodeStaffFilters(given))).json().body;
    expect(body).toEqual({
      Entries: entryIds,
      Users: null,
      UsersMargin: 0,
      Averages: null,
      Margins: null,
      Withheld: true,
      Reason: expect.stringMatching(/Fewer than 10 members match/),
      Budget: expect.objectContaining({ Limit: 1_000_000_000 }),
    });
  });

  it('withholds a group whose complement holds 1 to MIN_GROUP_SIZE − 1 members', async () => {
    // Everyone with personal details: all but the 5 without.
    const given = filters({ demographics: { generation: ['boomer', 'x', 'y', 'z'] } });
    expect(people.filter((p) => matches(p, given))).toHaveLength(55);
    const body = (await filterCall(encodeStaffFilters(given))).json().body;
    expect(body.Withheld).toBe(true);
    expect(body.Users).toBeNull();
    expect(body.Reason).toMatch(/outside these filters/);
  });

  it("dates a member by their answers to this report's quiz, not another's", async () => {
    // Every member answered the mac quiz on 15 March; nobody answered the climate quiz near it.
    const response = await filterCall('dateFrom=2026-03-10&dateTo=2026-03-20');
    expect(response.statusCode).toBe(200);
    expect(response.json().body).toMatchObject({ Users: null, Withheld: true });
    expect(response.json().body.Reason).toMatch(/Fewer than 10 members match/);
  });

  it('answers 400 naming every unknown key, answer and malformed value at once', async () => {
    const response = await filterCall(
      'gender=female,robot&shoeSize=44&values=urgency:80:20,zodiac:1:2&usertag=abc',
    );
    expect(response.statusCode).toBe(400);
    const error: string = response.json().error;
    expect(error).toMatch(/gender has no answer "robot"/);
    expect(error).toMatch(/"shoeSize" is not a filter/);
    expect(error).toMatch(/values item "urgency:80:20"/);
    expect(error).toMatch(/usertag must be/);
    const unknownElement = await filterCall('values=zodiac:1:2');
    expect(unknownElement.statusCode).toBe(400);
    expect(unknownElement.json().error).toMatch(/"zodiac", which is not an element/);
    const unknownTag = await filterCall('usertag=999999');
    expect(unknownTag.statusCode).toBe(400);
    expect(unknownTag.json().error).toBe('Invalid filters: usertag 999999 is not a user tag');
    const twice = await filterCall('gender=male&gender=female');
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error).toMatch(/gender is given more than once/);
  });
});

describe('opinion/allvotes', () => {
  function allVotes(query: string) {
    return postJson(t.app, `/api/opinion/allvotes?${query}`, { slug: opinionSlug }, reporter);
  }

  function expectedVotes(group: Person[]) {
    return [1, 2, 3, 4, 5].map((rating) => group.filter((p) => p.rating === rating).length);
  }

  const cases: [string, StaffFilters][] = [
    ['no filter', filters({})],
    ['a vote date range', filters({ dateFrom: '2026-01-31', dateTo: '2026-04-01' })],
    ['only a start date', filters({ dateFrom: '2026-03-02' })],
    [
      'an Opinion DNA score range',
      filters({ values: [{ element: dnaElement, min: 20, max: 90 }] }),
    ],
    [
      'dates, a tag and a demographic field',
      filters({
        dateFrom: '2026-01-01',
        dateTo: '2026-05-01',
        usertag: 0,
        demographics: { nationality: ['gb'] },
      }),
    ],
  ];
  for (const [name, given] of cases) {
    it(`${name}: voters, their ratings and the matrix as computed independently`, async () => {
      const applied = given.usertag === 0 ? { ...given, usertag: tagId } : given;
      const response = await allVotes(encodeStaffFilters(applied));
      expect(response.statusCode).toBe(200);
      const body = response.json().body;
      const group = people.filter((p) => matches(p, applied));
      const outside = people.length - group.length;
      const withheld = group.length < MIN || (outside > 0 && outside < MIN);
      expect(body.Title).toBe('Cities should ban cars');
      expect(body.Withheld).toBe(withheld);
      expect(body.Users).toBe(withheld ? null : group.length);
      expect(body.Votes).toEqual(withheld ? null : expectedVotes(group));
      for (const field of ['gender', 'generation', 'nationality', 'education'] as const) {
        const answers = new Set(
          people
            .filter((p) => p.demographics)
            .map((p) =>
              field === 'generation'
                ? generationOf(p.demographics!.birthYear)
                : String(p.demographics![field]),
            ),
        );
        const expected: Record<string, number[] | null> = {};
        // Every allowed answer is in the matrix; those no voter gave are withheld (null).
        for (const answer of Object.keys(body.Matrix[field])) expected[answer] = null;
        for (const answer of answers) {
          const answerOf = (p: Person) =>
            field === 'generation'
              ? generationOf(p.demographics!.birthYear)
              : String(p.demographics![field]);
          const cell = group.filter((p) => p.demographics && answerOf(p) === answer);
          const allCell = people.filter((p) => p.demographics && answerOf(p) === answer);
          const small = (n: number, of: number) => n < MIN || (of - n > 0 && of - n < MIN);
          expected[answer] =
            withheld || small(cell.length, group.length) || small(cell.length, allCell.length)
              ? null
              : expectedVotes(cell);
        }
        expect(body.Matrix[field]).toEqual(expected);
      }
      expect(withheld).toBe(false);
      if (name !== 'no filter') expect(group.length).toBeLessThan(people.length);
    });
  }

  it('refuses bad ranges, dates and tags with 400, and an unknown opinion with 404', async () => {
    const ranges = await allVotes('values=urgency:1:50');
    expect(ranges.statusCode).toBe(400);
    expect(ranges.json().error).toMatch(/"urgency", which is not an element of opiniondna/);
    const unknownTag = await allVotes('usertag=999999');
    expect(unknownTag.statusCode).toBe(400);
    expect(unknownTag.json().error).toBe('Invalid filters: usertag 999999 is not a user tag');
    const backwards = await allVotes('dateFrom=2026-05-01&dateTo=2026-01-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error).toMatch(/dateFrom \(2026-05-01\) is after dateTo/);
    const notADate = await allVotes('dateTo=2026-02-30');
    expect(notADate.statusCode).toBe(400);
    expect(notADate.json().error).toMatch(/dateTo must be a date written YYYY-MM-DD/);
    const missing = await postJson(t.app, '/api/opinion/allvotes', { slug: 'nope' }, reporter);
    expect(missing.statusCode).toBe(404);
  });
});

describe('stancedna/report (CSV)', () => {
  async function exportCsv(query: string) {
    return postJson(t.app, `/api/stancedna/report?${query}`, { assessmentType: report }, staff);
  }

  it('streams the aggregate table: one row per field and answer, members and means, no member rows', async () => {
    const given = filters({
      demographics: { gender: ['female', 'male'] },
      values: [{ element: 'urgency', min: 5, max: 100 }],
    });
    const response = await exportCsv(encodeStaffFilters(given));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="climate-report.csv"',
    );
    const rows: Record<string, string>[] = parse(response.body, { columns: true });
    const group = people.filter((p) => matches(p, given));
    const header = Object.keys(rows[0]!);
    expect(header.slice(0, 5)).toEqual(['field', 'answer', 'members', 'members_margin', 'note']);
    expect(header.slice(5, 9).map((c) => c.toLowerCase())).toEqual([
      'pessimism',
      'pessimism margin',
      'urgency',
      'urgency margin',
    ]);
    // No column or cell that names a member.
    expect(header).not.toContain('member');
    expect(response.body).not.toMatch(/[0-9a-f]{32}/);
    const mean = (members: Person[], index: number) => {
      const scores = members.map((p) => p.scores[index]).filter((s): s is number => s !== null);
      return Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 10) / 10;
    };
    const all = rows.find((row) => row.field === 'all')!;
    expect(Number(all.members)).toBe(group.length);
    const scoreColumns = header.slice(5).filter((_, index) => index % 2 === 0);
    scoreColumns.forEach((column, index) => expect(Number(all[column])).toBe(mean(group, index)));
    // Per answer: as many rows whatever the filters, the small ones withheld, the others exact.
    const genders = rows.filter((row) => row.field === 'gender');
    expect(genders.map((row) => row.answer)).toEqual(['male', 'female', 'non-binary', 'other']);
    for (const row of genders) {
      const cell = group.filter((p) => p.demographics?.gender === row.answer);
      if (
        cell.length < MIN ||
        (group.length - cell.length > 0 && group.length - cell.length < MIN)
      ) {
        expect(row.members).toBe('');
        expect(row.note).toBe('withheld');
      } else {
        expect(Number(row.members)).toBe(cell.length);
        expect(Number(row[scoreColumns[0]!])).toBe(mean(cell, 0));
      }
    }
    expect(genders.find((row) => row.answer === 'female')!.members).not.toBe('');
    const other: Record<string, string>[] = parse((await exportCsv('nationality=gb')).body, {
      columns: true,
    });
    expect(other.length).toBe(rows.length);
  });

  it('is refused with 409 under MIN_GROUP_SIZE members or when the complement is small', async () => {
    const small = await exportCsv(`gender=female&education=70&usertag=${tagId}`);
    expect(small.statusCode).toBe(409);
    expect(small.json().error).toMatch(/Fewer than 10 members match/);
    const complement = await exportCsv('generation=boomer,x,y,z');
    expect(complement.statusCode).toBe(409);
    expect(complement.json().error).toMatch(/outside these filters/);
    const bad = await exportCsv('values=urgency:50');
    expect(bad.statusCode).toBe(400);
  });
});

describe('topic/report (CSV)', () => {
  it("lists the topic's opinions with their vote counts, hostile titles made safe", async () => {
    const hostile = [
      '=HYPERLINK("http://evil.test","click") is fine',
      '+1 for commas, "quotes" and more',
      '-2 says the line\nbreak opinion',
      '@mention everyone, please',
    ];
    const topic = await buildTopic(t.db, { slug: 'hostile-topic', title: 'Hostile' });
    const expected: { title: string; votes: number[] }[] = [];
    for (const [index, title] of hostile.entries()) {
      const opinion = await buildOpinion(t.db, { title, topicIds: [topic.id] });
      const votes = [0, 0, 0, 0, 0];
      for (let n = 0; n <= index; n++) {
        const voter = people[n]!;
        const rating = ((n + index) % 5) + 1;
        await recordVote(t.db, voter.id, opinion.id, rating);
        votes[rating - 1]! += 1;
      }
      expected.push({ title, votes });
    }
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/topic/report?slug=hostile-topic',
      headers: { cookie: staff },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="hostile-topic-topic-report.csv"',
    );
    const rows: Record<string, string>[] = parse(response.body, { columns: true });
    expect(rows.map((row) => row.title)).toEqual(
      hostile.map((title) => (/^[=+\-@]/.test(title) ? `'${title}` : title)),
    );
    rows.forEach((row, index) => {
      const votes = [1, 2, 3, 4, 5].map((rating) => Number(row[`votes${rating}`]));
      expect(votes).toEqual(expected[index]!.votes);
      expect(Number(row.votes)).toBe(index + 1);
    });
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/topic/report?slug=nope',
      headers: { cookie: staff },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('is served at /internal/admin/reports/topic?slug= to staff, the same file as the API path', async () => {
    const page = (cookie?: string, query = `?slug=${topicSlug}`) =>
      t.app.inject({
        method: 'GET',
        url: `/internal/admin/reports/topic${query}`,
        headers: {
          accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
          ...(cookie ? { cookie } : {}),
        },
      });
    const file = await page(staff, '?slug=hostile-topic');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    const api = await t.app.inject({
      method: 'GET',
      url: '/api/topic/report?slug=hostile-topic',
      headers: { cookie: staff },
    });
    expect(file.body).toBe(api.body);
    // Others get what the admin hub's address gives them: the app, which says 'Access denied'.
    const hub = await t.app.inject({
      method: 'GET',
      url: '/internal/admin',
      headers: { accept: 'text/html', cookie: member },
    });
    for (const cookie of [undefined, member, reporter]) {
      const denied = await page(cookie);
      expect(denied.statusCode).toBe(hub.statusCode);
      expect(denied.headers['content-type']).toMatch(/^text\/html/);
      expect(denied.body).toMatch(/<title>Topic report · Stance<\/title>/);
    }
    // Staff without a topic get the page too; a script gets 400 naming the field.
    expect((await page(staff, '')).headers['content-type']).toMatch(/^text\/html/);
    const noSlug = await t.app.inject({
      method: 'GET',
      url: '/internal/admin/reports/topic',
      headers: { cookie: staff },
    });
    expect(noSlug.statusCode).toBe(400);
    expect(noSlug.json().error).toMatch(/^slug is required/);
    const unknown = await page(staff, '?slug=nope');
    expect(unknown.statusCode).toBe(404);
  });
});

describe('protectCell', () => {
  it('makes text a spreadsheet would run as a formula plain text, and leaves the rest', () => {
    for (const hostile of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(protectCell(hostile)).toBe(`'${hostile}`);
    }
    for (const plain of ['a=1', 'Panel, "B"', '', '1-2']) expect(protectCell(plain)).toBe(plain);
  });
});
