import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, isBrowserMissing, launchBrowser, newVisitor } from './fixtures.ts';

/**
 * One UI (docs/decisions/085): every public page is the web app rendered on the server. Read with
 * JavaScript off, each shows its main content; with it on, the app hydrates the server's markup:
 * no hydration error, and no element the server sent inside #root is replaced while it loads.
 */

type PublicPage = { path: string; /** Text the page's main content shows. */ shows: string[] };

async function apiBody<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify({ body }),
  });
  return ((await response.json()) as { body: T }).body;
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
    { path: '/', shows: [feed.Opinions[0]!.Title, feed.Opinions[1]!.Title] },
    { path: `/o/${opinion.Slug}`, shows: [opinion.Title] },
    { path: '/t/culture-wars', shows: ['Culture wars'] },
    { path: `/u/${member}`, shows: [member] },
    { path: '/not-a-page', shows: ['Not found'] },
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

  it('shows every public page’s main content with JavaScript off', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseUrl });
    const page = await context.newPage();
    for (const { path, shows } of pages) {
      await page.goto(path);
      const main = page.locator('main');
      for (const text of shows) {
        await expect.soft(main, `${path} shows “${text}”`).toContainText(text);
      }
    }
    await context.close();
  });

  it('hydrates every public page without a mismatch or a replaced element', async () => {
    for (const { path } of pages) {
      const page = await newVisitor(browser);
      expect.soft(await hydrationProblems(page, path), path).toEqual([]);
      await page.context().close();
    }
  });
});
