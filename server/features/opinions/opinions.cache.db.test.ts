import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildOpinion, buildUser, loginAs, recordVote } from '../../test/factories.ts';

// The app as it runs in production: shared reads cached for a minute.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { READ_CACHE_MS: '60000' } });
});
afterAll(async () => {
  await t.close();
});

async function getOpinion(slug: string, cookie?: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/opinion/get?slug=${slug}`,
    headers: cookie ? { cookie } : {},
  });
  return response.json().body;
}

describe('cached opinion pages', () => {
  it('serve shared reads from memory, but a vote here shows at once, with the voter’s rating live', async () => {
    const opinion = await buildOpinion(t.db);
    const early = await buildUser(t.db);
    await recordVote(t.db, early.id, opinion.id, 1);
    expect((await getOpinion(opinion.slug)).Opinion.NumVotes).toBe(1);

    // Written behind the app's back: the cached copy does not see it yet.
    const quiet = await buildUser(t.db);
    await recordVote(t.db, quiet.id, opinion.id, 2);
    expect((await getOpinion(opinion.slug)).Opinion.NumVotes).toBe(1);

    // A vote through the app drops the cached copy: the voter's page agrees with their vote.
    const voter = await buildUser(t.db);
    const cookie = await loginAs(t.db, voter.id);
    const vote = await t.app.inject({
      method: 'POST',
      url: '/api/opinion/vote',
      headers: { 'content-type': 'application/json', cookie },
      payload: { body: { id: opinion.id, rating: 5 } },
    });
    expect(vote.json().body.Results.Percentages).toEqual([34, 33, 999, 999, 33]);
    const page = await getOpinion(opinion.slug, cookie);
    expect(page.Opinion).toMatchObject({ NumVotes: 3, Rating: 5 });
    expect(page.Results).toEqual({ Percentages: [34, 33, 999, 999, 33] });
  });

  it('drop a deleted opinion at once', async () => {
    const opinion = await buildOpinion(t.db);
    expect((await getOpinion(opinion.slug)).Opinion.Deleted).toBe(false);
    const moderator = await buildUser(t.db, { canDeleteContent: true });
    await t.app.inject({
      method: 'POST',
      url: '/api/opinion/delete',
      headers: { 'content-type': 'application/json', cookie: await loginAs(t.db, moderator.id) },
      payload: { body: { opinionID: opinion.id, deleted: true } },
    });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/opinion/get?slug=${opinion.slug}`,
    });
    expect(response.statusCode).toBe(410);
  });

  it("still leave a member's voted opinions out of their feed at once", async () => {
    const member = await buildUser(t.db);
    const cookie = await loginAs(t.db, member.id);
    const feed = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/opinion/userfeed',
          headers: { 'content-type': 'application/json', cookie },
          payload: { body: {} },
        })
      ).json().body.Feed as number[];
    const first = await feed();
    expect(first.length).toBeGreaterThan(0);
    await t.app.inject({
      method: 'POST',
      url: '/api/opinion/vote',
      headers: { 'content-type': 'application/json', cookie },
      payload: { body: { id: first[0], rating: 3 } },
    });
    expect(await feed()).not.toContain(first[0]);
  });
});
