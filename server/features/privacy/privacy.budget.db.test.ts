import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, postJson, type TestApp } from '../../test/app.ts';
import { buildUser, loginAs } from '../../test/factories.ts';
import { answerPrivately, currentBudget } from './privacy.budget.ts';

/*
 * The daily privacy budget (docs/decisions/082-differentially-private-staff-figures.md), through
 * the real calls: concurrent questions never overspend, the same question costs nothing, a spent
 * budget answers 429 naming midnight UTC, and what is spent is in the database.
 */

let t: TestApp;

beforeAll(async () => {
  // ε 0.5 per answer, 1 a day: room for two answers.
  t = await createTestApp({
    env: { DP_EPSILON: '0.5', DP_DAILY_BUDGET: '1', MIN_GROUP_SIZE: '2' },
  });
  for (let i = 0; i < 12; i++) {
    const user = await buildUser(t.db);
    await t.db
      .insertInto('memberScores')
      .values({
        report: 'climate',
        userId: user.id,
        scores: [i, 2 * i, 3, 4, 5, 6],
        computedAt: new Date(),
      })
      .execute();
    await t.db
      .insertInto('demographics')
      .values({ userId: user.id, gender: i % 2 ? 'male' : 'female', consent: 'yes' })
      .execute();
  }
}, 120_000);

afterAll(async () => {
  await t.close();
});

const filter = (cookie: string, query: string) =>
  postJson(t.app, `/api/stancedna/filter?${query}`, { assessmentType: 'climate' }, cookie);

const staffCookie = async () => {
  const user = await buildUser(t.db, { adminHub: true });
  return { id: user.id, cookie: await loginAs(t.db, user.id) };
};

describe('the daily privacy budget', () => {
  it('8 different questions at once with room for 2: exactly 2 answered, 6 refused', async () => {
    const staff = await staffCookie();
    const queries = [
      'gender=male',
      'gender=female',
      'values=urgency:0:50',
      'values=urgency:10:100',
      'values=pessimism:0:5',
      'values=pessimism:5:100',
      'gender=male&values=urgency:0:90',
      'gender=female&values=urgency:0:90',
    ];
    const responses = await Promise.all(queries.map((query) => filter(staff.cookie, query)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 200, 429, 429, 429, 429, 429, 429]);
    const row = await t.db
      .selectFrom('privacySpending')
      .selectAll()
      .where('staffId', '=', staff.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.spentMicro)).toBe(1_000_000);
    const stored = await t.db
      .selectFrom('privacyAnswers')
      .select('question')
      .where('staffId', '=', staff.id)
      .execute();
    expect(stored).toHaveLength(2);
  });

  it('the same question, however written, gets the same answer at no cost', async () => {
    const staff = await staffCookie();
    const first = await filter(
      staff.cookie,
      'gender=female,male&values=urgency:0:100,pessimism:0:80',
    );
    expect(first.statusCode).toBe(200);
    expect(first.json().body.Budget.Spent).toBe(0.5);
    for (const query of [
      'gender=male,female&values=pessimism:0:80',
      'values=pessimism:0:80,urgency:0:100&gender=female,male',
      'gender=female,male,male&values=pessimism:0:80',
    ]) {
      const again = await filter(staff.cookie, query);
      expect(again.statusCode).toBe(200);
      expect(again.json().body).toEqual(first.json().body);
    }
    // Asked 8 times at once, still one answer and no more spent.
    const burst = await Promise.all(
      Array.from({ length: 8 }, () =>
        filter(staff.cookie, 'gender=male,female&values=pessimism:0:80'),
      ),
    );
    for (const response of burst) expect(response.json().body).toEqual(first.json().body);
    expect(await currentBudget(t.db, staff.id, { epsilon: 0.5, dailyBudget: 1 })).toMatchObject({
      Spent: 0.5,
      Limit: 1,
    });
  });

  it('a spent budget answers 429 in the JSON envelope, naming when it renews, with Retry-After', async () => {
    const staff = await staffCookie();
    expect((await filter(staff.cookie, 'gender=male')).statusCode).toBe(200);
    const second = await filter(staff.cookie, 'gender=female');
    expect(second.json().body.Budget).toEqual({
      Spent: 1,
      Limit: 1,
      RenewsAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT00:00:00\.000Z$/),
    });
    const renewsAt = new Date(second.json().body.Budget.RenewsAt);
    expect(renewsAt.getTime()).toBeGreaterThan(Date.now());
    expect(renewsAt.getTime() - Date.now()).toBeLessThanOrEqual(86_400_000 + 5000);
    const refused = await filter(staff.cookie, 'values=urgency:0:50');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      success: false,
      error: expect.stringContaining(`renews at ${renewsAt.toISOString()} (midnight UTC)`),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(86_400);
    // What was answered today can be asked again.
    expect((await filter(staff.cookie, 'gender=male')).statusCode).toBe(200);
    // Another staff member has their own budget.
    expect((await filter((await staffCookie()).cookie, 'values=urgency:0:50')).statusCode).toBe(
      200,
    );
  });

  it('a failed computation spends nothing and stores nothing', async () => {
    const staff = await staffCookie();
    await expect(
      answerPrivately(
        t.db,
        staff.id,
        { call: 'test', key: 1 },
        { epsilon: 0.5, dailyBudget: 1 },
        async () => {
          throw new Error('the database went away');
        },
      ),
    ).rejects.toThrow('the database went away');
    expect(await currentBudget(t.db, staff.id, { epsilon: 0.5, dailyBudget: 1 })).toMatchObject({
      Spent: 0,
    });
  });

  it('the other staff calls are paid from the same budget', async () => {
    const staff = await staffCookie();
    const get = await t.app.inject({
      method: 'GET',
      url: '/api/stancedna/get?type=climate',
      headers: { cookie: staff.cookie },
    });
    expect(get.statusCode).toBe(200);
    expect(get.json().body.Budget.Spent).toBe(0.5);
    const csv = await postJson(
      t.app,
      '/api/stancedna/report',
      { assessmentType: 'climate' },
      staff.cookie,
    );
    expect([200, 409]).toContain(csv.statusCode);
    const refused = await postJson(
      t.app,
      '/api/stancedna/report?gender=male',
      { assessmentType: 'climate' },
      staff.cookie,
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/application\/json/);
  });
});
