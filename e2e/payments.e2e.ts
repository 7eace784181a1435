import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  dismissCookies,
  downloadedBytes,
  isBrowserMissing,
  launchBrowser,
  newVisitor,
  seriousViolations,
  signUpThroughPanel,
  uniqueAccount,
  waitingForTheApp,
} from './fixtures.ts';

/**
 * Paying for the Opinion DNA (docs/decisions/049, 050, 069), in the browser, against the Stripe
 * stand-in global setup starts: a member opens a locked report, its upsell (every buy button says
 * it subscribes, and for how much), cancels Stripe's checkout once and comes back to a calm
 * message, then pays from the Big Five's offer on the stand-in's page, returns to a pending state
 * while the payment is confirmed, and lands back on the Big Five, unlocked. The subscription modal
 * says active with a Manage billing link to Stripe's portal; cancelled there, it says when it ends
 * and resumes; the manual downloads as a PDF. axe finds nothing serious in any modal.
 */

const screenshotDir = path.resolve(import.meta.dirname, 'screenshots');
async function shot(page: Page, name: string) {
  fs.mkdirSync(screenshotDir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({
    path: path.join(screenshotDir, `payments-${name}-${width}.png`),
    animations: 'disabled',
  });
}

/** Answers the first `count` statements of a quiz through the API, as the member. */
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
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ body: { id, rating: ((index * 2) % 5) + 1 } }),
        });
        if (!answer.ok) throw new Error(`vote ${id}: ${answer.status}`);
      }
      return ids.length;
    },
    { slug, count },
  );
}

/** Every buy button's name: what it starts, and its price (docs/decisions/069). */
const subscribe = 'Subscribe for $9.99 a month';

describe.skipIf(isBrowserMissing)('paying for the Opinion DNA', () => {
  let browser: Browser;
  let signedIn: Awaited<ReturnType<BrowserContext['storageState']>>;

  beforeAll(async () => {
    browser = await launchBrowser();
    const page = await newVisitor(browser, 1280, 900);
    await page.goto('/');
    await dismissCookies(page);
    await signUpThroughPanel(page, uniqueAccount('payer'));
    await expect(answerQuiz(page, 'opinion-dna', 144)).resolves.toBe(144);
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
      locale: 'en-US',
    });
    const page = waitingForTheApp(await context.newPage());
    page.on('pageerror', (error) => {
      throw new Error(`The page threw: ${error.message}`);
    });
    return page;
  }

  for (const width of [1280, 390]) {
    it(`a locked report opens its upsell with the content's counts and the price at ${width} px`, async () => {
      const page = await memberPage(width);
      await page.goto('/reports/details/bigfive');
      const card = page.getByRole('region', { name: 'Big Five: sample card' });
      await card.getByRole('button', { name: 'Unlock your Big Five report' }).click();
      const dialog = page.getByRole('dialog', { name: 'Unlock your Big Five report' });
      await dialog.getByText('48 elements of personality', { exact: false }).waitFor();
      await dialog.getByText('13 element reports', { exact: true }).waitFor();
      await dialog.getByText('A 114 page manual', { exact: true }).waitFor();
      await dialog.getByText('$9.99 a month', { exact: true }).waitFor();
      // What the button starts, with its price (docs/decisions/069).
      await dialog.getByRole('button', { name: subscribe }).waitFor();
      expect(await seriousViolations(page, dialog)).toEqual([]);
      await shot(page, 'buy-report');

      // My Opinion DNA's upsell: the same list, and the ebook block's buy button below the rows.
      await page.goto('/reports/my-opinion-dna');
      const ebook = page.getByRole('region', { name: 'The Opinion DNA manual' });
      await ebook.getByRole('button', { name: subscribe }).waitFor();
      await ebook.getByText('It is not sold on its own', { exact: false }).waitFor();
      await expect(page.getByText(/buy the manual/i).count()).resolves.toBe(0);
      await ebook.scrollIntoViewIfNeeded();
      await shot(page, 'ebook-buy');
      await page.getByRole('button', { name: 'Unlock the full Opinion DNA' }).click();
      const upsell = page.getByRole('dialog', { name: 'Unlock your Opinion DNA' });
      await upsell.getByRole('button', { name: subscribe }).waitFor();
      expect(await seriousViolations(page, upsell)).toEqual([]);
      await shot(page, 'checkout');
      await page.context().close();
    });
  }

  it('says payments are not configured instead of a buy button, and shows a checkout error under it', async () => {
    const page = await memberPage(1280);
    // A server without STRIPE_SECRET_KEY answers enabled: false.
    await page.route('**/api/stripe-config', async (route) => {
      const response = await route.fetch();
      const answer = (await response.json()) as { body: Record<string, unknown> };
      await route.fulfill({
        response,
        json: { ...answer, body: { ...answer.body, enabled: false } },
      });
    });
    // The server sends the page with the price it knows: open it from another page, so that the
    // browser asks stripe-config itself.
    await page.goto('/reports/details/bigfive');
    await page.getByRole('link', { name: '← All reports' }).click();
    await page.waitForURL('**/reports/my-opinion-dna');
    await page.getByRole('button', { name: 'Unlock the full Opinion DNA' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unlock your Opinion DNA' });
    await dialog
      .getByText('Payments are not configured on this server', { exact: false })
      .waitFor();
    await expect(dialog.getByRole('button', { name: subscribe }).count()).resolves.toBe(0);
    await shot(page, 'not-configured');
    await page.unrouteAll();

    // Stripe out of reach: the server's message, under the button.
    await page.route('**/api/create-checkout-session', (route) =>
      route.fulfill({
        status: 502,
        json: { success: false, error: 'Stripe could not be reached; please try again shortly' },
      }),
    );
    await page.reload();
    await page.getByRole('button', { name: 'Unlock the full Opinion DNA' }).click();
    await dialog.getByRole('button', { name: subscribe }).click();
    const error = dialog.getByRole('alert');
    await error.getByText('Stripe could not be reached; please try again shortly').waitFor();
    await shot(page, 'checkout-error');
    await page.context().close();
  });

  it('cancels Stripe’s checkout back to a calm message, then pays and lands on the unlocked report', async () => {
    const page = await memberPage(1280);
    await page.goto('/reports/details/opiniondna');
    await page.getByRole('region', { name: 'Opinion DNA: sample card' }).waitFor();
    await page.getByRole('button', { name: 'Unlock your Opinion DNA report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unlock your Opinion DNA Core report' });
    await dialog.getByRole('button', { name: subscribe }).click();

    // The stand-in's checkout page; going back from it changes nothing.
    await page.getByRole('heading', { name: 'Subscribe to Stance' }).waitFor();
    await page.getByRole('link', { name: 'Cancel and go back' }).click();
    await page.waitForURL((url) => url.pathname === '/reports/my-opinion-dna');
    const cancelled = page.getByRole('status').filter({ hasText: 'Checkout cancelled.' });
    await cancelled.getByText('Nothing was charged.', { exact: false }).waitFor();
    await shot(page, 'cancelled');
    await cancelled.getByRole('button', { name: 'Dismiss' }).click();
    // Gone once React has drawn the click: waited for, not counted at once (which raced it).
    await cancelled.waitFor({ state: 'detached' });

    // Stripe is slow to finish the payment: the first two confirmations say not yet.
    let unconfirmed = 2;
    const confirmations: string[] = [];
    await page.route('**/api/checkout-session?*', async (route) => {
      confirmations.push(new URL(route.request().url()).searchParams.get('session_id') ?? '');
      if (unconfirmed > 0) {
        unconfirmed -= 1;
        await route.fulfill({
          json: { success: true, body: { SubscriptionStatus: '', Confirmed: false } },
        });
      } else {
        await route.continue();
      }
    });

    // Paid from the Big Five's offer: back on the Big Five once confirmed.
    await page.goto('/reports/details/bigfive');
    await page.getByRole('button', { name: 'Unlock your Big Five report' }).click();
    const bigFiveOffer = page.getByRole('dialog', { name: 'Unlock your Big Five report' });
    await bigFiveOffer.getByRole('button', { name: subscribe }).click();
    await page.getByRole('heading', { name: 'Subscribe to Stance' }).waitFor();
    await page.getByRole('button', { name: 'Pay' }).click();

    await page.getByRole('heading', { name: 'Confirming your payment…' }).waitFor();
    await page.getByText('Stripe is still processing the payment', { exact: false }).waitFor();
    await shot(page, 'pending');
    // Re-checked by itself, then the report the member paid from, their own.
    await page.waitForURL((url) => url.pathname === '/reports/details/bigfive', {
      timeout: 30_000,
    });
    expect(confirmations).toHaveLength(3);
    expect(new Set(confirmations).size).toBe(1);
    expect(confirmations[0]).toMatch(/^cs_test_/);
    // Unlocked: this member has not answered the Big Five yet, so the card asks for the quiz.
    const bigFive = page.getByRole('region', { name: 'Big Five: sample card' });
    await bigFive.getByRole('link', { name: 'Take the quiz' }).waitFor();
    await expect(
      bigFive.getByRole('button', { name: 'Unlock your Big Five report' }).count(),
    ).resolves.toBe(0);
    await shot(page, 'paid-back-on-report');
    // The return address was replaced: reloading does not confirm again.
    expect(new URL(page.url()).searchParams.get('session_id')).toBeNull();
    await page.goto('/reports/details/opiniondna');
    const card = page.getByRole('region', { name: 'Your Opinion DNA profile' });
    await card.waitFor();
    await expect(card.getByRole('img', { name: / out of 100; / }).count()).resolves.toBe(48);
    await expect(card.getByText('Sample', { exact: true }).count()).resolves.toBe(0);
    await page.context().close();
  });

  for (const width of [1280, 390]) {
    it(`the subscription modal says active, links to billing, and the manual downloads at ${width} px`, async () => {
      const page = await memberPage(width);
      await page.goto('/app/settings');
      await page.getByRole('button', { name: 'Manage subscription' }).click();
      const dialog = page.getByRole('dialog', { name: 'Your subscription' });
      await dialog.getByText('Active', { exact: true }).waitFor();
      await dialog.getByText(/It renews on [A-Z][a-z]+ \d{1,2}, \d{4}\./).waitFor();
      await dialog.getByRole('button', { name: 'Manage billing' }).waitFor();
      await shot(page, 'subscription');
      expect(await seriousViolations(page, dialog)).toEqual([]);

      const download = page.waitForEvent('download');
      await dialog.getByRole('link', { name: 'Download the manual (PDF)' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('stance-opinion-dna-manual.pdf');
      const bytes = await downloadedBytes(file);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(bytes.length).toBeGreaterThan(100_000);

      if (width === 1280) {
        // Manage billing: Stripe's portal, which cancels at the period's end and links back.
        await dialog.getByRole('button', { name: 'Manage billing' }).click();
        await page.waitForURL(/\/p\/session\/bps_/);
        await page.getByRole('button', { name: 'Cancel subscription' }).click();
        await page.waitForURL((url) => url.pathname === '/reports/my-opinion-dna');

        // Cancelled: the panel says when it ends, not that it renews, and offers to resume.
        await page.goto('/app/settings');
        await page.getByRole('button', { name: 'Manage subscription' }).click();
        const ending = page.getByRole('dialog', { name: 'Your subscription' });
        await ending.getByText('Cancelled', { exact: true }).waitFor();
        await ending.getByText(/^Ends on [A-Z][a-z]+ \d{1,2}, \d{4}$/).waitFor();
        await expect(ending.getByText(/renews on/).count()).resolves.toBe(0);
        await shot(page, 'subscription-ending');
        expect(await seriousViolations(page, ending)).toEqual([]);
        await ending.getByRole('button', { name: 'Resume subscription' }).click();
        await ending.getByText(/It renews on [A-Z][a-z]+ \d{1,2}, \d{4}\./).waitFor();
        await ending.getByText('Active', { exact: true }).waitFor();
        await ending.getByRole('button', { name: 'Close' }).click();

        await page.goto('/reports/my-opinion-dna');
        const ebook = page.getByRole('region', { name: 'The Opinion DNA manual' });
        await ebook.getByRole('link', { name: 'Download the manual (PDF)' }).waitFor();
        await ebook.scrollIntoViewIfNeeded();
        await shot(page, 'ebook-download');
        await expect(
          page.getByRole('button', { name: 'Unlock the full Opinion DNA' }).count(),
        ).resolves.toBe(0);
      }
      await page.context().close();
    });
  }

  it('the subscription modal says when a renewal failed, and when the subscription ended', async () => {
    const page = await memberPage(390);
    // What GET /api/subscription answers after invoice.payment_failed, after the end, and while a
    // cancelled subscription runs to the end of its period.
    const answers = [
      { SubscriptionStatus: 'past_due', RenewsAt: '2026-12-26T12:00:00.000Z' },
      { SubscriptionStatus: 'inactive', RenewsAt: '2026-11-26T12:00:00.000Z' },
      {
        SubscriptionStatus: 'active',
        RenewsAt: '2026-12-26T12:00:00.000Z',
        CancelsAtPeriodEnd: true,
      },
    ];
    await page.route('**/api/subscription', (route) =>
      route.fulfill({
        json: {
          success: true,
          body: { CancelsAtPeriodEnd: false, CanManageBilling: true, ...answers.shift() },
        },
      }),
    );
    await page.goto('/app/settings');
    await page.getByRole('button', { name: 'Manage subscription' }).click();
    let dialog = page.getByRole('dialog', { name: 'Your subscription' });
    await dialog.getByText('Payment failed', { exact: true }).waitFor();
    await dialog.getByRole('alert').getByText('Payment failed: update your card.').waitFor();
    await dialog.getByRole('button', { name: 'Update your card' }).waitFor();
    await shot(page, 'subscription-past-due');
    expect(await seriousViolations(page, dialog)).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Manage subscription' }).click();
    dialog = page.getByRole('dialog', { name: 'Your subscription' });
    await dialog.getByText('Ended', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Subscribe again' }).waitFor();
    await shot(page, 'subscription-ended');
    expect(await seriousViolations(page, dialog)).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Manage subscription' }).click();
    dialog = page.getByRole('dialog', { name: 'Your subscription' });
    await dialog.getByText('Cancelled', { exact: true }).waitFor();
    await dialog.getByText('Ends on December 26, 2026', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Resume subscription' }).waitFor();
    await shot(page, 'subscription-ending');
    expect(await seriousViolations(page, dialog)).toEqual([]);
    await page.context().close();
  });

  it('shows the pending state at a phone’s width', async () => {
    const page = await memberPage(390);
    await page.route('**/api/checkout-session?*', (route) =>
      route.fulfill({
        json: { success: true, body: { SubscriptionStatus: '', Confirmed: false } },
      }),
    );
    await page.goto('/reports/my-opinion-dna?session_id=cs_test_pending');
    await page.getByRole('heading', { name: 'Confirming your payment…' }).waitFor();
    await page.getByText('Stripe is still processing the payment', { exact: false }).waitFor();
    await shot(page, 'pending');
    await page.context().close();
  });
});
