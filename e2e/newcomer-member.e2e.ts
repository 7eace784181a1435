import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  dismissCookies,
  isBrowserMissing,
  launchBrowser,
  newVisitor,
  screenshot,
  signUpThroughPanel,
  uniqueAccount,
  type Account,
  waitingForTheApp,
} from './fixtures.ts';

/** The five result bars' percentages as shown in `scope`, e.g. [24, 41, 20, 9, 6]. */
async function shownPercentages(scope: Locator): Promise<number[]> {
  const bars = scope.getByRole('list', { name: 'How people voted' }).getByRole('listitem');
  const texts = await bars.allInnerTexts();
  return texts.map((text) => Number(/(\d+)\s*%/.exec(text)?.[1] ?? Number.NaN));
}

/**
 * WCAG 2.5.3 as checkers (axe's label-content-name-mismatch) read it: the control's text, every
 * text node of it that shows, is in its accessible name, punctuation aside.
 */
async function expectNameToContainVisibleText(control: Locator) {
  const words = (text: string) =>
    text
      .toLocaleLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  const visible = (await control.textContent()) ?? '';
  const name = (await control.getAttribute('aria-label')) ?? visible;
  expect(words(visible).length, 'the control has visible text').toBeGreaterThan(0);
  expect(words(name)).toContain(words(visible));
}

/** The contrast ratio of two `rgb(r, g, b)` colours (WCAG 2). */
function contrastRatio(first: string, second: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = (color.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((part) => {
      const channel = Number(part) / 255;
      return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

/**
 * A newcomer who has just signed up: votes from the For You and topic feeds, finds their way
 * through the avatar menu, and writes in a comment box they can see is focused.
 */
describe.skipIf(isBrowserMissing)('a newcomer who has signed up', () => {
  let browser: Browser;
  let account: Account;
  /** The member's cookies, for pages of other widths. */
  let signedIn: Awaited<ReturnType<BrowserContext['storageState']>>;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** A page of the member's (their session, and the cookie choice already made). */
  async function memberPage(width: number, height: number): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width, height },
      baseURL: baseUrl,
      storageState: signedIn,
    });
    const page = waitingForTheApp(await context.newPage());
    page.on('pageerror', (error) => {
      throw new Error(`The page threw: ${error.message}`);
    });
    return page;
  }

  /** Scrolls the card to the middle of the window, clear of the sticky top bar. */
  async function showCard(card: Locator) {
    await card.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  }

  it('votes from a For You card: results, Update your vote, the count and the opinion page', async () => {
    const page = await newVisitor(browser, 1280, 900);
    await page.goto('/');
    await dismissCookies(page);
    account = uniqueAccount('feedvoter');
    await signUpThroughPanel(page, account);
    signedIn = await page.context().storageState();

    const card = page.locator('main article').first();
    const titleLink = card.getByRole('heading', { level: 2 }).getByRole('link');
    const title = (await titleLink.textContent())!.trim();
    await card.getByRole('button', { name: 'Agree', exact: true }).waitFor();
    const votesText = (count: number) => `${count.toLocaleString('en')} votes`;
    const countText = await card.getByText(/^[\d,]+ votes?$/).innerText();
    const countBefore = Number(countText.split(' ')[0]!.replace(/,/g, ''));
    await showCard(card);
    await screenshot(page, 'newcomer-feed-card-1280');

    // The opinion page's widget, in the card: the chosen button animates, then the bars.
    await card.getByRole('button', { name: 'Agree', exact: true }).click();
    await card.getByRole('button', { name: 'Update your vote' }).waitFor();
    await card.getByText('You voted Agree').waitFor();
    const percentages = await shownPercentages(card);
    expect(percentages).toHaveLength(5);
    expect(percentages.reduce((sum, value) => sum + value, 0)).toBeGreaterThanOrEqual(99);
    expect(percentages[1]).toBeGreaterThan(0);
    await card.getByText(votesText(countBefore + 1)).waitFor();
    await showCard(card);
    await screenshot(page, 'newcomer-feed-card-voted-1280');

    // 'Update your vote' goes back to the buttons, the current vote pressed.
    await card.getByRole('button', { name: 'Update your vote' }).click();
    await expect(
      card.getByRole('button', { name: 'Agree', exact: true }).getAttribute('aria-pressed'),
    ).resolves.toBe('true');
    await card.getByRole('button', { name: 'Strongly Disagree', exact: true }).click();
    await card.getByText('You voted Strongly Disagree').waitFor();
    await expect(card.getByText(votesText(countBefore + 1)).count()).resolves.toBe(1);

    // The server has it: the opinion page shows the member's vote and the results.
    await titleLink.click();
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await page.getByText('You voted Strongly Disagree').waitFor();
    await page.getByRole('button', { name: 'Update your vote' }).waitFor();
    await page.context().close();
  });

  it('votes from a topic card on a narrow screen', async () => {
    const page = await memberPage(375, 812);
    await page.goto('/t/eternals');
    await page.getByRole('heading', { name: 'Eternals', level: 1 }).waitFor();
    const card = page.locator('main article').first();
    await card.getByRole('button', { name: 'Disagree', exact: true }).waitFor();
    // The five buttons stay in one row on a phone, each wide enough for its label.
    const boxes = await card
      .getByRole('group')
      .getByRole('button')
      .evaluateAll((buttons) =>
        buttons.map((button) => ({
          top: button.getBoundingClientRect().top,
          fits: button.scrollWidth <= button.clientWidth,
        })),
      );
    expect(new Set(boxes.map((box) => Math.round(box.top))).size).toBe(1);
    expect(boxes.every((box) => box.fits)).toBe(true);
    await showCard(card);
    await screenshot(page, 'newcomer-feed-card-375');
    await card.getByRole('button', { name: 'Disagree', exact: true }).click();
    await card.getByText('You voted Disagree').waitFor();
    await expect(shownPercentages(card)).resolves.toHaveLength(5);
    await showCard(card);
    await screenshot(page, 'newcomer-feed-card-voted-375');
    await page.context().close();
  });

  it('opens the avatar menu by keyboard and mouse, and logs out from it', async () => {
    for (const [width, height] of [
      [375, 812],
      [1280, 900],
    ] as const) {
      const page = await memberPage(width, height);
      await page.goto('/topics');
      const topBar = page.getByRole('banner');
      const userLink = topBar.getByRole('link', { name: `${account.username}, 0 karma` });
      await expect(userLink.getAttribute('href')).resolves.toBe(`/u/${account.username}`);
      if (width > 760) await expectNameToContainVisibleText(userLink);

      const toggle = topBar.getByRole('button', { name: 'Account menu' });
      await expect(toggle.getAttribute('aria-haspopup')).resolves.toBe('menu');
      await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
      const menu = page.getByRole('menu', { name: 'Account menu' });
      const focusedText = () => page.locator(':focus').textContent();

      // Enter opens at the first item; the arrows move and wrap; Escape closes and returns.
      await toggle.focus();
      await page.keyboard.press('Enter');
      await menu.waitFor();
      await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
      await expect(toggle.getAttribute('aria-controls')).resolves.toBe(
        await menu.getAttribute('id'),
      );
      const items = menu.getByRole('menuitem');
      await expect(items.allInnerTexts()).resolves.toEqual([
        'Profile',
        'Settings',
        'Opinion DNA',
        'Changes of mind',
        'Log out',
      ]);
      await expect(
        items.evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
      ).resolves.toEqual([
        `/u/${account.username}`,
        '/app/settings',
        '/reports/my-opinion-dna',
        '/app/history',
        '/logout',
      ]);
      await expect(focusedText()).resolves.toBe('Profile');
      await page.keyboard.press('ArrowDown');
      await expect(focusedText()).resolves.toBe('Settings');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      await expect(focusedText()).resolves.toBe('Log out');
      await page.keyboard.press('Home');
      await expect(focusedText()).resolves.toBe('Profile');
      await screenshot(page, `newcomer-avatar-menu-${width}`);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      await expect(page.locator(':focus').getAttribute('aria-label')).resolves.toBe('Account menu');
      await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');

      // Space and ArrowDown open it too; ArrowUp opens at the last item.
      await page.keyboard.press(' ');
      await menu.waitFor();
      await expect(focusedText()).resolves.toBe('Profile');
      await page.keyboard.press('Escape');
      await page.keyboard.press('ArrowUp');
      await expect(focusedText()).resolves.toBe('Log out');
      await page.keyboard.press('Escape');
      await page.keyboard.press('ArrowDown');
      await menu.waitFor();

      // A click elsewhere closes it; a click on an item follows it.
      await page
        .getByRole('heading', { name: 'All topics', level: 1 })
        .click({ position: { x: 4, y: 4 } });
      await menu.waitFor({ state: 'hidden' });
      await toggle.click();
      await menu.getByRole('menuitem', { name: 'Opinion DNA' }).click();
      await page.waitForURL('**/reports/my-opinion-dna');
      await menu.waitFor({ state: 'hidden' });
      await page.context().close();
    }

    const page = await memberPage(1280, 900);
    await page.goto('/topics');
    await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Log in', exact: true }).waitFor();
    await page.context().close();
  });

  it("shows a clear focus ring on the comment box, and names 'Good point' by its text", async () => {
    const page = await newVisitor(browser, 1280, 900);
    await page.goto('/');
    await dismissCookies(page);
    await signUpThroughPanel(page, uniqueAccount('commenter'));
    await page.goto('/suggest');
    const box = page.getByRole('textbox', { name: 'Your suggestion' });
    await box.focus();
    const ring = await box.evaluate((element) => {
      const view = element.ownerDocument.defaultView;
      const style = view.getComputedStyle(element);
      const card = view.getComputedStyle(element.closest('section') ?? element.ownerDocument.body);
      return {
        style: style.outlineStyle,
        width: parseFloat(style.outlineWidth),
        color: style.outlineColor,
        background: card.backgroundColor,
      };
    });
    expect(ring.style).toBe('solid');
    expect(ring.width).toBeGreaterThanOrEqual(2);
    expect(contrastRatio(ring.color, ring.background)).toBeGreaterThanOrEqual(3);
    await box.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'newcomer-comment-box-focus-1280');

    const goodPoint = page.getByRole('button', { name: /^Good point/ }).first();
    await goodPoint.waitFor();
    await expectNameToContainVisibleText(goodPoint);
    await page.context().close();
  });
});
