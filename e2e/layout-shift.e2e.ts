import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  isBrowserMissing,
  launchBrowser,
  layoutShiftWhile,
  newVisitor,
} from './fixtures.ts';

/**
 * Cumulative layout shift of a page as it loads: what arrives late (the page's data, the top
 * bar's session, the footer) must have its room reserved; the budget is 0.1.
 */
const layoutShiftOf = (page: Page, path: string) => layoutShiftWhile(page, () => page.goto(path));

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
