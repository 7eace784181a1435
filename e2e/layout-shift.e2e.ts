import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, isBrowserMissing, launchBrowser, newVisitor } from './fixtures.ts';

/**
 * Cumulative layout shift of a page as it loads: what arrives late (the page's data, the top
 * bar's session, the footer) must have its room reserved. The browser's own layout-shift entries
 * are summed, as Lighthouse does for a page load; the budget is 0.1.
 */
async function layoutShiftOf(page: Page, path: string): Promise<number> {
  // As text: the browser's own types (PerformanceObserver's layout-shift entries) are not the
  // test's. Init scripts go through the DevTools protocol, which the page's CSP allows.
  await page.addInitScript({
    content: `
      window.__layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (!entry.hadRecentInput) window.__layoutShift += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    `,
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  // Two frames for the last layout to be reported.
  await page.evaluate(
    'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
  );
  return page.evaluate(() => (globalThis as unknown as { __layoutShift: number }).__layoutShift);
}

describe.skipIf(isBrowserMissing)('layout shift while a page loads', () => {
  let browser: Browser;
  const paths: Record<string, string> = { feed: '/', profile: '/u/FrankieO' };

  beforeAll(async () => {
    browser = await launchBrowser();
    const answer = await fetch(`${baseUrl}/api/opinion/userfeed`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ body: {} }),
    });
    const feed = (await answer.json()) as { body: { Opinions: { Slug: string }[] } };
    paths.opinion = `/o/${feed.body.Opinions[0]!.Slug}`;
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const name of ['feed', 'opinion', 'profile']) {
    for (const [width, height] of [
      [1350, 940],
      [412, 823],
    ] as const) {
      it(`the ${name} page at ${width} px shifts by at most 0.1`, async () => {
        const page = await newVisitor(browser, width, height);
        const shift = await layoutShiftOf(page, paths[name]!);
        expect(shift).toBeLessThanOrEqual(0.1);
        await page.context().close();
      });
    }
  }
});
