import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isBrowserMissing,
  launchBrowser,
  newVisitor,
  screenshot,
  signUpThroughPanel,
  uniqueAccount,
  signInAsAdmin,
  dismissCookies,
} from './fixtures.ts';

const voteLabels = ['Strongly Agree', 'Agree', 'Neutral', 'Disagree', 'Strongly Disagree'];

/** The five result bars' percentages as shown, e.g. [24, 41, 20, 9, 6]. */
async function shownPercentages(page: Page): Promise<number[]> {
  const bars = page.getByRole('list', { name: 'How people voted' }).getByRole('listitem');
  const texts = await bars.allInnerTexts();
  return texts.map((text) => Number(/(\d+)\s*%/.exec(text)?.[1] ?? Number.NaN));
}

/**
 * Issue 4's journey: a visitor's vote sends them to signup; as a member they vote, see the bars,
 * change their vote; a member allowed to create opinions publishes one under a new topic and
 * finds it through the top-bar search.
 */
describe.skipIf(isBrowserMissing)('opinions and votes', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sends a visitor who votes to signup, then records, shows and changes their vote', async () => {
    const page = await newVisitor(browser);
    await page.goto('/');
    await dismissCookies(page);
    const first = page.locator('main article a[href^="/o/"]').first();
    const title = (await first.textContent())!.trim();
    await first.click();
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();

    // A visitor's vote opens signup and casts nothing.
    await page.getByRole('button', { name: 'Agree', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Sign up to vote').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect(page.getByRole('list', { name: 'How people voted' }).count()).resolves.toBe(0);

    const account = uniqueAccount('voter');
    await signUpThroughPanel(page, account);
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    const voteCount = page.getByRole('main').locator('article dd').first();
    const votesBefore = await voteCount.textContent();

    // Vote: the chosen button animates, then the bars show with 'Update your vote'.
    await page.getByRole('button', { name: 'Agree', exact: true }).click();
    await page.getByRole('button', { name: 'Update your vote' }).waitFor();
    await page.getByText('You voted Agree').waitFor();
    const afterVote = await shownPercentages(page);
    expect(afterVote).toHaveLength(5);
    expect(afterVote.reduce((sum, value) => sum + value, 0)).toBeGreaterThanOrEqual(99);
    expect(afterVote[1]).toBeGreaterThan(0);
    await expect(voteCount.textContent()).resolves.not.toBe(votesBefore);
    await screenshot(page, 'opinion-voted');

    // Change the vote: back to the buttons, choose again, new bars.
    await page.getByRole('button', { name: 'Update your vote' }).click();
    for (const label of voteLabels) {
      await page.getByRole('button', { name: label, exact: true }).waitFor();
    }
    await expect(
      page.getByRole('button', { name: 'Agree', exact: true }).getAttribute('aria-pressed'),
    ).resolves.toBe('true');
    await page.getByRole('button', { name: 'Strongly Disagree', exact: true }).click();
    await page.getByText('You voted Strongly Disagree').waitFor();

    // The vote is the server's, not only the page's.
    await page.reload();
    await page.getByText('You voted Strongly Disagree').waitFor();
    const afterReload = await shownPercentages(page);
    expect(afterReload[4]).toBeGreaterThan(0);
    await page.context().close();
  });

  it('lets a member allowed to create opinions publish one under a new topic, then find it', async () => {
    const page = await newVisitor(browser);
    await page.goto('/');
    await dismissCookies(page);
    await signInAsAdmin(page);

    const stamp = Date.now().toString(36);
    const opinionTitle = `Urban beekeeping ${stamp} should be encouraged in every city`;
    const topicTitle = `Beekeeping ${stamp}`;
    await page.getByRole('button', { name: 'New opinion' }).click();
    const dialog = page.getByRole('dialog', { name: 'New opinion' });
    await dialog.getByLabel('Opinion', { exact: true }).fill(opinionTitle);
    const topics = dialog.getByLabel('Topics', { exact: true });
    await topics.fill(topicTitle);

    // The form refuses to be sent while the topic search has text.
    await dialog.getByRole('button', { name: 'Publish opinion' }).click();
    await dialog
      .getByText('Please choose an existing topic, create a new one or clear the topics field.')
      .waitFor();

    await dialog.getByRole('button', { name: `Create topic “${topicTitle}”` }).click();
    await dialog
      .getByRole('list', { name: 'Chosen topics' })
      .getByText(topicTitle, { exact: true })
      .waitFor();
    await expect(topics.inputValue()).resolves.toBe('');
    await screenshot(page, 'new-opinion-modal');
    await dialog.getByRole('button', { name: 'Publish opinion' }).click();

    await page.waitForURL(`**/o/urban-beekeeping-${stamp}-should-be-encouraged-in-every-city`);
    await page.getByRole('heading', { name: opinionTitle, level: 1 }).waitFor();
    await page.getByRole('main').getByRole('link', { name: topicTitle }).waitFor();

    // Found through the top bar's search, labelled as an opinion.
    await page.goto('/');
    const search = page.getByPlaceholder('Search Stance');
    await search.fill(`beekeeping ${stamp}`);
    const results = page.getByRole('listbox', { name: 'Search results' });
    const found = results.getByRole('option', { name: new RegExp(opinionTitle) });
    await found.waitFor();
    await expect(found.textContent()).resolves.toMatch(/^Opinion/);
    await results.getByRole('option', { name: new RegExp(`^Topic\\s*${topicTitle}$`) }).waitFor();
    await screenshot(page, 'search-new-opinion');
    await found.click();
    await page.getByRole('heading', { name: opinionTitle, level: 1 }).waitFor();

    // Staff can delete it (after the confirmation of docs/product/behaviour.md#opinion-form):
    // visitors then read that it was removed.
    const confirmation = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      }),
    );
    await page.getByRole('button', { name: 'Delete opinion' }).click();
    await expect(confirmation).resolves.toBe('Delete opinion?');
    await page.getByRole('main').getByText('Deleted', { exact: true }).waitFor();
    const visitor = await newVisitor(browser);
    const removed = await visitor.goto(page.url());
    expect(removed!.status()).toBe(410);
    await visitor.getByText('This content has been removed').first().waitFor();
    await visitor.context().close();
    await page.getByRole('button', { name: 'Restore opinion' }).click();
    await page.getByRole('button', { name: 'Delete opinion' }).waitFor();
    await page.context().close();
  });
});
