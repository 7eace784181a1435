import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, postJson, type TestApp } from '../../test/app.ts';
import { buildMember, buildOpinion, buildUser, recordVote } from '../../test/factories.ts';
import { readFontMetrics } from './seo.font-metrics.ts';
import { composeShareImageSvg, layOutTitle, wrapText } from './seo.share-image.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://stance.example' } });
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

describe("an opinion's share image", () => {
  // The page's head names it (e2e/server-rendering.e2e.ts), its address changing with the votes.
  it('is a 1200×630 PNG with an ETag, and a new one after a vote', async () => {
    const opinion = await buildOpinion(t.db, { title: 'Cats make better company than dogs' });
    await recordVote(t.db, (await buildUser(t.db)).id, opinion.id, 1);
    const url = `/og/opinion/${opinion.slug}.png`;
    const first = await t.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    expect(first.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(pngSize(first.rawPayload)).toEqual({ width: 1200, height: 630 });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{16}"$/);
    const revalidated = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': etag },
    });
    expect(revalidated.statusCode).toBe(304);

    const voter = await buildMember(t.db);
    const vote = await postJson(
      t.app,
      '/api/opinion/vote',
      { id: opinion.id, rating: 5 },
      voter.cookie,
    );
    expect(vote.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.rawPayload.equals(first.rawPayload)).toBe(false);
  });

  it('answers 404 for an unknown opinion or another file type, and 410 for a removed one', async () => {
    const removed = await buildOpinion(t.db, { deleted: true });
    const live = await buildOpinion(t.db);
    for (const [url, status] of [
      ['/og/opinion/no-such-opinion.png', 404],
      [`/og/opinion/${live.slug}.gif`, 404],
      [`/og/opinion/${live.slug}`, 404],
      ['/og/opinion/%00.png', 404],
      [`/og/opinion/${removed.slug}.png`, 410],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(status);
      expect(response.json().success).toBe(false);
    }
  });

  it('draws a title with markup and characters XML cannot carry', async () => {
    const opinion = await buildOpinion(t.db, { title: 'Bells \u0007 and <b>"tags"</b> & more' });
    const response = await t.app.inject({ method: 'GET', url: `/og/opinion/${opinion.slug}.png` });
    expect(response.statusCode).toBe(200);
    const svg = composeShareImageSvg({ title: opinion.title, counts: [0, 0, 0, 0, 0] });
    expect(svg).toContain('>Bells  and &lt;b&gt;&quot;tags&quot;&lt;/b&gt; &amp;');
    expect(svg).not.toContain('\u0007');
    expect(svg).toContain('No votes yet');
  });
});

describe('the share image title layout', () => {
  const metrics = readFontMetrics(
    new URL('../../../node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf', import.meta.url).pathname,
  );

  it('breaks lines at spaces, and a word wider than a line between its characters', () => {
    expect(wrapText('one two three', metrics, 10, metrics.measure('one two', 10))).toEqual([
      'one two',
      'three',
    ]);
    const long = 'x'.repeat(40);
    const lines = wrapText(long, metrics, 10, metrics.measure('x'.repeat(15), 10));
    expect(lines).toEqual(['x'.repeat(15), 'x'.repeat(15), 'x'.repeat(10)]);
  });

  it('keeps short titles large and cuts what cannot fit with an ellipsis', () => {
    expect(layOutTitle('Pineapple belongs on pizza')).toEqual({
      lines: ['Pineapple belongs on pizza'],
      fontSize: 64,
    });
    const longest = layOutTitle('word '.repeat(40).trim());
    expect(longest.fontSize).toBeLessThan(64);
    const endless = layOutTitle('argument '.repeat(200).trim());
    expect(endless.lines.at(-1)).toMatch(/…$/);
    expect(endless.lines.length).toBeLessThanOrEqual(5);
  });
});
