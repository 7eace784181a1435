import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, postJson, type TestApp } from '../../test/app.ts';
import { buildMember, buildOpinion, buildUser, recordVote } from '../../test/factories.ts';
import { composeProfileImageSvg, composeQuestionImageSvg } from './seo.page-images.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG's size, from its first chunk (IHDR): width and height as 32-bit big-endian numbers. */
function pngSize(png: Buffer) {
  expect(png.subarray(0, 8)).toEqual(pngSignature);
  expect(png.toString('latin1', 12, 16)).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/** Fetches the picture; checks it is a cacheable 1200×630 PNG that revalidates by its ETag. */
async function expectSharePicture(url: string): Promise<{ etag: string; png: Buffer }> {
  const first = await get(url);
  expect(first.statusCode, url).toBe(200);
  expect(first.headers['content-type']).toBe('image/png');
  expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+/);
  expect(first.headers['cross-origin-resource-policy']).toBe('cross-origin');
  expect(pngSize(first.rawPayload)).toEqual({ width: 1200, height: 630 });
  const etag = first.headers.etag as string;
  expect(etag).toMatch(/^"[\w-]{16}"$/);
  expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);
  return { etag, png: first.rawPayload };
}

async function buildQuestion(slug: string, title: string, opinionIds: number[]) {
  const category = await t.db
    .insertInto('categories')
    .values({ title: `Pictures ${slug}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const convo = await t.db
    .insertInto('convos')
    .values({ slug, title, description: '', categoryId: category.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (opinionIds.length === 0) return;
  await t.db
    .insertInto('convoPositions')
    .values(opinionIds.map((opinionId, position) => ({ convoId: convo.id, opinionId, position })))
    .execute();
}

describe("a question's share image (/og/question/<slug>.png)", () => {
  it('is a 1200×630 PNG with an ETag, and a new one after a vote on a position', async () => {
    const yes = await buildOpinion(t.db, { title: 'Cities should ban cars from their centres' });
    const no = await buildOpinion(t.db, { title: 'Cars keep city centres alive' });
    await recordVote(t.db, (await buildUser(t.db)).id, yes.id, 1);
    await buildQuestion('should-cities-ban-cars', 'Should cities ban cars?', [yes.id, no.id]);
    const url = '/og/question/should-cities-ban-cars.png';
    const { etag, png } = await expectSharePicture(url);

    const voter = await buildMember(t.db);
    const vote = await postJson(t.app, '/api/opinion/vote', { id: no.id, rating: 2 }, voter.cookie);
    expect(vote.statusCode).toBe(200);
    const after = await get(url, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.rawPayload.equals(png)).toBe(false);
  });

  it('answers 404 for an unknown question or another file type', async () => {
    await buildQuestion('a-known-question', 'A known question?', []);
    for (const url of [
      '/og/question/no-such-question.png',
      '/og/question/a-known-question.gif',
      '/og/question/a-known-question',
      '/og/question/%00.png',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().success).toBe(false);
    }
    expect((await get('/og/question/a-known-question.png')).statusCode).toBe(200);
  });

  it('shows the title and each position with its votes, as a visitor sees them, escaped', () => {
    const svg = composeQuestionImageSvg({
      title: 'Is <b>this</b> & that fair?',
      positions: [
        { title: 'Yes & always', votes: 1204 },
        { title: 'No', votes: 1 },
        { title: 'Sometimes', votes: 0 },
        { title: 'It depends', votes: 3 },
        { title: 'Never', votes: 2 },
      ],
    });
    expect(svg).toContain('Is &lt;b&gt;this&lt;/b&gt; &amp; that fair?');
    expect(svg).toContain('Yes &amp; always');
    expect(svg).toContain('1,204 votes');
    expect(svg).toContain('>1 vote<');
    expect(svg).toContain('5 positions · 1,210 votes');
    // As many rows as fit; the last says how many more there are.
    expect(svg).toContain('and 2 more positions');
    expect(svg).not.toContain('It depends');
  });
});

describe("a member's share image (/og/profile/<username>.png)", () => {
  it('is a 1200×630 PNG with an ETag, found whatever the case, and a new one after a vote', async () => {
    const member = await buildMember(t.db, { username: 'PictureMember' });
    const opinion = await buildOpinion(t.db, { title: 'Profiles deserve pictures too' });
    const { etag, png } = await expectSharePicture('/og/profile/PictureMember.png');
    expect((await get('/og/profile/picturemember.png')).headers.etag).toBe(etag);

    const vote = await postJson(
      t.app,
      '/api/opinion/vote',
      { id: opinion.id, rating: 1 },
      member.cookie,
    );
    expect(vote.statusCode).toBe(200);
    const after = await get('/og/profile/PictureMember.png', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.rawPayload.equals(png)).toBe(false);
  });

  it('answers 404 for a name nobody has or another file type', async () => {
    await buildUser(t.db, { username: 'KnownForPictures' });
    for (const url of [
      '/og/profile/no-such-member.png',
      '/og/profile/KnownForPictures.gif',
      '/og/profile/KnownForPictures',
      '/og/profile/%00.png',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('shows the name, level, karma and counts, escaped', () => {
    const svg = composeProfileImageSvg({
      username: 'Ada<&>',
      karma: 120,
      opinions: 3,
      votes: 1500,
      comments: 1,
    });
    expect(svg).toContain('Ada&lt;&amp;&gt;');
    expect(svg).toContain('Level 3 · Contributor · 120 karma');
    expect(svg).toContain('>1,500<');
    expect(svg).toContain('>votes<');
    expect(svg).toContain('>comment<');
  });
});
