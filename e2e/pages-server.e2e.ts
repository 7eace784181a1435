import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageStateElementId } from '../contract/routes.ts';
import { baseUrl, isBrowserMissing, launchBrowser, newVisitor, signInAsAdmin } from './fixtures.ts';

/**
 * What the server sends of the web app rendered with its own components (docs/decisions/085),
 * beyond the public pages' tour in server-rendering.e2e.ts: a hostile title escaped in the head
 * and the body, a removed opinion's 410, an unknown shared result's 404, and the data block
 * holding what the API answers. (What the server does around the render without the build —
 * the page cache, the reader's headers — is tested with a stand-in build in
 * server/plugins/web.render.db.test.ts.)
 */

/** The page's data block: the query cache the server rendered from. */
function sentQueries(html: string): { queryKey: unknown[]; state: { data: unknown } }[] {
  const json = new RegExp(
    `<script type="application/json" id="${pageStateElementId}">([^<]*)</script>`,
  ).exec(html)?.[1];
  if (json === undefined) throw new Error('The page has no data block');
  return (JSON.parse(json) as { queries: { queryKey: unknown[]; state: { data: unknown } }[] })
    .queries;
}

/** Calls the API as the member signed in on the page (its cookies go along). */
async function callAs<T>(page: Page, path: string, body: unknown): Promise<T> {
  const response = await page.request.post(`${baseUrl}${path}`, { data: { body } });
  expect(response.status(), path).toBe(200);
  return ((await response.json()) as { body: T }).body;
}

describe.skipIf(isBrowserMissing)('pages rendered by the server: escaping, statuses, data', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('escapes a hostile title in the head and the body, and answers 410 once the opinion is removed', async () => {
    const admin = await newVisitor(browser);
    await admin.goto('/');
    await signInAsAdmin(admin);
    const stamp = Date.now();
    const title = `A </title><script>alert("$&")</script> title ${stamp}`;
    const saved = await callAs<{ Slug: string; ArtifactID: number }>(admin, '/api/opinion/new', {
      title,
      topics: [],
      id: '',
    });
    const path = `/o/${saved.Slug}`;

    const response = await fetch(`${baseUrl}${path}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const escaped = `A &lt;/title&gt;&lt;script&gt;alert(&quot;$&amp;&quot;)&lt;/script&gt; title ${stamp}`;
    expect(html).toContain(`<title>${escaped} · Stance</title>`);
    expect(html).toContain(`<meta property="og:title" content="${escaped} · Stance"`);
    expect(html).not.toContain('<script>alert');
    const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';
    // Text escapes `<` (a `>` in text is text, written as is or as `&gt;`).
    expect(main).toMatch(/A &lt;\/title(>|&gt;)&lt;script(>|&gt;)alert\(/);

    // Read with JavaScript off, the title is text, whole.
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseUrl });
    const reader = await context.newPage();
    await reader.goto(path);
    expect(await reader.title()).toBe(`${title} · Stance`);
    expect(await reader.locator('main').textContent()).toContain(title);
    await context.close();

    await callAs(admin, '/api/opinion/delete', { opinionID: saved.ArtifactID, deleted: true });
    const removed = await fetch(`${baseUrl}${path}`);
    expect(removed.status).toBe(410);
    const removedHtml = await removed.text();
    expect(removedHtml).toContain('<title>This content has been removed · Stance</title>');
    expect(removedHtml).not.toContain('alert(');
    await admin.context().close();
  });

  it('answers 404 for an unknown opinion, topic, member or shared result', async () => {
    for (const path of [
      '/o/no-such-opinion',
      '/t/no-such-topic',
      '/u/no-such-member-here',
      `/r/${'y'.repeat(24)}`,
      '/r/short',
      '/r/%00',
    ]) {
      const response = await fetch(`${baseUrl}${path}`);
      expect.soft(response.status, path).toBe(404);
      expect.soft(await response.text(), path).toContain('Not found');
    }
  });

  it("titles a member's pages with their name as they spell it, whatever the address's case", async () => {
    const contributors = await (await fetch(`${baseUrl}/api/contributors/get`)).json();
    const name = (contributors as { body: { Contributors: { UsernameCased: string }[] } }).body
      .Contributors[0]!.UsernameCased;
    for (const [path, title] of [
      [`/u/${name.toLowerCase()}`, `Meet ${name}, a contributor to civil discourse`],
      [`/comments/${name.toUpperCase()}`, `Opinion activity for ${name}`],
    ]) {
      const response = await fetch(`${baseUrl}${path}`);
      expect.soft(response.status, path).toBe(200);
      expect.soft(await response.text(), path).toContain(`<title>${title}</title>`);
    }
    expect((await fetch(`${baseUrl}/comments/no-such-member-here`)).status).toBe(404);
  });

  it("holds in the feed's data block what /api/opinion/userfeed answers a visitor", async () => {
    const html = await (await fetch(`${baseUrl}/`)).text();
    const api = await fetch(`${baseUrl}/api/opinion/userfeed`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ body: {} }),
    });
    const answer = ((await api.json()) as { body: unknown }).body;
    const feed = sentQueries(html).find(
      (query) => JSON.stringify(query.queryKey) === JSON.stringify(['feed', 'forYou']),
    );
    expect((feed?.state.data as { pages: unknown[] }).pages[0]).toEqual(answer);
  });
});
