import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bandLabel,
  clarityText,
  couldBeText,
  intervalOf,
  readAxis,
  readBand,
  sixteenTypeOf,
} from '../contract/report-readings.ts';
import {
  baseUrl,
  dismissCookies,
  isBrowserMissing,
  launchBrowser,
  layoutShiftWhile,
  newVisitor,
  screenshot,
  signUpThroughPanel,
  subscribeThroughStandIn,
  type Account,
  uniqueAccount,
  waitingForTheApp,
} from './fixtures.ts';

type UserReports = {
  Reports: Record<string, (number | null)[] | null>;
  Completion: Record<string, number>;
  Locked: Record<string, boolean>;
  Uncertainty: Record<string, (number | null)[]>;
  Headlines: Record<string, string>;
};
type Detailed = {
  Entries: { Name: string; IsTotal: boolean; Letters: { Low: string; High: string } | null }[];
  Reports: Record<string, (number | null)[] | null>;
  Uncertainty: (number | null)[] | null;
  Locked: boolean;
  Headline: string | null;
};

/** Answers the first `count` statements of a quiz through the API, as the member (page context). */
async function answerQuiz(page: Page, slug: string, count: number): Promise<number> {
  return page.evaluate(
    async ({ slug, count }) => {
      const quiz = (await (await fetch(`/api/quiz/get?slug=${slug}`)).json()) as {
        body: { Quiz: { OpinionIDs: number[] } };
      };
      const ids = quiz.body.Quiz.OpinionIDs.slice(0, count);
      for (const [index, id] of ids.entries()) {
        const answer = await fetch('/api/opinion/vote', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json' },
          // A spread of ratings, so the scores are not all the middle.
          body: JSON.stringify({ body: { id, rating: ((index * 2) % 5) + 1 } }),
        });
        if (!answer.ok) throw new Error(`vote ${id}: ${answer.status} ${await answer.text()}`);
      }
      return ids.length;
    },
    { slug, count },
  );
}

async function getFromPage<T>(page: Page, url: string): Promise<T> {
  return page.evaluate(async (url) => {
    const answer = (await (await fetch(url)).json()) as { body: unknown };
    return answer.body;
  }, url) as Promise<T>;
}

/** The page's cumulative layout shift while it loads. */
const layoutShiftOf = (page: Page, path: string) => layoutShiftWhile(page, () => page.goto(path));

/**
 * A new member's reports: they answer part of the free Ownership quiz and see their real scores,
 * My Opinion DNA lists every report with its completion, a locked report draws marked samples and
 * its upsell opens the checkout modal, an unknown report is an error; once subscribed, the Opinion
 * DNA core and Sixteen Types show their own scores.
 */
describe.skipIf(isBrowserMissing)('the Opinion DNA reports', () => {
  let browser: Browser;
  let account: Account;
  let signedIn: Awaited<ReturnType<BrowserContext['storageState']>>;

  beforeAll(async () => {
    browser = await launchBrowser();
    const page = await newVisitor(browser, 1280, 900);
    await page.goto('/');
    await dismissCookies(page);
    account = uniqueAccount('reports');
    await signUpThroughPanel(page, account);
    // Ownership asks its 36 statements round-robin over its six elements: 18 answers score each.
    await expect(answerQuiz(page, 'ownership', 18)).resolves.toBe(18);
    await answerQuiz(page, 'fundamentals-sc', 36);
    signedIn = await page.context().storageState();
    await page.context().close();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function memberPage(width: number): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      baseURL: baseUrl,
      storageState: signedIn,
    });
    const page = waitingForTheApp(await context.newPage());
    page.on('pageerror', (error) => {
      throw new Error(`The page threw: ${error.message}`);
    });
    return page;
  }

  for (const width of [1280, 375]) {
    it(`My Opinion DNA lists every report with its completion at ${width} px`, async () => {
      const page = await memberPage(width);
      await page.goto('/reports/my-opinion-dna');
      const api = await getFromPage<UserReports>(page, '/api/reports/getuserreports');
      expect(api.Completion.ownership).toBeGreaterThan(0);

      const main = page.locator('main');
      const ownership = main.getByRole('article', { name: 'Ownership' });
      const progress = ownership.getByRole('progressbar');
      await progress.waitFor();
      await expect(main.getByRole('article').count()).resolves.toBe(15);
      await expect(progress.getAttribute('aria-valuenow')).resolves.toBe(
        String(api.Completion.ownership),
      );
      await ownership.getByText(`${api.Completion.ownership} % answered`).waitFor();
      await expect(
        ownership.getByRole('link', { name: 'Explore Ownership' }).getAttribute('href'),
      ).resolves.toBe('/reports/details/ownership');
      await expect(ownership.getByText('Subscribers', { exact: true }).count()).resolves.toBe(0);
      // Its first score with its band, and the bands its interval reaches beside it.
      const first = api.Reports.ownership![0]!;
      const band = readBand(first, api.Uncertainty.ownership![0]!);
      await ownership.getByText(String(first), { exact: true }).waitFor();
      await ownership.getByText(band.band, { exact: true }).waitFor();
      if (band.couldBe.length > 0) {
        await ownership.getByText(couldBeText(band.couldBe)).waitFor();
      }

      // A locked report says so; an unanswered one offers its quiz, opiniondna's under its slug.
      const bigFive = main.getByRole('article', { name: 'Big Five' });
      await bigFive.getByText('Subscribers', { exact: true }).waitFor();
      const core = main.getByRole('article', { name: 'Opinion DNA Core' });
      await expect(
        core.getByRole('link', { name: 'Take the quiz for Opinion DNA Core' }).getAttribute('href'),
      ).resolves.toBe('/q/opinion-dna');
      await main.getByRole('button', { name: 'Unlock the full Opinion DNA' }).waitFor();
      await screenshot(page, `reports-my-opinion-dna-${width}`);

      // The profile's owner finds the way there, with the core's completion.
      await page.goto(`/u/${account.username}`);
      await page
        .getByRole('link', { name: `Opinion DNA · ${api.Completion.opiniondna} % answered` })
        .waitFor();
      await page.context().close();
    });

    it(`the free Ownership report shows the scores the API computed at ${width} px`, async () => {
      const page = await memberPage(width);
      await page.goto('/reports/details/ownership');
      const api = await getFromPage<Detailed>(page, '/api/reports/getdetailed?name=ownership');
      expect(api.Locked).toBe(false);
      const scores = api.Reports.ownership!;
      expect(scores.filter((score) => score !== null)).toHaveLength(6);

      const card = page.getByRole('region', { name: 'Your Ownership profile' });
      await card.waitFor();
      // Each score with its interval and its band, the other bands the interval reaches beside it.
      for (const [index, entry] of api.Entries.entries()) {
        const score = scores[index]!;
        const halfWidth = api.Uncertainty![index]!;
        const [low, high] = intervalOf(score, halfWidth);
        await card
          .getByRole('img', {
            name: new RegExp(
              `^${entry.Name.replace(/[/]/g, '\\/')}: ${score} out of 100; 90 % interval ${low} to ${high}; ${bandLabel(score, halfWidth)}; `,
            ),
          })
          .waitFor();
      }
      await expect(card.getByText('Sample', { exact: true }).count()).resolves.toBe(0);
      await expect(card.getByText('BALANCED').count()).resolves.toBe(0);
      await card
        .getByText('Percentile appears once 30 other members have this score')
        .first()
        .waitFor();

      await screenshot(page, `reports-ownership-${width}`);

      // The open key: the formula and each statement with its keying and page.
      await card.getByText('How we score this').click();
      const firstStatement = card.locator('details a[href^="/o/"]').first();
      await firstStatement.waitFor();
      await card
        .getByText(/agreeing (raises|lowers)/)
        .first()
        .waitFor();

      // Help tooltips are buttons the keyboard reaches, described by their text.
      const help = card.getByRole('button', { name: `What is ${api.Entries[0]!.Name}?` });
      await help.focus();
      await expect(help.getAttribute('aria-describedby')).resolves.toBeTruthy();
      // The source footer's links open outside, without handing the site a window.opener.
      await page.locator('footer[aria-labelledby] a[rel="noopener noreferrer"]').first().waitFor();
      await page.context().close();
    });

    it(`a locked report shows marked samples and its upsell at ${width} px`, async () => {
      const page = await memberPage(width);
      await page.goto('/reports/details/bigfive');
      const card = page.getByRole('region', { name: 'Big Five: sample card' });
      await card.waitFor();
      await card.getByText('Sample', { exact: true }).waitFor();
      await card.getByText('These are sample values, not yours.').waitFor();
      const bars = card.getByRole('img', { name: /^Sample value, not yours; / });
      await expect(bars.count()).resolves.toBe(5);
      await screenshot(page, `reports-bigfive-locked-${width}`);

      await card.getByRole('button', { name: 'Unlock your Big Five report' }).click();
      await page.getByRole('dialog', { name: 'Unlock your Big Five report' }).waitFor();
      await page.context().close();
    });

    it(`the report pages keep their room while loading at ${width} px`, async () => {
      for (const path of [
        '/reports/my-opinion-dna',
        '/reports/details/ownership',
        '/reports/details/bigfive',
      ]) {
        const page = await memberPage(width);
        const shift = await layoutShiftOf(page, path);
        expect(shift, path).toBeLessThanOrEqual(0.1);
        await page.context().close();
      }
    });

    it(`an unknown report is an error at ${width} px`, async () => {
      const page = await memberPage(width);
      await page.goto('/reports/details/nonsense');
      const alert = page.getByRole('alert');
      await alert.getByText('Not found. The URL you entered may be invalid.').waitFor();
      await alert.getByText('There is no report called “nonsense”.').waitFor();
      await page.context().close();
    });
  }

  it('a subscriber sees their own Opinion DNA core and Sixteen Types', async () => {
    const page = await memberPage(1280);
    await page.goto('/reports/my-opinion-dna');
    await subscribeThroughStandIn(page);
    await page.reload();
    await expect(answerQuiz(page, 'opinion-dna', 144)).resolves.toBe(144);
    await page.reload();
    await page.getByRole('article', { name: 'Big Five' }).getByRole('img').waitFor();
    await expect(
      page.getByRole('button', { name: 'Unlock the full Opinion DNA' }).count(),
    ).resolves.toBe(0);

    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/reports/details/opiniondna');
      const card = page.getByRole('region', { name: 'Your Opinion DNA profile' });
      await card.waitFor();
      for (const group of ['Personality', 'Values', 'Meta-Thinking']) {
        await card.getByRole('heading', { name: group, level: 3 }).waitFor();
      }
      await expect(card.getByRole('img', { name: / out of 100; / }).count()).resolves.toBe(48);
      await expect(card.getByText('Sample', { exact: true }).count()).resolves.toBe(0);
      await screenshot(page, `reports-opiniondna-${width}`);

      // The letters go by the scores, X only at exactly 50, each with how clear it is.
      await page.goto('/reports/details/sixteen');
      const sixteen = page.getByRole('region', { name: 'Your Sixteen Types profile' });
      await sixteen.getByText('Your type').waitFor();
      const api = await getFromPage<Detailed>(page, '/api/reports/getdetailed?name=sixteen');
      const axes = api.Entries.map((entry, index) => ({
        letters: { low: entry.Letters!.Low, high: entry.Letters!.High },
        score: api.Reports.sixteen![index]!,
        halfWidth: api.Uncertainty![index]!,
      }));
      expect(api.Headline).toBe(sixteenTypeOf(axes));
      expect(api.Headline).toMatch(/^[EIX][SNX][TFX][JPX]$/);
      await sixteen.getByText(api.Headline!, { exact: true }).waitFor();
      const letters = sixteen.getByRole('list', { name: 'Your letters and how clear each one is' });
      for (const [index, axis] of axes.entries()) {
        const reading = readAxis(axis.letters, axis.score, axis.halfWidth);
        const item = letters.getByRole('listitem').nth(index);
        await expect(item.innerText()).resolves.toContain(reading.letter);
        if (reading.clarity !== 'even') {
          await expect(item.innerText()).resolves.toContain(clarityText(reading));
        }
      }
      await screenshot(page, `reports-sixteen-${width}`);

      // My Opinion DNA's row says the same letters.
      if (width === 1280) {
        await page.goto('/reports/my-opinion-dna');
        const row = page.getByRole('article', { name: 'Sixteen Types' });
        await row.getByText(api.Headline!, { exact: true }).waitFor();
        const listed = await getFromPage<UserReports>(page, '/api/reports/getuserreports');
        expect(listed.Headlines.sixteen).toBe(api.Headline);
      }
    }
    await page.context().close();
  });
});
