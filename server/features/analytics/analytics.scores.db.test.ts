import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobHandlers } from '../../jobs/handlers.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildUser, loginAs } from '../../test/factories.ts';
import { scoreReport } from '../instruments/index.ts';
import {
  answerItemsForMany,
  answersFor,
  content,
  createQuizItems,
} from '../reports/reports.test-support.ts';
import { computeMemberScoresJobKind, refreshMemberScores } from './index.ts';

/*
 * The member scores the staff filters read are the votes scored through the one scoring path
 * (scoreReport), stored per member and report, and follow the votes when recomputed.
 */

let t: TestApp;
let items: Map<string, number>;
beforeAll(async () => {
  // Staff figures are noisy (docs/decisions/082); at this ε the noise is 0, so the means are
  // checked exactly.
  t = await createTestApp({ env: { DP_EPSILON: '1000000', DP_DAILY_BUDGET: '1000000000' } });
  items = await createQuizItems(t.db);
});
afterAll(async () => {
  await t.close();
});

async function storedScores(report: string) {
  const rows = await t.db
    .selectFrom('memberScores')
    .select(['userId', 'scores'])
    .where('report', '=', report)
    .orderBy('userId')
    .execute();
  return new Map(rows.map((row) => [row.userId, row.scores]));
}

describe('member scores', () => {
  it("are each member's scoreReport result, for every report they have answered, in batches", async () => {
    const climate = content.reports.climate;
    const bigfive = content.reports.bigfive;
    // 1,203 members: more than two batches of 500.
    const members: { userId: number; answers: Map<string, number> }[] = [];
    for (let n = 0; n < 1203; n++) {
      const user = await buildUser(t.db);
      const answers =
        n % 3 === 0
          ? new Map([
              ...answersFor(climate, (_, index) => ((n + index) % 5) + 1),
              ...answersFor(bigfive, (_, index) => ((n * 2 + index) % 5) + 1),
            ])
          : // Two answers only: not enough for any climate element.
            new Map([...answersFor(climate, () => 3)].slice(0, n % 3 === 1 ? 2 : 0));
      members.push({ userId: user.id, answers });
    }
    await answerItemsForMany(t.db, items, members);
    await refreshMemberScores(t.db);

    const climateScores = await storedScores('climate');
    const bigfiveScores = await storedScores('bigfive');
    for (const { userId, answers } of members) {
      for (const [report, stored] of [
        [climate, climateScores],
        [bigfive, bigfiveScores],
      ] as const) {
        const score = scoreReport(report, answers);
        const expected = score.elements.map((element) => element.score);
        if (score.total) expected.push(score.total.score);
        if (expected.every((value) => value === null)) {
          expect(stored.has(userId)).toBe(false);
        } else {
          expect(stored.get(userId)).toEqual(expected);
        }
      }
    }
    expect(climateScores.size).toBe(401);
    expect(bigfiveScores.size).toBe(401);
  });

  it('follow changed votes and deleted members when recomputed, through the job too', async () => {
    const before = await storedScores('climate');
    const [first, second] = [...before.keys()];
    await t.db.deleteFrom('users').where('id', '=', second!).execute();
    const climateItems = content.reports.climate.elements.flatMap((element) => element.items);
    await t.db
      .updateTable('votes')
      .set({ rating: 5 })
      .where('userId', '=', first!)
      .where(
        'opinionId',
        'in',
        climateItems.map((item) => items.get(item.id)!),
      )
      .execute();
    const handler = jobHandlers[computeMemberScoresJobKind];
    if (typeof handler !== 'function') throw new Error('compute-member-scores has no job handler');
    await handler({}, { db: t.db } as Parameters<typeof handler>[1]);
    const after = await storedScores('climate');
    expect(after.has(second!)).toBe(false);
    const expected = scoreReport(
      content.reports.climate,
      new Map(climateItems.map((item) => [item.id, 5])),
    );
    expect(after.get(first!)).toEqual([
      ...expected.elements.map((element) => element.score),
      expected.total!.score,
    ]);
    expect(after.get(first!)).not.toEqual(before.get(first!));
  });

  it("feed the community averages: stancedna/get gives the stored scores' means", async () => {
    const staff = await buildUser(t.db, { adminHub: true });
    const cookie = await loginAs(t.db, staff.id);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/stancedna/get?type=bigfive',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json().body;
    const stored = [...(await storedScores('bigfive')).values()];
    expect(body.Users).toBe(stored.length);
    const means = body.Entries.map((_: string, index: number) => {
      const scores = stored.map((row) => row[index]).filter((s): s is number => s !== null);
      return Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 10) / 10;
    });
    expect(body.Averages).toEqual(means);
  });
});
