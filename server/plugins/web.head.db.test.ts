import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { buildOpinion, buildUser, recordVote } from '../test/factories.ts';
import { defaultDescription } from './web.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://stance.example' } });
});
afterAll(async () => {
  await t.close();
});

function metaContent(html: string, attribute: 'name' | 'property', key: string) {
  const match = html.match(new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`));
  return match?.[1];
}

describe("an opinion page's head, rendered by the server", () => {
  it('carries a description of where people stand and Open Graph tags for link previews', async () => {
    const opinion = await buildOpinion(t.db, { title: 'Cats <b>rule</b> & "dogs" drool' });
    const ratings = [1, 1, 2, 3, 4, 5, 5, 5];
    for (const rating of ratings) {
      const member = await buildUser(t.db);
      await recordVote(t.db, member.id, opinion.id, rating);
    }
    const response = await t.app.inject({ method: 'GET', url: `/o/${opinion.slug}` });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    const description =
      '38% agree and 50% disagree (8 votes so far). Where do you stand? Vote and argue for or against on Stance.';
    const escapedTitle = 'Cats &lt;b&gt;rule&lt;/b&gt; &amp; &quot;dogs&quot; drool · Stance';
    expect(metaContent(html, 'name', 'description')).toBe(description);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(metaContent(html, 'property', 'og:title')).toBe(escapedTitle);
    expect(metaContent(html, 'property', 'og:description')).toBe(description);
    expect(metaContent(html, 'property', 'og:type')).toBe('article');
    expect(metaContent(html, 'property', 'og:site_name')).toBe('Stance');
    expect(metaContent(html, 'property', 'og:url')).toBe(
      `https://stance.example/o/${opinion.slug}`,
    );
    expect(html).toContain(`<title>${escapedTitle}</title>`);
  });

  it('names the share image, absolute, for Open Graph and a large Twitter card', async () => {
    const opinion = await buildOpinion(t.db, { title: 'Tea is better than coffee' });
    const html = (await t.app.inject({ method: 'GET', url: `/o/${opinion.slug}` })).body;
    const image = metaContent(html, 'property', 'og:image');
    expect(image).toMatch(
      new RegExp(`^https://stance\\.example/og/opinion/${opinion.slug}\\.png\\?v=[\\w-]{16}$`),
    );
    expect(metaContent(html, 'property', 'og:image:width')).toBe('1200');
    expect(metaContent(html, 'property', 'og:image:height')).toBe('630');
    expect(metaContent(html, 'property', 'og:image:alt')).toBe(
      'How people voted on “Tea is better than coffee”',
    );
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'name', 'twitter:image')).toBe(image);
  });

  it('says nobody has voted yet, and keeps a title with $& intact', async () => {
    const opinion = await buildOpinion(t.db, { title: 'Prices in $& are a trick' });
    const html = (await t.app.inject({ method: 'GET', url: `/o/${opinion.slug}` })).body;
    expect(metaContent(html, 'name', 'description')).toMatch(/^Nobody has voted yet\./);
    expect(html).toContain('<title>Prices in $&amp; are a trick · Stance</title>');
  });

  it('answers a deleted opinion with 410 and the removed text as its title', async () => {
    const opinion = await buildOpinion(t.db, { deleted: true, title: 'A secret title' });
    const response = await t.app.inject({ method: 'GET', url: `/o/${opinion.slug}` });
    expect(response.statusCode).toBe(410);
    expect(response.body).toContain('<title>This content has been removed · Stance</title>');
    expect(response.body).not.toContain('A secret title');
  });

  it('gives every other page the site description and its own title as og:title', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/topics' })).body;
    expect(metaContent(html, 'name', 'description')).toBe(defaultDescription);
    expect(metaContent(html, 'property', 'og:title')).toBe('All topics · Stance');
    expect(metaContent(html, 'property', 'og:type')).toBe('website');
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary');
    expect(metaContent(html, 'property', 'og:image')).toBeUndefined();
  });
});

describe('/home', () => {
  it('is the front door under another name: a permanent redirect to /, query and all', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/home' });
    expect(plain.statusCode).toBe(301);
    expect(plain.headers.location).toBe('/');
    const withQuery = await t.app.inject({ method: 'GET', url: '/home?ref=newsletter' });
    expect(withQuery.headers.location).toBe('/?ref=newsletter');
  });
});
