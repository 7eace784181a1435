import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildOpinion, buildTopic, buildUser, loginAs } from '../../test/factories.ts';
import { feedPageSize } from './feed.ranking.ts';

// The app as it runs in production: shared reads cached for a minute, members' first pages
// shared between the members whose pages are alike (docs/decisions/023-performance-machinery.md#members-cache).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { READ_CACHE_MS: '60000' } });
});
afterAll(async () => {
  await t.close();
});

type FeedBody = {
  Feed: number[];
  Opinions: { ArtifactID: number; Title: string; Rating: number }[];
  Recent?: { ArtifactID: number; Title: string; Rating: number }[];
};

async function post(url: string, body: unknown, cookie: string, app = t) {
  return app.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', cookie },
    payload: { body },
  });
}

async function firstPage(cookie: string, app = t): Promise<FeedBody> {
  const response = await post('/api/opinion/userfeed', {}, cookie, app);
  expect(response.statusCode).toBe(200);
  return response.json().body;
}

describe('members’ cached first pages', () => {
  it('give each member the page of their own votes, and take a vote’s opinion off it at once', async () => {
    const opinions = await Promise.all([1, 2, 3].map(() => buildOpinion(t.db)));
    const ids = opinions.map((opinion) => opinion.id);
    const [ann, bob] = [await buildUser(t.db), await buildUser(t.db)];
    const [annCookie, bobCookie] = [await loginAs(t.db, ann.id), await loginAs(t.db, bob.id)];
    expect((await firstPage(annCookie)).Feed).toEqual(expect.arrayContaining(ids));
    expect((await firstPage(bobCookie)).Feed).toEqual(expect.arrayContaining(ids));

    expect((await post('/api/opinion/vote', { id: ids[0], rating: 2 }, annCookie)).statusCode).toBe(
      200,
    );
    const annPage = await firstPage(annCookie);
    expect(annPage.Feed).not.toContain(ids[0]);
    expect(annPage.Feed).toEqual(expect.arrayContaining([ids[1], ids[2]]));
    // Bob has not voted: Ann's page is not his.
    expect((await firstPage(bobCookie)).Feed).toEqual(expect.arrayContaining(ids));

    expect((await post('/api/opinion/vote', { id: ids[1], rating: 4 }, bobCookie)).statusCode).toBe(
      200,
    );
    const bobPage = await firstPage(bobCookie);
    expect(bobPage.Feed).toContain(ids[0]);
    expect(bobPage.Feed).not.toContain(ids[1]);
    expect((await firstPage(annCookie)).Feed).toEqual(annPage.Feed);
  });

  it('show an author their own new opinion, their edit of it and their vote on it at once', async () => {
    const author = await buildUser(t.db, { canCreateOpinions: true });
    const cookie = await loginAs(t.db, author.id);
    const created = await post(
      '/api/opinion/new',
      { title: 'Night trains beat short flights', id: '', topics: '[]', topicSearch: '' },
      cookie,
    );
    expect(created.statusCode).toBe(200);
    const { ArtifactID: id } = created.json().body;
    expect((await firstPage(cookie)).Recent).toEqual([
      expect.objectContaining({ ArtifactID: id, Title: 'Night trains beat short flights' }),
    ]);

    const edited = await post(
      '/api/opinion/edit',
      { title: 'Night trains beat most short flights', id, topics: '[]', topicSearch: '' },
      cookie,
    );
    expect(edited.statusCode).toBe(200);
    expect((await firstPage(cookie)).Recent).toEqual([
      expect.objectContaining({ ArtifactID: id, Title: 'Night trains beat most short flights' }),
    ]);

    expect((await post('/api/opinion/vote', { id, rating: 1 }, cookie)).statusCode).toBe(200);
    expect((await firstPage(cookie)).Recent).toEqual([
      expect.objectContaining({ ArtifactID: id, Rating: 1 }),
    ]);
  });

  it('lift a topic’s opinions for a member as soon as they follow it, and drop them back after', async () => {
    // Its own app: the opinions must be in the ranking it caches first.
    const own = await createTestApp({ env: { READ_CACHE_MS: '60000' } });
    onTestFinished(() => own.close());
    const topic = await buildTopic(own.db);
    const inTopic = await buildOpinion(own.db, { topicIds: [topic.id] });
    // Newer, so ahead of it on a tie: without the follow it is not first.
    for (let index = 0; index < feedPageSize; index += 1) await buildOpinion(own.db);
    const member = await buildUser(own.db);
    const cookie = await loginAs(own.db, member.id);
    const before = await firstPage(cookie, own);
    expect(before.Feed[0]).not.toBe(inTopic.id);
    // Asked again unchanged: the same page.
    expect((await firstPage(cookie, own)).Feed).toEqual(before.Feed);

    const follow = (followed: boolean) =>
      post('/api/topic/follow', { topicID: topic.id, followed }, cookie, own);
    expect((await follow(true)).statusCode).toBe(200);
    expect((await firstPage(cookie, own)).Feed[0]).toBe(inTopic.id);
    expect((await follow(false)).statusCode).toBe(200);
    expect((await firstPage(cookie, own)).Feed).toEqual(before.Feed);
  });

  it('give a member the newer ranking as soon as the one their page was cut from expires', async () => {
    // The caches' time moves only when the test moves it.
    let clockMs = Date.now();
    const own = await createTestApp({ env: { READ_CACHE_MS: '60000' }, clock: () => clockMs });
    onTestFinished(() => own.close());
    await buildOpinion(own.db);
    const member = await buildUser(own.db);
    const cookie = await loginAs(own.db, member.id);
    const before = await firstPage(cookie, own);
    // Someone else's opinion, written straight to the database: nothing of this member changed.
    const newer = await buildOpinion(own.db);
    clockMs += 59_999;
    // Their remembered page, while the ranking it was cut from lives.
    expect((await firstPage(cookie, own)).Feed).toEqual(before.Feed);
    clockMs += 1;
    expect((await firstPage(cookie, own)).Feed).toContain(newer.id);
  });
});
