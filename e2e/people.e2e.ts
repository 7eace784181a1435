import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isBrowserMissing,
  launchBrowser,
  newVisitor,
  signUpThroughPanel,
  uniqueAccount,
} from './fixtures.ts';

/**
 * People (issue 6): a member fills in personal details and a profile, comments, finds the comment
 * in their history and on /activity, and sees their grid and first-comment award; a visitor looks
 * at a busy demo profile on a wide and a narrow screen.
 */

const screenshotDir = path.resolve(import.meta.dirname, 'screenshots');

async function fullPageScreenshot(page: Page, name: string) {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

async function dismissCookies(page: Page) {
  await page.getByRole('button', { name: 'Essential only' }).click();
}

/** The demo member with the most karma, read the way the contributors page reads it. */
async function busiestDemoMember(page: Page): Promise<string> {
  const response = await page.request.get('/api/contributors/get');
  const answer = (await response.json()) as { body: { Contributors: { UsernameCased: string }[] } };
  return answer.body.Contributors[0]!.UsernameCased;
}

describe.skipIf(isBrowserMissing)('people: profiles, history, activity, personal details', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a member fills in their details, comments, and finds it in their history, on /activity and on their profile', async () => {
    const page = await newVisitor(browser);
    const account = uniqueAccount('people');
    await page.goto('/');
    await dismissCookies(page);
    await signUpThroughPanel(page, account);

    // Personal details: every field optional, consent required to save.
    await page.goto('/settings/details');
    await page.getByRole('heading', { name: 'Personal details', level: 1 }).waitFor();
    const form = page.locator('form');
    await form.getByLabel('Gender').selectOption({ label: 'Other' });
    await form.getByLabel('Year of birth').selectOption('1990');
    await form.getByLabel('Nationality').selectOption({ label: 'United Kingdom' });
    await form.getByLabel('Education').selectOption({ label: 'PhD' });
    await form.getByLabel('Children').selectOption({ label: '2' });
    await form.getByRole('radio', { name: 'Moderate Left' }).check();
    await form.getByRole('button', { name: 'Save personal details' }).click();
    await form.getByRole('alert').getByText('Please tick the consent box').waitFor();
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Save personal details' }).click();
    await form.getByText('Your personal details are saved.').waitFor();
    await page.reload();
    await expect(page.locator('form').getByLabel('Education').inputValue()).resolves.toBe('70');
    await expect(page.locator('form').getByLabel('Nationality').inputValue()).resolves.toBe('gb');
    await expect(
      page.locator('form').getByRole('radio', { name: 'Moderate Left' }).isChecked(),
    ).resolves.toBe(true);
    await expect(page.locator('form').getByLabel('Religion').inputValue()).resolves.toBe('');

    // The owner's profile texts.
    await page.goto('/app/settings');
    await page.getByLabel('Full name').fill('People Journey');
    await page.getByLabel('Bio').fill('I came to argue about cities.');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Your profile is saved.').waitFor();

    // A comment on an opinion from the feed.
    await page.goto('/');
    const opinionLink = page.locator('main a[href^="/o/"]').first();
    await opinionLink.waitFor();
    const opinionPath = (await opinionLink.getAttribute('href'))!;
    await page.goto(opinionPath);
    const opinionTitle = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
    const argument = `Cities work best when people can walk them, ${account.username}.`;
    // The argument form is the conversation feature's: found by its Side select, not its wording.
    const commentForm = page.locator('form').filter({ has: page.getByLabel('Side') });
    await commentForm.locator('textarea').fill(argument);
    await commentForm.getByLabel('Side').selectOption({ label: 'For' });
    await commentForm.locator('button[type=submit]').click();
    await page.getByText(argument).first().waitFor();

    // The comments history: the comment with its opinion, linking to the comment.
    await page.goto(`/comments/${account.username}`);
    await expect(page.title()).resolves.toBe(`Opinion activity for ${account.username}`);
    await page.getByText(argument).waitFor();
    const historyLink = page.getByRole('link', { name: opinionTitle, exact: true });
    expect(await historyLink.getAttribute('href')).toMatch(
      new RegExp(`^${opinionPath}#comment-\\d+$`),
    );

    // Latest activity: the newest row is this comment, the title cut at 70 characters.
    await page.goto('/activity');
    const firstRow = page.locator('main li').first();
    await firstRow.getByRole('link', { name: `@${account.username}` }).waitFor();
    const shownTitle =
      opinionTitle.length <= 70 ? opinionTitle : `${opinionTitle.slice(0, 70).trimEnd()}…`;
    expect(await firstRow.innerText()).toContain(
      `@${account.username} made a comment on ${shownTitle}`,
    );
    await firstRow.getByRole('link', { name: shownTitle }).click();
    await page.waitForURL(new RegExp(`${opinionPath}#comment-\\d+$`));

    // The profile: details, the grid with today's contribution, the first-comment award.
    await page.goto(`/u/${account.username}`);
    await expect(page.title()).resolves.toBe(
      `Meet ${account.username}, a contributor to civil discourse`,
    );
    await page.getByText('People Journey').waitFor();
    await page.getByText('I came to argue about cities.').waitFor();
    const grid = page.getByRole('img', { name: /contributions? in the last \d+ weeks/ });
    await grid.waitFor();
    expect(await grid.getAttribute('aria-label')).toMatch(/^1 contribution in the last/);
    expect(await grid.getAttribute('aria-label')).toMatch(/Longest streak: 1 day\./);
    const box = await grid.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(270 - 28);
    await page.getByRole('listitem').filter({ hasText: 'First comment (earned)' }).waitFor();
    const accountLinks = page.getByRole('navigation', { name: 'Your account' });
    for (const name of ['Settings', 'Personal details', 'Opinion DNA', 'Log out']) {
      await accountLinks.getByRole('link', { name }).waitFor();
    }

    // The Milestone notification arrives once, through the jobs worker.
    let notices = 0;
    for (let attempt = 0; attempt < 20 && notices === 0; attempt++) {
      await page.goto('/notifications');
      await page.waitForTimeout(500);
      notices = await page.getByText('First comment', { exact: true }).count();
    }
    expect(notices).toBe(1);
    await page.context().close();
  });

  it('a visitor sees a busy demo profile, without owner controls, at desktop and 375 px', async () => {
    const page = await newVisitor(browser, 1400, 900);
    await page.goto('/');
    await dismissCookies(page);
    const username = await busiestDemoMember(page);
    await page.goto(`/u/${username}`);
    await page.getByRole('heading', { name: username, level: 1 }).waitFor();
    const wideGrid = page.getByRole('img', { name: /contributions in the last \d+ weeks/ });
    await wideGrid.waitFor();
    const wideWeeks = Number(
      /in the last (\d+) weeks/.exec((await wideGrid.getAttribute('aria-label'))!)![1],
    );
    expect(wideWeeks).toBeGreaterThanOrEqual(40);
    expect(await page.getByRole('navigation', { name: 'Your account' }).count()).toBe(0);
    // Karma in the locale's format (the demo's busiest member has over a thousand).
    await page
      .getByText(/^\d{1,3}(,\d{3})+$/)
      .first()
      .waitFor();
    await fullPageScreenshot(page, 'profile-desktop');

    await page.setViewportSize({ width: 375, height: 800 });
    const narrowGrid = page.getByRole('img', { name: /contributions? in the last \d+ weeks/ });
    await expect
      .poll(async () => (await narrowGrid.getAttribute('aria-label')) ?? '')
      .toMatch(/in the last (1[7-9]|2\d) weeks/);
    const hasHorizontalScroll = await page.evaluate(
      'document.documentElement.scrollWidth > document.documentElement.clientWidth',
    );
    expect(hasHorizontalScroll).toBe(false);
    await fullPageScreenshot(page, 'profile-375');

    await page.goto(`/comments/${username}`);
    await page.getByRole('article').first().waitFor();
    await page.goto('/comments/nobody-by-this-name');
    await page.getByText('User not found').waitFor();
    await page.goto('/u/nobody-by-this-name');
    await page.getByText('Not found. The URL you entered may be invalid.').waitFor();
    await page.context().close();
  });
});
