import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildOpinion, buildTopic, buildUser, loginAs, recordVote } from '../../test/factories.ts';
import { computePercentages, noVotesMarker, sharesShown } from './opinions.service.ts';
import { slugify } from '../../slug.ts';

describe('vote percentages', () => {
  it('sum to 100 over the ratings chosen, with 999 for a rating nobody chose', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(10_000), { minLength: 5, maxLength: 5 }), (counts) => {
        const percentages = computePercentages(counts);
        expect(percentages).toHaveLength(5);
        const chosen = percentages.filter((_, index) => counts[index]! > 0);
        if (chosen.length > 0) expect(chosen.reduce((a, b) => a + b, 0)).toBe(100);
        percentages.forEach((value, index) => {
          if (counts[index] === 0) expect(value).toBe(noVotesMarker);
          else expect(value).toBeGreaterThanOrEqual(0);
        });
      }),
      { numRuns: 500 },
    );
  });

  it('round thirds to 34/33/33', () => {
    expect(computePercentages([1, 1, 1, 0, 0])).toEqual([34, 33, 33, 999, 999]);
    expect(computePercentages([0, 0, 0, 0, 0])).toEqual([999, 999, 999, 999, 999]);
    expect(computePercentages([0, 3, 0, 0, 0])).toEqual([999, 100, 999, 999, 999]);
  });
});

describe('shown numbers', () => {
  it('shows shares as max(0, round((votes − 20) / 25))', () => {
    expect(sharesShown(0)).toBe(0);
    expect(sharesShown(20)).toBe(0);
    expect(sharesShown(32)).toBe(0);
    expect(sharesShown(33)).toBe(1);
    expect(sharesShown(520)).toBe(20);
  });
});

describe('slugs', () => {
  it('are readable, ASCII and bounded', () => {
    expect(slugify('Pineapple belongs on pizza!')).toBe('pineapple-belongs-on-pizza');
    expect(slugify('Café & crème brûlée')).toBe('cafe-and-creme-brulee');
    expect(slugify('¿¿??')).toBe('opinion');
    expect(slugify('word '.repeat(40)).length).toBeLessThanOrEqual(80);
  });
});

describe('GET /api/opinion/get', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('returns the opinion with its topics, and Results only once the viewer has voted', async () => {
    const author = await buildUser(t.db, { username: 'Author_1' });
    const topic = await buildTopic(t.db, { slug: 'ethics', title: 'Ethics' });
    const opinion = await buildOpinion(t.db, {
      authorId: author.id,
      topicIds: [topic.id],
      title: 'Lying is sometimes kind',
    });
    const others = await Promise.all([buildUser(t.db), buildUser(t.db), buildUser(t.db)]);
    await recordVote(t.db, others[0]!.id, opinion.id, 1);
    await recordVote(t.db, others[1]!.id, opinion.id, 1);
    await recordVote(t.db, others[2]!.id, opinion.id, 5);

    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/opinion/get?slug=${opinion.slug}`,
    });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json().body).toMatchObject({
      Opinion: {
        ArtifactID: opinion.id,
        Slug: opinion.slug,
        Title: 'Lying is sometimes kind',
        Link: `/o/${opinion.slug}`,
        UID: author.id,
        AuthorUsername: 'Author_1',
        NumVotes: 3,
        Rating: 0,
        Deleted: false,
        Topics: [{ Slug: 'ethics', Title: 'Ethics', Link: '/t/ethics', ArtifactType: 'topic' }],
      },
      Results: null,
    });

    const viewer = await buildUser(t.db);
    await recordVote(t.db, viewer.id, opinion.id, 5);
    const voted = await t.app.inject({
      method: 'GET',
      url: `/api/opinion/get?slug=${opinion.slug}`,
      headers: { cookie: await loginAs(t.db, viewer.id) },
    });
    expect(voted.json().body.Opinion.Rating).toBe(5);
    expect(voted.json().body.Results).toEqual({ Percentages: [50, 999, 999, 999, 50] });
  });
});
