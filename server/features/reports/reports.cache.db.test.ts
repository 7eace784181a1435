import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, postJson, type TestApp } from '../../test/app.ts';
import { buildMember } from '../../test/factories.ts';
import { scoreReport } from '../instruments/instruments.scoring.ts';
import {
  answerItems,
  answersFor,
  content,
  createQuizItems,
  setSubscriptionStatus,
} from './reports.test-support.ts';

// With the read cache on, as in production: a member's reports page is kept between reads, and
// must change as soon as their votes or subscription do (docs/decisions/041).
let t: TestApp;
let opinionIds: Map<string, number>;

beforeAll(async () => {
  t = await createTestApp({ env: { READ_CACHE_MS: '60000' } });
  opinionIds = await createQuizItems(t.db);
});
afterAll(async () => {
  await t.close();
});

async function reports(cookie: string) {
  const answer = await t.app.inject({
    method: 'GET',
    url: '/api/reports/getuserreports',
    headers: { cookie },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().body;
}

describe('a member’s reports page with the read cache on', () => {
  it('follows the member’s votes and subscription at once', async () => {
    const { user, cookie } = await buildMember(t.db, { subscriptionStatus: 'active' });
    const bigfive = content.reports.bigfive;
    const answers = answersFor(bigfive, () => 3);
    await answerItems(t.db, opinionIds, user.id, answers);
    expect((await reports(cookie)).Reports.bigfive).toEqual([50, 50, 50, 50, 50]);
    expect((await reports(cookie)).Reports.bigfive).toEqual([50, 50, 50, 50, 50]);

    // A changed answer, through the vote call as the quiz page sends it.
    const item = bigfive.elements[0]!.items[0]!;
    const vote = await postJson(
      t.app,
      '/api/opinion/vote',
      { id: opinionIds.get(item.id), rating: 1 },
      cookie,
    );
    expect(vote.statusCode, vote.body).toBe(200);
    answers.set(item.id, 1);
    const expected = scoreReport(bigfive, answers).elements.map((element) => element.score);
    expect(expected[0]).not.toBe(50);
    expect((await reports(cookie)).Reports.bigfive).toEqual(expected);

    // The subscription lapses: the page must lock at once, cache or not.
    await setSubscriptionStatus(t.db, user.id, 'inactive');
    const locked = await reports(cookie);
    expect(Object.keys(locked.Reports)).toEqual(['ownership']);
    expect(locked.Locked.bigfive).toBe(true);
  });
});
