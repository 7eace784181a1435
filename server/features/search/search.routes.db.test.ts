import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildOpinion, buildTopic, buildUser, recordVote } from '../../test/factories.ts';
import { toPrefixTsQuery } from './search.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await buildTopic(t.db, { slug: 'climate', title: 'Climate' });
  await buildTopic(t.db, { slug: 'food-and-drink', title: 'Food & Drink' });
  const busy = await buildOpinion(t.db, {
    title: 'Climate change is the defining issue of our time',
  });
  await buildOpinion(t.db, { title: 'Individual actions matter in fighting climate change' });
  await buildOpinion(t.db, { title: 'Pineapple belongs on pizza' });
  await buildOpinion(t.db, { title: 'Believing in free will is a useful illusion' });
  await buildOpinion(t.db, { title: 'Climate quiz item', listed: false });
  await buildOpinion(t.db, { title: 'Deleted climate opinion', deleted: true });
  await buildUser(t.db, { username: 'ClimateCarla', fullName: 'Carla Mendes' });
  await buildUser(t.db, { username: 'pizza_pete', fullName: 'Peter Novak' });
  for (let i = 0; i < 3; i++) {
    const voter = await buildUser(t.db);
    await recordVote(t.db, voter.id, busy.id, 1);
  }
});
afterAll(async () => {
  await t.close();
});

async function search(path: string, q: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `${path}?q=${encodeURIComponent(q)}`,
  });
  return response;
}

async function titles(path: string, q: string) {
  const response = await search(path, q);
  expect(response.statusCode).toBe(200);
  return response
    .json()
    .body.Results.map(
      (result: { ArtifactType: string; Title: string }) => `${result.ArtifactType}:${result.Title}`,
    );
}

describe('GET /api/v2/search', () => {
  it('finds opinions, topics and people, typed and linked, never quiz items or deleted ones', async () => {
    const response = await search('/api/v2/search', 'climate');
    const results = response.json().body.Results;
    expect(results).toContainEqual({
      ArtifactType: 'topic',
      ArtifactID: expect.any(Number),
      Link: '/t/climate',
      Title: 'Climate',
    });
    expect(results).toContainEqual(
      expect.objectContaining({ ArtifactType: 'person', Link: '/u/ClimateCarla' }),
    );
    const found = results.map((result: { Title: string }) => result.Title);
    expect(found).toContain('Climate change is the defining issue of our time');
    expect(found).toContain('Individual actions matter in fighting climate change');
    expect(found).not.toContain('Climate quiz item');
    expect(found).not.toContain('Deleted climate opinion');
  });

  it('ranks a title that starts with the query above one that mentions it', async () => {
    const found = await titles('/api/v2/search', 'climate change');
    expect(found.indexOf('opinion:Climate change is the defining issue of our time')).toBeLessThan(
      found.indexOf('opinion:Individual actions matter in fighting climate change'),
    );
  });

  it('matches stems and prefixes through full-text search', async () => {
    expect(await titles('/api/v2/search', 'believe')).toContain(
      'opinion:Believing in free will is a useful illusion',
    );
    expect(await titles('/api/v2/search', 'illus')).toContain(
      'opinion:Believing in free will is a useful illusion',
    );
  });

  it('forgives typos through trigram similarity', async () => {
    expect(await titles('/api/v2/search', 'pinaple pizzza')).toContain(
      'opinion:Pineapple belongs on pizza',
    );
    expect(await titles('/api/v2/search', 'climte')).toContain('topic:Climate');
    expect(await titles('/api/v2/search', 'Novak')).toContain('person:pizza_pete');
  });

  it('takes the query literally: wildcards and tsquery syntax are text', async () => {
    expect(await titles('/api/v2/search', '%%%')).toEqual([]);
    expect(await titles('/api/v2/search', "!:* & | ( ' pizza")).toContain(
      'opinion:Pineapple belongs on pizza',
    );
    expect(toPrefixTsQuery("!:* & | ( '")).toBeNull();
    expect(toPrefixTsQuery('Free will!')).toBe('free:* & will:*');
  });

  it('refuses queries of 2 or fewer characters (trimmed) with a readable 400', async () => {
    const response = await search('/api/v2/search', '  ab  ');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('q: type at least 3 characters');
    expect((await search('/api/v2/search', 'x'.repeat(201))).statusCode).toBe(400);
  });
});

describe('GET /api/opinion/search and /api/topic/search', () => {
  it('answer only their own type', async () => {
    const opinions = await titles('/api/opinion/search', 'climate');
    expect(opinions.length).toBeGreaterThan(0);
    expect(opinions.every((title: string) => title.startsWith('opinion:'))).toBe(true);
    expect(await titles('/api/topic/search', 'drink')).toEqual(['topic:Food & Drink']);
    expect((await search('/api/topic/search', 'x')).statusCode).toBe(400);
  });
});
