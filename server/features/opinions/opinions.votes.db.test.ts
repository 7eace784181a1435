import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildOpinion, buildUser, loginAs } from '../../test/factories.ts';
import { findCounterDrift } from './opinions.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function vote(cookie: string | undefined, body: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/opinion/vote',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: { body },
  });
}

async function countsOf(opinionId: number) {
  const row = await t.db
    .selectFrom('opinions')
    .select(['votes1', 'votes2', 'votes3', 'votes4', 'votes5', 'numVotes'])
    .where('id', '=', opinionId)
    .executeTakeFirstOrThrow();
  return [row.votes1, row.votes2, row.votes3, row.votes4, row.votes5, row.numVotes];
}

describe('POST /api/opinion/vote', () => {
  it('records a vote and answers the rating with the percentages after it', async () => {
    const opinion = await buildOpinion(t.db);
    const [first, second, third] = await Promise.all([
      buildUser(t.db),
      buildUser(t.db),
      buildUser(t.db),
    ]);
    await vote(await loginAs(t.db, first!.id), { id: opinion.id, rating: 1 });
    await vote(await loginAs(t.db, second!.id), { id: opinion.id, rating: 2 });
    const response = await vote(await loginAs(t.db, third!.id), { id: opinion.id, rating: 2 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      body: { Rating: 2, Results: { Percentages: [33, 67, 999, 999, 999] } },
    });
    expect(await countsOf(opinion.id)).toEqual([1, 2, 0, 0, 0, 3]);
  });

  it('keeps one vote per member and opinion, and lets the member change it', async () => {
    const opinion = await buildOpinion(t.db);
    const member = await buildUser(t.db);
    const cookie = await loginAs(t.db, member.id);
    await vote(cookie, { id: opinion.id, rating: 5 });
    await vote(cookie, { id: opinion.id, rating: 5 });
    expect(await countsOf(opinion.id)).toEqual([0, 0, 0, 0, 1, 1]);
    const changed = await vote(cookie, { id: opinion.id, rating: 3 });
    expect(changed.json().body).toEqual({
      Rating: 3,
      Results: { Percentages: [999, 999, 100, 999, 999] },
    });
    expect(await countsOf(opinion.id)).toEqual([0, 0, 1, 0, 0, 1]);
    const rows = await t.db
      .selectFrom('votes')
      .select('rating')
      .where('opinionId', '=', opinion.id)
      .execute();
    expect(rows).toEqual([{ rating: 3 }]);

    const page = await t.app.inject({
      method: 'GET',
      url: `/api/opinion/get?slug=${opinion.slug}`,
      headers: { cookie },
    });
    expect(page.json().body.Opinion.Rating).toBe(3);
    expect(page.json().body.Results).toEqual({ Percentages: [999, 999, 100, 999, 999] });
  });

  it('asks a visitor to log in (401) and casts nothing', async () => {
    const opinion = await buildOpinion(t.db);
    const response = await vote(undefined, { id: opinion.id, rating: 1 });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, error: 'Log in or sign up to vote' });
    expect(await countsOf(opinion.id)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it.each([
    [0, 'rating must be a whole number from 1 to 5'],
    [6, 'rating must be a whole number from 1 to 5'],
    [2.5, 'rating must be a whole number from 1 to 5'],
    ['x', 'rating must be a whole number from 1 to 5'],
    [null, 'rating must be a whole number from 1 to 5'],
  ])('refuses the rating %j with a 400 naming the field', async (rating, message) => {
    const opinion = await buildOpinion(t.db);
    const member = await buildUser(t.db);
    const response = await vote(await loginAs(t.db, member.id), { id: opinion.id, rating });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error: message });
    expect(await countsOf(opinion.id)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('refuses a missing rating or id, and an unknown opinion', async () => {
    const member = await buildUser(t.db);
    const cookie = await loginAs(t.db, member.id);
    const noRating = await vote(cookie, { id: 1 });
    expect(noRating.statusCode).toBe(400);
    expect(noRating.json().error).toMatch(/^rating/);
    const badId = await vote(cookie, { id: 'abc', rating: 1 });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error).toBe('id must be a number');
    const unknown = await vote(cookie, { id: 987_654, rating: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('id: there is no opinion with that id');
  });

  it('answers 410 for a deleted opinion and leaves its counters alone', async () => {
    const opinion = await buildOpinion(t.db, { deleted: true });
    const member = await buildUser(t.db);
    const response = await vote(await loginAs(t.db, member.id), { id: opinion.id, rating: 1 });
    expect(response.statusCode).toBe(410);
    expect(response.json().error).toBe('This content has been removed');
    expect(await countsOf(opinion.id)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('keeps the counters equal to the raw votes under concurrent votes and changes', async () => {
    const opinions = await Promise.all([buildOpinion(t.db), buildOpinion(t.db)]);
    const members = await Promise.all(Array.from({ length: 8 }, () => buildUser(t.db)));
    const cookies = await Promise.all(members.map((member) => loginAs(t.db, member.id)));
    // Every member votes on both opinions several times at once, including the same member
    // changing the same vote concurrently: the case a naive read-then-write gets wrong.
    const requests = cookies.flatMap((cookie, index) =>
      [1, 2, 3, 4, 5, 1].flatMap((rating) =>
        opinions.map((opinion) =>
          vote(cookie, { id: opinion.id, rating: ((rating + index) % 5) + 1 }),
        ),
      ),
    );
    const responses = await Promise.all(requests);
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    expect(await findCounterDrift(t.db)).toEqual([]);
    for (const opinion of opinions) {
      expect((await countsOf(opinion.id))[5]).toBe(members.length);
    }
  });
});
