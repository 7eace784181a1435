import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, isBrowserMissing, launchBrowser, newVisitor } from './fixtures.ts';

/**
 * One UI (docs/decisions/085): every public page is the web app rendered on the server. Read with
 * JavaScript off, each shows its main content; with it on, the app hydrates the server's markup:
 * no hydration error, and no element the server sent inside #root is replaced while it loads.
 */

type PublicPage = {
  path: string;
  status?: number;
  /** The document's title, in the server's HTML and once the app runs. */
  title: string;
  /** Text the page's main content shows. */
  shows: string[];
  /** Whether the page has a share image (og:image). */
  hasImage?: boolean;
  /** The page's canonical address when not its own (a feed's later page: the feed). */
  canonical?: string;
};

async function apiBody<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify({ body }),
  });
  return ((await response.json()) as { body: T }).body;
}

/** More of the reading pages: the site's lists, the feed's second page and an opinion's report. */
async function moreReadingPages(opinionSlug: string): Promise<PublicPage[]> {
  const firstPage = await apiBody<{ After: string }>('/api/opinion/userfeed', {});
  const secondPage = await apiBody<{ Opinions: { Title: string }[] }>('/api/opinion/userfeed', {
    after: firstPage.After,
  });
  const topics = await apiBody<{ Topics: { Title: string }[] }>('/api/topic/getall');
  const encyclopedia = await apiBody<{ MostVoted: { Title: string }[] }>('/api/encyclopedia/get');
  const activity = await apiBody<{ Activity: { Username: string }[] }>('/api/activity/get');
  const contributors = await apiBody<{ Contributors: { UsernameCased: string }[] }>(
    '/api/contributors/get',
  );
  const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  return [
    {
      // A reader without JavaScript pages through the feed by 'Load more', a link to this.
      path: `/?after=${encodeURIComponent(firstPage.After)}`,
      title: 'Stance · the encyclopedia of opinion',
      shows: [secondPage.Opinions[0]!.Title, 'Load more'],
      canonical: '/',
    },
    {
      path: `/o/${opinionSlug}/report`,
      title: 'Stance',
      shows: ['Access denied'],
    },
    {
      path: '/topics',
      title: 'All topics · Stance',
      shows: ['All topics', capitalized(topics.Topics[0]!.Title)],
    },
    {
      path: '/encyclopedia',
      title: 'Encyclopedia of opinion · Stance',
      shows: ['Most voted', encyclopedia.MostVoted[0]!.Title, 'Topics from A to Z'],
    },
    { path: '/categories', title: 'Categories · Stance', shows: ['Categories', 'All topics'] },
    {
      path: '/contributors',
      title: 'Top contributors · Stance',
      shows: ['Top contributors', contributors.Contributors[0]!.UsernameCased],
    },
    {
      path: '/activity',
      title: 'Latest activity · Stance',
      shows: ['Latest activity', `@${activity.Activity[0]!.Username}`],
    },
  ];
}

/** The demo's public pages, each with text from the API that its first screen must show. */
async function publicPages(): Promise<PublicPage[]> {
  const feed = await apiBody<{ Opinions: { Slug: string; Title: string }[] }>(
    '/api/opinion/userfeed',
    {},
  );
  const opinion = feed.Opinions[0]!;
  const contributors = await apiBody<{ Contributors: { UsernameCased: string }[] }>(
    '/api/contributors/get',
  );
  const member = contributors.Contributors[0]!.UsernameCased;
  return [
    // Reading: the feeds, opinions, topics, and the site's lists.
    {
      path: '/',
      title: 'Stance · the encyclopedia of opinion',
      shows: [feed.Opinions[0]!.Title, feed.Opinions[1]!.Title],
    },
    {
      path: `/o/${opinion.Slug}`,
      title: `${opinion.Title} · Stance`,
      shows: [opinion.Title],
      hasImage: true,
    },
    { path: '/o/no-such-opinion', status: 404, title: 'Not found · Stance', shows: ['Not found'] },
    {
      path: '/t/culture-wars',
      title: 'Culture Wars · Stance',
      shows: ['Culture Wars', 'Where people stand'],
    },
    ...(await moreReadingPages(opinion.Slug)),
    { path: '/not-a-page', status: 404, title: 'Not found · Stance', shows: ['Not found'] },
    // People, questions, search, articles, shared results, quizzes.
    {
      path: `/u/${member}`,
      title: `Meet ${member}, a contributor to civil discourse`,
      shows: [member],
    },
    // Members' and staff's pages, signing up and in: see the members' test below.
  ];
}

/** Before any script runs, remembers #root's elements; then counts those that leave the page. */
const watchServerMarkup = `{
  window.__replaced = [];
  const serverElements = new WeakSet();
  document.addEventListener('readystatechange', () => {
    if (document.readyState !== 'interactive') return;
    const root = document.getElementById('root');
    if (!root) return;
    for (const element of root.querySelectorAll('*')) serverElements.add(element);
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        for (const node of mutation.removedNodes) {
          if (serverElements.has(node)) {
            window.__replaced.push(node.tagName.toLowerCase() + (node.className ? '.' + String(node.className).split(' ').join('.') : ''));
          }
        }
      }
    }).observe(root, { childList: true, subtree: true });
  });
}`;

async function hydrationProblems(page: Page, path: string): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (message) => {
    // A missing page's own 404 is the answer it should get.
    if (message.text().includes('status of 404')) return;
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  await page.addInitScript({ content: watchServerMarkup });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await page.evaluate(
    'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
  );
  const replaced = await page.evaluate(
    () => (globalThis as unknown as { __replaced: string[] }).__replaced,
  );
  return [...problems, ...replaced.map((element) => `replaced: ${element}`)];
}

describe.skipIf(isBrowserMissing)('server rendering: the app on the server, hydrated', () => {
  let browser: Browser;
  let pages: PublicPage[];
  beforeAll(async () => {
    browser = await launchBrowser();
    pages = await publicPages();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sends every public page with its status and head: title, description, canonical, Open Graph', async () => {
    for (const { path, status = 200, title, hasImage = false, canonical = path } of pages) {
      const response = await fetch(`${baseUrl}${path}`);
      const html = await response.text();
      expect.soft(response.status, path).toBe(status);
      const meta = (attribute: string, name: string) =>
        new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`).exec(html)?.[1];
      const decode = (text: string | undefined) =>
        text?.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'");
      expect.soft(decode(/<title>([^<]*)<\/title>/.exec(html)?.[1]), path).toBe(title);
      expect.soft(decode(meta('property', 'og:title')), path).toBe(title);
      expect.soft(meta('name', 'description')?.length, path).toBeGreaterThan(20);
      expect.soft(meta('property', 'og:url'), path).toBe(`${baseUrl}${canonical}`);
      expect.soft(html, path).toContain(`<link rel="canonical" href="${baseUrl}${canonical}"`);
      const image = meta('property', 'og:image');
      expect.soft(image !== undefined, `${path} has an og:image`).toBe(hasImage);
      if (image) expect.soft((await fetch(image)).headers.get('content-type')).toBe('image/png');
    }
  });

  it(
    'shows every public page’s main content with JavaScript off',
    { timeout: 600_000 },
    async () => {
      const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseUrl });
      const page = await context.newPage();
      for (const { path, shows } of pages) {
        await page.goto(path);
        const main = (await page.locator('main').textContent()) ?? '';
        for (const text of shows) expect.soft(main, `${path} shows “${text}”`).toContain(text);
      }
      await context.close();
    },
  );

  // A page at a time, each until its network is idle: minutes on a busy machine.
  it(
    'hydrates every public page without a mismatch or a replaced element',
    { timeout: 600_000 },
    async () => {
      for (const { path, title } of pages) {
        const page = await newVisitor(browser);
        expect.soft(await hydrationProblems(page, path), path).toEqual([]);
        expect.soft(await page.title(), path).toBe(title);
        await page.context().close();
      }
    },
  );
});
