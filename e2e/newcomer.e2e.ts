import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dismissCookies,
  isBrowserMissing,
  launchBrowser,
  newVisitor,
  screenshot,
} from './fixtures.ts';

/** A newcomer on a fresh install: the feed, a topic, an opinion, the topics page, the modals. */
describe.skipIf(isBrowserMissing)('a newcomer visits Stance', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sees a living feed with the top bar, sidebars and real opinions', async () => {
    const page = await newVisitor(browser);
    await page.goto('/');
    await expect(page.title()).resolves.toBe('Stance · the encyclopedia of opinion');
    const topBar = page.getByRole('banner');
    await topBar.getByPlaceholder('Search Stance').waitFor();
    await topBar.getByRole('button', { name: 'Log in' }).waitFor();
    await topBar.getByRole('button', { name: 'Sign up' }).waitFor();
    const feedLinks = page.locator('main a[href^="/o/"]');
    await feedLinks.nth(9).waitFor();
    expect(await feedLinks.count()).toBeGreaterThanOrEqual(10);
    await page.getByText('Trending', { exact: true }).waitFor();
    await page.getByText('Top contributors', { exact: true }).waitFor();
    await screenshot(page, 'feed-desktop');
    await page.context().close();
  });

  it('pages through the feed to the end card', async () => {
    const page = await newVisitor(browser);
    await page.goto('/');
    await dismissCookies(page);
    const endCard = page.getByText("That's all we got! (for now)");
    // Ten pages of twenty, fetched at most once per 2 s, by the button or the scroll trigger.
    for (let i = 0; i < 40 && !(await endCard.isVisible()); i++) {
      const loadMore = page.getByRole('button', { name: 'Load more' });
      // The button may vanish while a page loads; the scroll trigger covers that case.
      if (await loadMore.isVisible()) await loadMore.click({ timeout: 2000 }).catch(() => {});
      await page.mouse.wheel(0, 20_000);
      await page.waitForTimeout(1000);
    }
    await endCard.waitFor();
    await page.getByText("Can you believe it! You've voted on everything!").waitFor();
    // Each card once: the opinions the cards link to are all different.
    const hrefs = await page
      .locator('main article')
      .evaluateAll((cards) =>
        cards.map((card) => card.querySelector('a[href^="/o/"]')?.getAttribute('href')),
      );
    expect(new Set(hrefs).size).toBe(hrefs.length);
    expect(hrefs.length).toBeGreaterThanOrEqual(150);
    await page.context().close();
  });

  it('moves the sidebar cards into the feed on a narrow screen', async () => {
    const page = await newVisitor(browser, 375, 812);
    await page.goto('/');
    await dismissCookies(page);
    await page.locator('main a[href^="/o/"]').first().waitFor();
    // Stats lead the feed; the right sidebar is gone.
    const stats = page.getByText('Stats', { exact: true });
    await stats.waitFor();
    const statsBox = await stats.boundingBox();
    const firstOpinion = await page.locator('main a[href^="/o/"]').first().boundingBox();
    expect(statsBox!.y).toBeLessThan(firstOpinion!.y);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Menu' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('navigation', { name: 'Menu' }).waitFor({ state: 'hidden' });
    await screenshot(page, 'feed-375');
    await page.context().close();
  });

  it('opens a topic from the topics page and reads its intro', async () => {
    const page = await newVisitor(browser);
    await page.goto('/topics');
    await dismissCookies(page);
    await page.getByRole('heading', { name: 'E', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Eternals' }).first().click();
    await page.waitForURL('**/t/eternals');
    await page.getByRole('heading', { name: 'Eternals', level: 1 }).waitFor();
    await page.getByText(/argued about for millennia/).waitFor();
    await expect(page.title()).resolves.toBe('Eternals · Stance');
    await page.context().close();
  });

  it('reads an opinion, and a vote while logged out opens signup instead of voting', async () => {
    const page = await newVisitor(browser);
    await page.goto('/');
    await dismissCookies(page);
    const first = page.locator('main article a[href^="/o/"]').first();
    const title = (await first.textContent())!.trim();
    await first.click();
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await expect(page.title()).resolves.toBe(`${title} · Stance`);
    for (const label of ['Strongly Agree', 'Agree', 'Neutral', 'Disagree', 'Strongly Disagree']) {
      await page.getByRole('button', { name: label, exact: true }).waitFor();
    }
    await page.getByRole('button', { name: 'Strongly Agree', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Sign up to vote').waitFor();
    await screenshot(page, 'signup-modal');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // No vote was cast: the buttons are still there and no result bars are shown.
    await expect(page.getByRole('list', { name: 'How people voted' }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Strongly Agree', exact: true }).waitFor();
    await screenshot(page, 'opinion');
    await page.context().close();
  });

  it('finds an opinion through the top-bar search, labelled by type', async () => {
    const page = await newVisitor(browser);
    await page.goto('/');
    await dismissCookies(page);
    const search = page.getByPlaceholder('Search Stance');
    await search.fill('pi');
    await page.waitForTimeout(700);
    await expect(page.getByRole('list', { name: 'Search results' }).count()).resolves.toBe(0);
    await search.fill('pizza');
    const results = page.getByRole('list', { name: 'Search results' });
    await results.getByText('Opinion').first().waitFor();
    await expect(results.getByRole('link').first().textContent()).resolves.toMatch(/pizza/i);
    await page.keyboard.press('Escape');
    await results.waitFor({ state: 'hidden' });
    await page.context().close();
  });

  it('shows the Not found page for an unknown path and the error text for a missing opinion', async () => {
    const page = await newVisitor(browser);
    const unknown = await page.goto('/no/such/page');
    expect(unknown!.status()).toBe(404);
    await page.getByText('Not found', { exact: true }).first().waitFor();
    const missing = await page.goto('/o/no-such-opinion-here');
    expect(missing!.status()).toBe(404);
    await page.getByText('Not found. The URL you entered may be invalid.').waitFor();
    await page.context().close();
  });

  it('remembers the cookie choice, logs it, and asks again after /cookiereset', async () => {
    const page = await newVisitor(browser);
    await page.goto('/');
    const logged = page.waitForRequest((request) =>
      request.url().endsWith('/api/cookies/logchoice'),
    );
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Cookie settings' }).waitFor();
    await page.getByRole('button', { name: 'Save choices' }).click();
    const request = await logged;
    expect(request.postDataJSON()).toMatchObject({
      body: { loadThirdParty: false, version: expect.any(String) },
    });
    await expect(page.evaluate(() => localStorage.getItem('CookieConsent'))).resolves.toBe('-1');
    await page.reload();
    await page.locator('main a[href^="/o/"]').first().waitFor();
    await expect(page.getByRole('button', { name: 'Accept all' }).count()).resolves.toBe(0);
    await page.goto('/cookiereset');
    await page.getByRole('button', { name: 'Reset my cookie choice' }).click();
    await page.getByRole('button', { name: 'Accept all' }).waitFor();
    await page.getByRole('button', { name: 'Accept all' }).click();
    await expect(page.evaluate(() => localStorage.getItem('CookieConsent'))).resolves.toBe('1');
    await page.context().close();
  });

  it('answers every route of SPEC.md with the app, never a blank page', async () => {
    const page = await newVisitor(browser);
    const paths = [
      '/home',
      '/settings/details',
      '/suggest',
      '/u/demo',
      '/comments/demo',
      '/q/opinion-dna',
      '/contributors',
      '/activity',
      '/reports/my-opinion-dna',
      '/reports/details/bigfive',
      '/reports/details/bigfive/overview',
      '/cookiereset',
      '/emailpref-iframe',
      '/notifications',
      '/questions',
      '/arguments',
      '/signup',
      '/login',
      '/resetpassword/set?t=abc',
      '/tracking/login',
      '/tracking/signup',
      '/not-found',
      '/internal/admin',
      '/encyclopedia',
      '/categories',
      '/privacy',
      '/cookies',
      '/terms-of-service',
      '/app/settings',
      '/article/about-us',
      '/article/rules',
    ];
    for (const path of paths) {
      await page.goto(path);
      await page.locator('main').first().waitFor();
      const text = (await page.locator('main').first().innerText()).trim();
      expect(text.length, path).toBeGreaterThan(5);
    }
    await page.context().close();
  });
});
