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
    await topBar.getByRole('link', { name: 'Log in' }).waitFor();
    await topBar.getByRole('link', { name: 'Sign up' }).waitFor();
    const feedLinks = page.locator('main a[href^="/o/"]');
    await feedLinks.nth(9).waitFor();
    expect(await feedLinks.count()).toBeGreaterThanOrEqual(10);
    // Both layouts are in the page (docs/decisions/085): the wide one's sidebar shows.
    await page.getByText('Trending', { exact: true }).filter({ visible: true }).waitFor();
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
      // A link to the next page (read without JavaScript); with it, the page is added below.
      const loadMore = page.getByRole('link', { name: 'Load more' });
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

  it('moves the sidebar cards into the feed on a narrow screen, the first opinion in sight', async () => {
    const page = await newVisitor(browser, 375, 667);
    await page.goto('/');
    await page.locator('main a[href^="/o/"]').first().waitFor();
    // The cookie banner is a compact sheet on a phone: the first opinion's title shows above it
    // on the first screen, and the three choices are all there (docs/decisions/066).
    const banner = page.getByRole('dialog', { name: 'Cookies on Stance' });
    const bannerBox = (await banner.boundingBox())!;
    const firstTitle = (await page.locator('main article a[href^="/o/"]').first().boundingBox())!;
    expect(firstTitle.y + firstTitle.height).toBeLessThanOrEqual(bannerBox.y);
    expect(bannerBox.height).toBeLessThanOrEqual(667 / 4);
    for (const name of ['Settings', 'Essential only', 'Accept all']) {
      await banner.getByRole('button', { name }).waitFor();
    }
    await screenshot(page, 'feed-375-cookies');
    await dismissCookies(page);
    // Stats lead the feed; the right sidebar is gone.
    const stats = page.getByText('Stats', { exact: true }).filter({ visible: true });
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

  it('finds an opinion through the top-bar search, a combobox labelled by type', async () => {
    const page = await newVisitor(browser);
    await page.goto('/');
    await dismissCookies(page);
    const search = page.getByRole('combobox', { name: 'Search Stance' });
    await expect(search.getAttribute('placeholder')).resolves.toBe('Search Stance');
    await expect(search.getAttribute('aria-expanded')).resolves.toBe('false');
    await search.fill('pi');
    await page.waitForTimeout(700);
    await expect(page.getByRole('listbox', { name: 'Search results' }).count()).resolves.toBe(0);
    await search.fill('school');
    const results = page.getByRole('listbox', { name: 'Search results' });
    await results.getByRole('option').nth(1).waitFor();
    await expect(results.getByRole('option').first().textContent()).resolves.toMatch(
      /^Opinion.*school/i,
    );
    // The ARIA combobox pattern: the box controls the listbox and stays focused while the arrows
    // move the active option.
    await expect(search.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(search.getAttribute('aria-controls')).resolves.toBe(
      await results.getAttribute('id'),
    );
    await expect(search.getAttribute('aria-activedescendant')).resolves.toBeNull();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const second = results.getByRole('option').nth(1);
    await expect(search.getAttribute('aria-activedescendant')).resolves.toBe(
      await second.getAttribute('id'),
    );
    await expect(second.getAttribute('aria-selected')).resolves.toBe('true');
    await expect(results.getByRole('option').first().getAttribute('aria-selected')).resolves.toBe(
      'false',
    );
    await expect(page.locator(':focus').getAttribute('role')).resolves.toBe('combobox');
    await page.keyboard.press('ArrowUp');
    await expect(search.getAttribute('aria-activedescendant')).resolves.toBe(
      await results.getByRole('option').first().getAttribute('id'),
    );
    await page.keyboard.press('Escape');
    await results.waitFor({ state: 'hidden' });
    // Opened again, the box has no active option; Enter follows the one the arrows chose.
    await search.focus();
    await results.waitFor();
    await expect(search.getAttribute('aria-activedescendant')).resolves.toBeNull();
    await page.keyboard.press('ArrowDown');
    const href = await results.getByRole('option').first().getAttribute('href');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**${href}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.context().close();
  });

  it('opens the results page with Enter, typed results a page at a time', async () => {
    const page = await newVisitor(browser, 1280, 800);
    await page.goto('/');
    await dismissCookies(page);
    const search = page.getByRole('combobox', { name: 'Search Stance' });
    await search.fill('should');
    await page
      .getByRole('listbox', { name: 'Search results' })
      .getByRole('option')
      .first()
      .waitFor();
    // No suggestion highlighted: Enter opens the results page for the text.
    await page.keyboard.press('Enter');
    await page.waitForURL('**/search?q=should');
    await page.getByRole('heading', { name: 'Results for “should”', level: 1 }).waitFor();
    await expect(page.title()).resolves.toBe('“should” · Search · Stance');
    const results = page.getByRole('list', { name: 'Results for “should”' }).getByRole('listitem');
    await results.nth(19).waitFor();
    await expect(results.count()).resolves.toBe(20);
    const labels = await results.evaluateAll((items) =>
      items.map((item) => item.firstElementChild?.textContent ?? ''),
    );
    expect(
      labels.every((label) => /^(Question|Position|Argument|Opinion|Topic|Person)$/.test(label)),
    ).toBe(true);
    await screenshot(page, 'search-results-desktop');
    // More results is a real link to the next page; a click fills it in below.
    const more = page.getByRole('link', { name: 'More results' });
    await expect(more.getAttribute('href')).resolves.toMatch(/^\/search\?q=should&after=/);
    await more.click();
    await results.nth(39).waitFor();
    const hrefs = await results.evaluateAll((items) =>
      items.map((item) => item.querySelector('a')?.getAttribute('href')),
    );
    expect(new Set(hrefs).size).toBe(hrefs.length);
    // The keyboard goes on from the first new result.
    await expect.poll(() => page.locator(':focus').getAttribute('href')).toBe(hrefs[20]);
    expect(page.url()).toMatch(/\/search\?q=should$/);
    await more.scrollIntoViewIfNeeded();
    await screenshot(page, 'search-results-more-desktop');
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('heading', { level: 1 }).scrollIntoViewIfNeeded();
    await screenshot(page, 'search-results-phone');
    await page.goto('/search?q=quuxblorp');
    await page.getByText('No results for “quuxblorp”.').waitFor();
    await screenshot(page, 'search-empty-phone');
    await page.goto('/search?q=ab');
    await page.getByText('Type at least 3 characters to search.').waitFor();
    await page.getByRole('heading', { name: 'Search', level: 1 }).waitFor();
    await screenshot(page, 'search-short-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'search-short-desktop');
    await page.goto('/search?q=quuxblorp');
    await page.getByText('No results for “quuxblorp”.').waitFor();
    await screenshot(page, 'search-empty-desktop');
    await page.context().close();
  });

  it('shows the Not found page and the missing opinion, topic and profile under an h1', async () => {
    const page = await newVisitor(browser);
    const unknown = await page.goto('/no/such/page');
    expect(unknown!.status()).toBe(404);
    await page.getByRole('heading', { name: 'Not found', exact: true, level: 1 }).waitFor();
    await dismissCookies(page);
    const missing = await page.goto('/o/no-such-opinion-here');
    expect(missing!.status()).toBe(404);
    const notFoundText = 'Not found. The URL you entered may be invalid.';
    await page.getByRole('heading', { name: notFoundText, level: 1 }).waitFor();
    for (const path of ['/t/no-such-topic-here', '/u/nobody-by-this-name']) {
      await page.goto(path);
      await page.getByRole('heading', { name: notFoundText, level: 1 }).waitFor();
      await expect(page.getByRole('heading', { level: 1 }).count(), path).resolves.toBe(1);
    }
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Not found', level: 1 }).waitFor();
    await screenshot(page, 'newcomer-not-found-375');
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, 'newcomer-not-found-1280');
    await page.context().close();
  });

  it('sends a visitor who votes on a feed card to signup, and casts nothing', async () => {
    const page = await newVisitor(browser);
    await page.goto('/');
    await dismissCookies(page);
    const card = page.locator('main article').first();
    const title = (await card.getByRole('heading', { level: 2 }).textContent())!.trim();
    const votes = card.getByRole('group', { name: `Your vote on “${title}”` });
    for (const label of ['Strongly Agree', 'Agree', 'Neutral', 'Disagree', 'Strongly Disagree']) {
      await votes.getByRole('button', { name: label, exact: true }).waitFor();
    }
    await votes.getByRole('button', { name: 'Neutral', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Sign up to vote').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect(card.getByRole('list', { name: 'How people voted' }).count()).resolves.toBe(0);
    await expect(
      votes.getByRole('button', { name: 'Neutral', exact: true }).getAttribute('aria-pressed'),
    ).resolves.toBe('false');
    await page.context().close();
  });

  it("shows each topic's opinion count on the topics page", async () => {
    const page = await newVisitor(browser, 1280, 900);
    await page.goto('/topics');
    await dismissCookies(page);
    const eternals = page.getByRole('listitem').filter({
      has: page.getByRole('link', { name: 'Eternals', exact: true }),
    });
    const listed = (await eternals.innerText()).match(/([\d,]+) opinions?/);
    expect(listed, 'the topics page gives Eternals a count').not.toBeNull();
    await screenshot(page, 'newcomer-topics-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, 'newcomer-topics-375');
    await eternals.getByRole('link').click();
    await page.waitForURL('**/t/eternals');
    // The same count as the topic's own page.
    await page.getByText(`${listed![1]} opinions ·`).waitFor();
    await page.context().close();
  });

  it('explains each guideline of the suggest page in a sentence', async () => {
    const page = await newVisitor(browser, 1280, 900);
    await page.goto('/suggest');
    const guidelines = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Guidelines' }) })
      .getByRole('listitem');
    await guidelines.first().waitFor();
    const texts = await guidelines.allInnerTexts();
    expect(texts).toHaveLength(10);
    for (const text of texts) {
      expect(text.split(/\s+/).length, text).toBeGreaterThanOrEqual(10);
      expect(text.trim(), text).toMatch(/\.$/);
    }
    expect(texts[1]).toMatch(/^Avoid duplicates\. \S/);
    await dismissCookies(page);
    await screenshot(page, 'newcomer-suggest-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, 'newcomer-suggest-375');
    await page.context().close();
  });

  it("gives the footer this year's copyright, from the year Stance began", async () => {
    const page = await newVisitor(browser);
    await page.goto('/topics');
    const year = new Date().getFullYear();
    const expected = year > 2026 ? `© 2026–${year} Stance` : '© 2026 Stance';
    await page.getByRole('contentinfo').getByText(expected, { exact: true }).waitFor();
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
    // The pressed button is gone with its view: focus moves to the view's heading, and Back
    // returns it to Settings.
    type Focus = { document: { activeElement: { textContent: string | null } | null } };
    const focused = () =>
      page.evaluate(
        () => (globalThis as unknown as Focus).document.activeElement?.textContent ?? '',
      );
    await expect(focused()).resolves.toBe('Cookie settings');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(focused()).resolves.toBe('Settings');
    await page.keyboard.press('Enter');
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

  it('answers each route of docs/product/screens.md with the app, never a blank page', async () => {
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
      '/search?q=climate',
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
      '/article/newsletter',
      '/article/case-examples',
      '/article/opinion-lab',
      '/article/podcast',
      '/article/opinion-selection-guide',
    ];
    for (const path of paths) {
      await page.goto(path);
      await page.locator('main').first().waitFor();
      const text = (await page.locator('main').first().innerText()).trim();
      expect(text.length, path).toBeGreaterThan(5);
      // Not the Not found page (the page's text may quote anything: a demo comment says "isn't
      // here", which the old check for a Not found text matched when it showed on /suggest).
      if (path !== '/not-found') {
        await expect(
          page.getByRole('heading', { name: 'Not found', exact: true }).count(),
          path,
        ).resolves.toBe(0);
      }
    }
    // /home is the front door; the encyclopedia leads into the most-voted opinion.
    await page.goto('/home');
    expect(new URL(page.url()).pathname).toBe('/');
    await page.goto('/encyclopedia');
    const mostVoted = page.getByRole('region', { name: 'Most voted' });
    await mostVoted.getByRole('link').first().click();
    await page.waitForURL(/\/o\//);
    await page.context().close();
  });
});
