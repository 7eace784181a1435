import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildOpinion, buildUser, loginAs, recordVote } from '../../test/factories.ts';
import { listScoringInputs, listTrendingOpinions } from '../feed/feed.repository.ts';
import { findVoteDayDrift, rebuildCounters } from './opinions.repository.ts';

// Each opinion's votes by the UTC day of their updated_at (opinion_vote_days, decision 023): what
// the feed ranking and the trending card sum over the last 7 days. Vote batches move them in
// their own statement; triggers move them for every other write.

const dayMs = 86_400_000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function vote(cookie: string, id: number, rating: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/opinion/vote',
    headers: { 'content-type': 'application/json', cookie },
    payload: { body: { id, rating } },
  });
  expect(response.statusCode).toBe(200);
}

/** The opinion's stored votes by day, as { 'YYYY-MM-DD': votes }, days with none left out. */
async function daysOf(opinionId: number) {
  const rows = await sql<{ day: string; votes: number }>`
    select day::text as day, votes from opinion_vote_days
    where opinion_id = ${opinionId} and votes <> 0 order by day
  `.execute(t.db);
  return Object.fromEntries(rows.rows.map((row) => [row.day, row.votes]));
}

describe('votes by day', () => {
  it('moves a vote to the day it was cast or changed, whoever writes it', async () => {
    const opinion = await buildOpinion(t.db);
    const [early, late, gone] = await Promise.all([
      buildUser(t.db),
      buildUser(t.db),
      buildUser(t.db),
    ]);
    const threeDaysAgo = new Date(Date.now() - 3 * dayMs);
    const today = dayOf(new Date());

    // Direct writes (seeds, tests) are moved by the triggers.
    await recordVote(t.db, early.id, opinion.id, 2, threeDaysAgo);
    await recordVote(t.db, gone.id, opinion.id, 4, threeDaysAgo);
    expect(await daysOf(opinion.id)).toEqual({ [dayOf(threeDaysAgo)]: 2 });

    // A vote batch: a new vote counts today; a changed rating moves its vote from its old day;
    // the same rating sent again keeps its day.
    await vote(await loginAs(t.db, late.id), opinion.id, 5);
    const earlyCookie = await loginAs(t.db, early.id);
    await vote(earlyCookie, opinion.id, 1);
    expect(await daysOf(opinion.id)).toEqual({ [dayOf(threeDaysAgo)]: 1, [today]: 2 });
    await vote(earlyCookie, opinion.id, 1);
    expect(await daysOf(opinion.id)).toEqual({ [dayOf(threeDaysAgo)]: 1, [today]: 2 });

    // An update outside a batch, and a delete by cascade.
    const tenDaysAgo = new Date(Date.now() - 10 * dayMs);
    await sql`update votes set updated_at = ${tenDaysAgo}
      where user_id = ${late.id} and opinion_id = ${opinion.id}`.execute(t.db);
    await t.db.deleteFrom('users').where('id', '=', gone.id).execute();
    expect(await daysOf(opinion.id)).toEqual({ [dayOf(tenDaysAgo)]: 1, [today]: 1 });
    expect(await findVoteDayDrift(t.db)).toEqual([]);
  });

  it('ranks and trends by the votes of the last 7 days', async () => {
    const busy = await buildOpinion(t.db, { title: 'Busy this week' });
    const old = await buildOpinion(t.db, { title: 'Busy last month' });
    const voters = await Promise.all(Array.from({ length: 3 }, () => buildUser(t.db)));
    for (const voter of voters) {
      await vote(await loginAs(t.db, voter.id), busy.id, 3);
      await recordVote(t.db, voter.id, old.id, 3, new Date(Date.now() - 30 * dayMs));
    }
    const now = new Date();
    const inputs = await listScoringInputs(t.db, { now });
    const recentOf = (id: number) => inputs.find((row) => row.id === id)?.recentVotes;
    expect(recentOf(busy.id)).toBe(3);
    expect(recentOf(old.id)).toBe(0);
    const trending = await listTrendingOpinions(t.db, now, 50);
    expect(trending.map((row) => row.title)).toContain('Busy this week');
    expect(trending.map((row) => row.title)).not.toContain('Busy last month');
  });

  it('is checked against the raw votes, and rebuilt from them', async () => {
    const opinion = await buildOpinion(t.db);
    const voter = await buildUser(t.db);
    await recordVote(t.db, voter.id, opinion.id, 2);
    await sql`update opinion_vote_days set votes = votes + 5 where opinion_id = ${opinion.id}`.execute(
      t.db,
    );
    expect(await findVoteDayDrift(t.db)).toEqual([
      expect.objectContaining({ id: opinion.id, stored: 6, actual: 1 }),
    ]);
    await rebuildCounters(t.db);
    expect(await findVoteDayDrift(t.db)).toEqual([]);
    expect(await daysOf(opinion.id)).toEqual({ [dayOf(new Date())]: 1 });
  });
});
