import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildOpinion, buildTopic } from '../../test/factories.ts';

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
    });
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
