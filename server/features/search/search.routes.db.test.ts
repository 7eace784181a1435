import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  buildComment,
  buildOpinion,
  buildTopic,
  buildUser,
  recordVote,
} from '../../test/factories.ts';
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

describe('GET /api/search (the results page)', () => {
  type Result = { ArtifactType: string; ArtifactID: number; Link: string; Title: string };
  type Page = { Results: Result[]; EndReached: boolean; After: string };
  const expected = new Set<string>();

  beforeAll(async () => {
    const author = await buildUser(t.db, { username: 'zeppelin_zoe' });
    expected.add('person:zeppelin_zoe');
    const topic = await buildTopic(t.db, { slug: 'zeppelins', title: 'Zeppelins' });
    expected.add('topic:Zeppelins');
    for (let index = 0; index < 41; index++) {
      const opinion = await buildOpinion(t.db, {
        title: `Zeppelin opinion number ${index} deserves a vote`,
        topicIds: [topic.id],
      });
      expected.add(`opinion:${opinion.title}`);
    }
    const category = await t.db
      .insertInto('categories')
      .values({ title: 'Airships' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const position = await buildOpinion(t.db, { title: 'Zeppelins should carry passengers again' });
    const convo = await t.db
      .insertInto('convos')
      .values({
        slug: 'zeppelin-travel',
        title: 'Should zeppelins return?',
        categoryId: category.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('convoPositions')
      .values({ convoId: convo.id, opinionId: position.id, position: 0 })
      .execute();
    expected.add('convo:Should zeppelins return?');
    expected.add('pos:Zeppelins should carry passengers again');
    const argument = await buildComment(t.db, {
      opinionId: position.id,
      authorId: author.id,
      body: 'A zeppelin floats on helium and burns little fuel.',
    });
    expected.add(`arg:${argument.id}`);
  });

  async function page(query: string, after?: string) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/search?q=${encodeURIComponent(query)}${after === undefined ? '' : `&after=${encodeURIComponent(after)}`}`,
    });
    expect(response.statusCode).toBe(200);
    return response.json().body as Page;
  }

  function keyOf(result: Result) {
    return result.ArtifactType === 'arg'
      ? `arg:${result.ArtifactID}`
      : `${result.ArtifactType}:${result.Title}`;
  }

  it('pages through every kind of match, 20 at a time, each once, until the end', async () => {
    const seen: string[] = [];
    const pages: Page[] = [];
    let after: string | undefined;
    do {
      const next = await page('zeppelin', after);
      pages.push(next);
      seen.push(...next.Results.map(keyOf));
      after = next.EndReached ? undefined : next.After;
    } while (after !== undefined && pages.length < 10);

    // 41 opinions, a topic, a person, a question, its position and an argument on it.
    expect(expected.size).toBe(46);
    expect(pages.map((next) => next.Results.length)).toEqual([20, 20, 6]);
    expect(pages.map((next) => next.EndReached)).toEqual([false, false, true]);
    expect(pages.at(-1)!.After).toBe('');
    expect(new Set(seen).size).toBe(seen.length);
    expect(new Set(seen)).toEqual(expected);
    // The position is found as the question's position, not a second time as an opinion.
    expect(seen).not.toContain('opinion:Zeppelins should carry passengers again');
  });

  it('ranks the titles that start with the query first, and types and links every result', async () => {
    const first = await page('zeppelins');
    expect(first.Results.slice(0, 2).map(keyOf).sort()).toEqual([
      'pos:Zeppelins should carry passengers again',
      'topic:Zeppelins',
    ]);
    expect(first.Results).toContainEqual({
      ArtifactType: 'topic',
      ArtifactID: expect.any(Number),
      Link: '/t/zeppelins',
      Title: 'Zeppelins',
    });
    expect(first.Results).toContainEqual(
      expect.objectContaining({ ArtifactType: 'convo', Link: '/question/zeppelin-travel' }),
    );
  });

  it('answers a query without matches with an empty last page', async () => {
    expect(await page('quuxblorp')).toEqual({ Results: [], EndReached: true, After: '' });
  });

  it('refuses a bad cursor, a short or long query and unknown fields with a readable 400', async () => {
    const cases = [
      [
        '/api/search?q=zeppelin&after=not-a-cursor',
        'after: not a valid cursor; start again without one',
      ],
      [
        `/api/search?q=zeppelin&after=${Buffer.from('{"n":-1}').toString('base64url')}`,
        'after: not a valid cursor; start again without one',
      ],
      [
        `/api/search?q=zeppelin&after=${Buffer.from('{"n":100000}').toString('base64url')}`,
        'after: not a valid cursor; start again without one',
      ],
      [`/api/search?q=zeppelin&after=${'x'.repeat(201)}`, 'after is not a valid cursor'],
      ['/api/search?q=%20ab%20', 'q: type at least 3 characters'],
      [`/api/search?q=${'x'.repeat(201)}`, 'q is too long'],
      ['/api/search', 'q is required'],
    ] as const;
    for (const [url, error] of cases) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ success: false, error });
    }
    const unknown = await t.app.inject({ method: 'GET', url: '/api/search?q=zeppelin&page=2' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().success).toBe(false);
  });
});
