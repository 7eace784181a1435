import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildOpinion, buildTopic } from '../../test/factories.ts';
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
    for (const path of ['/api/', '/dev/', '/admin', '/internal/']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain('Disallow: /og/');
    expect(lines).toContain('Sitemap: https://stance.example/sitemap.xml');
  });
});

describe('the sitemap', () => {
  it('lists every topic and every listed, live opinion with when it last changed', async () => {
    const topic = await buildTopic(t.db, { slug: 'sitemap-topic' });
    const changedAt = new Date('2026-03-04T05:06:07.000Z');
    const listed = await buildOpinion(t.db, { topicIds: [topic.id] });
    await t.db
      .updateTable('opinions')
      .set({ updatedAt: changedAt })
      .where('id', '=', listed.id)
      .execute();
    const quizItem = await buildOpinion(t.db, { listed: false });
    const removed = await buildOpinion(t.db, { deleted: true });

    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const xml = response.body;
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns=/);
    expect(xml).toContain('<url><loc>https://stance.example/</loc></url>');
    expect(xml).toContain(
      `<url><loc>https://stance.example/o/${listed.slug}</loc><lastmod>2026-03-04T05:06:07.000Z</lastmod></url>`,
    );
    expect(xml).toMatch(
      /<url><loc>https:\/\/stance\.example\/t\/sitemap-topic<\/loc><lastmod>[^<]+<\/lastmod><\/url>/,
    );
    expect(xml).not.toContain(quizItem.slug);
    expect(xml).not.toContain(removed.slug);
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
