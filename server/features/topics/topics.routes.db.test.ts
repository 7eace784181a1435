import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildOpinion, buildTopic, buildUser, loginAs } from '../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('topics', () => {
  it('lists every topic sorted by title', async () => {
    await buildTopic(t.db, { slug: 'zoology', title: 'zoology' });
    await buildTopic(t.db, { slug: 'art', title: 'Art' });
    await buildTopic(t.db, { slug: 'music', title: 'Music' });
    const response = await t.app.inject({ method: 'GET', url: '/api/topic/getall' });
    expect(response.statusCode).toBe(200);
    const topics = response.json().body.Topics;
    expect(topics.map((topic: { Title: string }) => topic.Title)).toEqual([
      'Art',
      'Music',
      'zoology',
    ]);
    expect(topics[0]).toEqual({
      ArtifactID: expect.any(Number),
      Slug: 'art',
      Title: 'Art',
      Link: '/t/art',
      ArtifactType: 'topic',
      NumOpinions: 0,
    });
  });

  it("counts each topic's listed, live opinions on the topics list", async () => {
    const topic = await buildTopic(t.db, { slug: 'counted', title: 'Counted' });
    await buildOpinion(t.db, { topicIds: [topic.id] });
    await buildOpinion(t.db, { topicIds: [topic.id] });
    await buildOpinion(t.db, { topicIds: [topic.id], deleted: true });
    await buildOpinion(t.db, { topicIds: [topic.id], listed: false });
    const response = await t.app.inject({ method: 'GET', url: '/api/topic/getall' });
    const counted = response
      .json()
      .body.Topics.find((entry: { Slug: string }) => entry.Slug === 'counted');
    expect(counted.NumOpinions).toBe(2);
    const page = await t.app.inject({ method: 'GET', url: '/api/topic/get?slug=counted' });
    expect(page.json().body.Topic.NumOpinions).toBe(2);
  });

  it("gives a topic's feed with only that topic's opinions", async () => {
    const topic = await buildTopic(t.db, {
      slug: 'eternals',
      title: 'Eternals',
      description: 'Questions argued for millennia.',
    });
    const other = await buildTopic(t.db);
    const inside = await buildOpinion(t.db, { topicIds: [topic.id, other.id] });
    await buildOpinion(t.db, { topicIds: [other.id] });
    const response = await t.app.inject({ method: 'GET', url: '/api/topic/get?slug=eternals' });
    expect(response.statusCode).toBe(200);
    const body = response.json().body;
    expect(body.Topic).toMatchObject({
      Slug: 'eternals',
      Title: 'Eternals',
      Description: 'Questions argued for millennia.',
      NumOpinions: 1,
    });
    expect(body.Feed).toEqual([inside.id]);
    expect(body.Opinions[0].Topics.map((t: { Slug: string }) => t.Slug)).toContain('eternals');
    expect(body.EndReached).toBe(true);
    expect(body.Cards.Stats.Opinions).toBeGreaterThan(0);
  });

  it('answers an unknown topic with 404 and a missing slug with 400', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/topic/get?slug=no-such-topic' });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/topic/get' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('slug is required');
  });
});

async function post(url: string, body: unknown, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: { body },
  });
}

describe('POST /api/topic/new', () => {
  it('creates a topic with a readable slug for a member who may create opinions', async () => {
    const member = await buildUser(t.db, { canCreateOpinions: true });
    const response = await post(
      '/api/topic/new',
      { title: '  Space   & Astronomy ' },
      await loginAs(t.db, member.id),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().body.NewTopic).toEqual({
      ArtifactID: expect.any(Number),
      Slug: 'space-and-astronomy',
      Title: 'Space & Astronomy',
      Link: '/t/space-and-astronomy',
      ArtifactType: 'topic',
    });
    const again = await post(
      '/api/topic/new',
      { title: 'space & astronomy' },
      await loginAs(t.db, member.id),
    );
    expect(again.json().body.NewTopic.ArtifactID).toBe(response.json().body.NewTopic.ArtifactID);
  });

  it('refuses visitors (401), members without the right (403) and bad titles (400)', async () => {
    expect((await post('/api/topic/new', { title: 'Gardening' })).statusCode).toBe(401);
    const member = await buildUser(t.db);
    const refused = await post(
      '/api/topic/new',
      { title: 'Gardening' },
      await loginAs(t.db, member.id),
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('Your account is not allowed to create topics');
    const creator = await buildUser(t.db, { canCreateOpinions: true });
    const cookie = await loginAs(t.db, creator.id);
    const short = await post('/api/topic/new', { title: 'ab' }, cookie);
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe('title must be at least 3 characters long');
    const long = await post('/api/topic/new', { title: 'z'.repeat(61) }, cookie);
    expect(long.json().error).toBe('title must be at most 60 characters long');
  });
});

describe('POST /api/topic/follow', () => {
  it('follows and unfollows a topic, and the topic page says so', async () => {
    const topic = await buildTopic(t.db);
    const member = await buildUser(t.db);
    const cookie = await loginAs(t.db, member.id);
    const followed = await post('/api/topic/follow', { topicID: topic.id, followed: true }, cookie);
    expect(followed.statusCode).toBe(200);
    expect(followed.json().body).toEqual({ NumFollowers: 1, FollowedByMe: true });
    // Following twice is still one follow.
    await post('/api/topic/follow', { topicID: topic.id, followed: true }, cookie);
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/topic/get?slug=${topic.slug}`,
      headers: { cookie },
    });
    expect(page.json().body.Topic).toMatchObject({ NumFollowers: 1, FollowedByMe: true });
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/topic/get?slug=${topic.slug}`,
    });
    expect(anonymous.json().body.Topic).toMatchObject({ NumFollowers: 1, FollowedByMe: false });

    const unfollowed = await post(
      '/api/topic/follow',
      { topicID: topic.id, followed: false },
      cookie,
    );
    expect(unfollowed.json().body).toEqual({ NumFollowers: 0, FollowedByMe: false });
  });

  it('refuses visitors (401), unknown topics (404) and bad input (400)', async () => {
    const topic = await buildTopic(t.db);
    expect(
      (await post('/api/topic/follow', { topicID: topic.id, followed: true })).statusCode,
    ).toBe(401);
    const member = await buildUser(t.db);
    const cookie = await loginAs(t.db, member.id);
    const unknown = await post('/api/topic/follow', { topicID: 123_456, followed: true }, cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('topicID: there is no topic with that id');
    const bad = await post('/api/topic/follow', { topicID: topic.id }, cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('followed must be true or false');
  });
});
