import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import Fastify from 'fastify';
import { registerErrorHandling } from '../../plugins/errors.ts';
import {
  buildComment,
  buildOpinion,
  buildTopic,
  buildUser,
  recordVote,
} from '../../test/factories.ts';
import { registerSeoRoutes } from './seo.routes.ts';
import { composeSitemapXml } from './seo.sitemap.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://stance.example' } });
});
afterAll(async () => {
  await t.close();
});

describe('robots.txt', () => {
  it('lets crawlers in, keeps them off the API, development and staff pages, and names the sitemap', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/api/', '/dev/', '/admin', '/internal/', '/search']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain('Disallow: /og/');
    expect(lines).toContain('Sitemap: https://stance.example/sitemap.xml');
  });
});

describe('the sitemap', () => {
  const locsOf = (xml: string) =>
    [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);

  it('lists every topic, question, listed live opinion and published profile with when it last changed', async () => {
    const topic = await buildTopic(t.db, { slug: 'sitemap-topic' });
    const changedAt = new Date('2026-03-04T05:06:07.000Z');
    const writer = await buildUser(t.db, { username: 'sitemap_writer' });
    const listed = await buildOpinion(t.db, { topicIds: [topic.id], authorId: writer.id });
    await t.db
      .updateTable('opinions')
      .set({ updatedAt: changedAt })
      .where('id', '=', listed.id)
      .execute();
    const quizItem = await buildOpinion(t.db, { listed: false });
    const removed = await buildOpinion(t.db, { deleted: true });
    const category = await t.db
      .insertInto('categories')
      .values({ title: 'Sitemap questions' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('convos')
      .values({
        slug: 'sitemap-question',
        title: 'A question for the sitemap',
        categoryId: category.id,
        updatedAt: changedAt,
      })
      .execute();
    // Profiles: a member who argued, one who wrote an opinion (above); not one who only voted,
    // nor one whose only comment was removed or hidden, nor one whose only opinion is a quiz item.
    const arguer = await buildUser(t.db, { username: 'sitemap_arguer' });
    const argument = await buildComment(t.db, { opinionId: listed.id, authorId: arguer.id });
    const commentedAt = new Date('2026-05-06T07:08:09.000Z');
    await t.db
      .updateTable('comments')
      .set({ createdAt: commentedAt })
      .where('id', '=', argument.id)
      .execute();
    const voter = await buildUser(t.db, { username: 'sitemap_voter' });
    await recordVote(t.db, voter.id, listed.id, 2);
    const removedArguer = await buildUser(t.db, { username: 'sitemap_removed' });
    const removedComment = await buildComment(t.db, {
      opinionId: listed.id,
      authorId: removedArguer.id,
    });
    await t.db
      .updateTable('comments')
      .set({ deleted: true })
      .where('id', '=', removedComment.id)
      .execute();
    const hiddenArguer = await buildUser(t.db, { username: 'sitemap_hidden' });
    const hiddenComment = await buildComment(t.db, {
      opinionId: listed.id,
      authorId: hiddenArguer.id,
    });
    await t.db
      .updateTable('comments')
      .set({ hiddenAt: new Date() })
      .where('id', '=', hiddenComment.id)
      .execute();
    const quizAuthor = await buildUser(t.db, { username: 'sitemap_quiz_author' });
    await buildOpinion(t.db, { listed: false, authorId: quizAuthor.id });

    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const xml = response.body;
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns=/);
    for (const path of ['/', '/topics', '/questions', '/encyclopedia']) {
      expect(xml).toContain(`<url><loc>https://stance.example${path}</loc></url>`);
    }
    expect(xml).toContain(
      `<url><loc>https://stance.example/o/${listed.slug}</loc><lastmod>${commentedAt.toISOString()}</lastmod></url>`,
    );
    expect(xml).toMatch(
      /<url><loc>https:\/\/stance\.example\/t\/sitemap-topic<\/loc><lastmod>[^<]+<\/lastmod><\/url>/,
    );
    expect(xml).toContain(
      '<url><loc>https://stance.example/question/sitemap-question</loc><lastmod>2026-03-04T05:06:07.000Z</lastmod></url>',
    );
    expect(xml).toContain(
      `<url><loc>https://stance.example/u/sitemap_arguer</loc><lastmod>${commentedAt.toISOString()}</lastmod></url>`,
    );
    expect(xml).toMatch(
      /<url><loc>https:\/\/stance\.example\/u\/sitemap_writer<\/loc><lastmod>[^<]+<\/lastmod><\/url>/,
    );
    const locs = locsOf(xml);
    expect(new Set(locs).size).toBe(locs.length);
    for (const absent of [
      quizItem.slug,
      removed.slug,
      'sitemap_voter',
      'sitemap_removed',
      'sitemap_hidden',
      'sitemap_quiz_author',
    ]) {
      expect(xml).not.toContain(absent);
    }
    // One file while everything fits: there are no parts.
    expect((await t.app.inject({ method: 'GET', url: '/sitemap-1.xml' })).statusCode).toBe(404);
  });

  it('becomes an index of parts past its limit per file, the parts together listing every address once', async () => {
    for (let index = 0; index < 7; index++) await buildOpinion(t.db);
    const whole = locsOf((await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body);
    const urlsPerFile = 5;
    const app = Fastify();
    registerErrorHandling(app);
    registerSeoRoutes(app, {
      db: t.db,
      publicUrl: 'https://stance.example',
      sitemapUrlsPerFile: urlsPerFile,
    });
    try {
      const index = await app.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(index.statusCode).toBe(200);
      expect(index.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns=/);
      const partCount = Math.ceil(whole.length / urlsPerFile);
      const partLocs = locsOf(index.body);
      expect(partLocs).toEqual(
        Array.from({ length: partCount }, (_, n) => `https://stance.example/sitemap-${n + 1}.xml`),
      );
      const listed: string[] = [];
      for (const loc of partLocs) {
        const part = await app.inject({ method: 'GET', url: new URL(loc).pathname });
        expect(part.statusCode).toBe(200);
        expect(part.body).toContain('<urlset xmlns=');
        const locs = locsOf(part.body);
        expect(locs.length).toBeGreaterThan(0);
        expect(locs.length).toBeLessThanOrEqual(urlsPerFile);
        listed.push(...locs);
      }
      expect(listed).toEqual(whole);
      for (const url of [`/sitemap-${partCount + 1}.xml`, '/sitemap-0.xml', '/sitemap-x.xml']) {
        expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      }
    } finally {
      await app.close();
    }
  });

  it('escapes what it writes', () => {
    const xml = composeSitemapXml('https://a.example', [{ path: '/o/a&b<c>', modifiedAt: null }]);
    expect(xml).toContain('<loc>https://a.example/o/a&amp;b&lt;c&gt;</loc>');
  });
});

describe('favicon.ico', () => {
  it('is an icon file holding the logo at 16, 32 and 48 pixels', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/x-icon');
    const icon = response.rawPayload;
    expect([icon.readUInt16LE(0), icon.readUInt16LE(2), icon.readUInt16LE(4)]).toEqual([0, 1, 3]);
    const sizes = [0, 1, 2].map((index) => icon.readUInt8(6 + 16 * index));
    expect(sizes).toEqual([16, 32, 48]);
    // Each entry holds a bitmap (its 40-byte header first) of the size its directory entry says.
    for (let index = 0; index < 3; index++) {
      const offset = icon.readUInt32LE(6 + 16 * index + 12);
      expect(icon.readUInt32LE(offset)).toBe(40);
      expect(icon.readInt32LE(offset + 4)).toBe(sizes[index]);
    }
  });
});

describe('the home-screen icons and the web app manifest (decision 069)', () => {
  /** A PNG's width and height, from its IHDR chunk. */
  function pngSize(png: Buffer): [number, number] {
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
    return [png.readUInt32BE(16), png.readUInt32BE(20)];
  }

  it('serves each PNG icon the page and the manifest name, at its size', async () => {
    for (const [url, size] of [
      ['/apple-touch-icon.png', 180],
      ['/icons/icon-192.png', 192],
      ['/icons/icon-512.png', 512],
      ['/icons/maskable-512.png', 512],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toBe('image/png');
      expect(response.headers['cache-control'], url).toBe('public, max-age=86400');
      expect(pngSize(response.rawPayload), url).toEqual([size, size]);
    }
  });

  it('serves the manifest as a manifest: the name, the app’s colours and icons that exist', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    const manifest = response.json();
    expect(manifest).toMatchObject({
      name: 'Stance',
      short_name: 'Stance',
      start_url: '/',
      display: 'standalone',
      theme_color: '#ffffff',
      background_color: '#f6f5f2',
    });
    const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
    expect(icons.map((icon) => icon.purpose).sort()).toEqual(['any', 'any', 'any', 'maskable']);
    for (const icon of icons.filter((entry) => entry.type === 'image/png')) {
      const served = await t.app.inject({ method: 'GET', url: icon.src });
      expect(served.statusCode, icon.src).toBe(200);
      expect(pngSize(served.rawPayload).join('x'), icon.src).toBe(icon.sizes);
    }
  });
});
