import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type Download,
  type Locator,
  type Page,
  type Response,
} from 'playwright-core';
import { inject } from 'vitest';
import { chromiumLaunchOptions } from '../scripts/chromium.ts';

export const chromiumPath = inject('chromiumPath');
/**
 * This file's server: its worker's lane (e2e/global-setup.ts). A worker runs one file at a time
 * and VITEST_POOL_ID numbers the workers running at once from 1, so no other file uses it now.
 */
export const baseUrl = laneOf(inject('baseUrls'));

function laneOf(baseUrls: string[]): string {
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return baseUrls.length === 0 ? '' : baseUrls[(worker - 1) % baseUrls.length]!;
}
const browserEndpoint = inject('browserEndpoint');
/** True when the journeys cannot run here (no Chromium); global setup has said so loudly. */
export const isBrowserMissing = !chromiumPath;

/** An account signed up with this e-mail holds every staff capability (ADMIN_EMAILS). */
export const adminEmail = 'admin@stance.test';

const screenshotDir = path.resolve(import.meta.dirname, 'screenshots');

/**
 * The journeys' Chromium: one for the run, started by global setup, which each journey file
 * connects to (its `close()` closes that file's pages and disconnects). Starting one per file
 * cost about a second each.
 */
export async function launchBrowser(): Promise<Browser> {
  return browserEndpoint
    ? chromium.connect(browserEndpoint)
    : chromium.launch(chromiumLaunchOptions(chromiumPath));
}

/** A fresh visitor (no cookies, no storage) with a viewport of the given width. */
export async function newVisitor(browser: Browser, width = 1400, height = 900): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height }, baseURL: baseUrl });
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw new Error(`The page threw: ${error.message}`);
  });
  return waitingForTheApp(page);
}

/**
 * A page whose goto and reload return once the app has hydrated the server's HTML, as a reader
 * would use it: the server's buttons are on the screen before their handlers are (decision 085).
 */
export function waitingForTheApp(page: Page): Page {
  const hydrated = async (response: Response | null) => {
    if (response && (response.headers()['content-type'] ?? '').includes('text/html')) {
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    }
    return response;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => hydrated(await goto(url, options));
  page.reload = async (options) => hydrated(await reload(options));
  return page;
}

/** A downloaded file's bytes, streamed from the shared Chromium (no local path when connected). */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: false });
}

export type Account = { email: string; username: string; password: string };

let accountCounter = 0;

/** A fresh, valid account each call: username ≤ 30 characters, an @stance.test address. */
export function uniqueAccount(prefix = 'member'): Account {
  accountCounter += 1;
  const random = Math.random().toString(36).slice(2, 8);
  const cleanPrefix = prefix.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 16) || 'member';
  const username = `${cleanPrefix}${accountCounter}${random}`.slice(0, 30);
  return {
    email: `${username.toLowerCase()}@stance.test`,
    username,
    password: `Stance-${random}-${accountCounter}-pass!`,
  };
}

type OutboxMail = { ID: number; To: string; Subject: string; Text: string; Html: string };

async function outboxOf(email: string): Promise<OutboxMail[]> {
  const response = await fetch(`${baseUrl}/dev/mail.json?to=${encodeURIComponent(email)}`);
  if (!response.ok) return [];
  const answer = (await response.json()) as { body: { Mails: OutboxMail[] } };
  return answer.body.Mails;
}

/**
 * The id of the newest mail to `email` in the outbox, 0 for none: pass it to waitForMail as
 * `after` before asking for a mail, so that an older mail of the same kind (an e-mail address
 * used again) is not taken for the one asked for.
 */
export async function newestMailId(email: string): Promise<number> {
  return Math.max(0, ...(await outboxOf(email)).map((mail) => mail.ID));
}

/**
 * Waits for the newest mail to `email` in the outbox (`/dev/mail.json`, served outside
 * production) whose subject matches and whose id is above `after`, and returns it. Mails leave
 * through the jobs worker, which polls every second.
 */
export async function waitForMail(email: string, subject: RegExp, after = 0): Promise<OutboxMail> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const mail = (await outboxOf(email)).find(
      (item) => item.ID > after && subject.test(item.Subject),
    );
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No mail to ${email} with a subject matching ${subject} within 20 s`);
}

/**
 * Waits until the top bar shows a logged-in member (their profile link), optionally by name, and
 * the app has taken over the page: logging in reloads it, and its buttons are on the screen
 * before their handlers are (as after waitingForTheApp's goto).
 */
export async function waitUntilLoggedIn(page: Page, username?: string) {
  const topBar = page.getByRole('banner');
  const userLink = username
    ? topBar.getByRole('link', { name: new RegExp(`^${username.replace(/[-_]/g, '\\$&')}, `) })
    : topBar.locator('a[href^="/u/"]');
  await userLink.first().waitFor({ timeout: 20_000 });
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 20_000 });
}

/**
 * Signs up from any page: the top bar's 'Sign up', the e-mail signup form, the 6-digit code read
 * from the outbox; returns once the top bar shows the new member.
 */
export async function signUpThroughPanel(page: Page, account: Account): Promise<void> {
  await page.getByRole('banner').getByRole('link', { name: 'Sign up', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Sign up with e-mail' }).click();
  await dialog.getByLabel('E-mail', { exact: true }).fill(account.email);
  await dialog.getByLabel('Username', { exact: true }).fill(account.username);
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  // An address signed up before (then erased) has its earlier code in the outbox.
  const after = await newestMailId(account.email);
  await dialog.getByRole('button', { name: 'Send my code' }).click();
  const codeField = dialog.getByLabel('Code', { exact: true });
  await codeField.waitFor({ timeout: 20_000 });
  const mail = await waitForMail(
    account.email,
    /^\d{6} is your Stance code$|^You already have a Stance account$/,
    after,
  );
  if (!/^\d{6}/.test(mail.Subject)) {
    throw new Error(
      `${account.email} already has an account on this server: use logInThroughPanel`,
    );
  }
  await codeField.fill(mail.Subject.slice(0, 6));
  await dialog.getByRole('button', { name: 'Create my account' }).click();
  await waitUntilLoggedIn(page, account.username);
}

/** Logs in from any page through the top bar's 'Log in' and the e-mail form. */
export async function logInThroughPanel(
  page: Page,
  account: { email: string; password: string },
): Promise<void> {
  await page.getByRole('banner').getByRole('link', { name: 'Log in', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Continue with e-mail' }).click();
  await dialog.getByLabel('E-mail', { exact: true }).fill(account.email);
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await waitUntilLoggedIn(page);
}

/** The staff account of ADMIN_EMAILS; one per server run, shared by the journeys that need it. */
const adminAccount: Account = {
  email: adminEmail,
  username: 'stance_admin',
  password: 'Stance-admin-e2e-pass!',
};

/**
 * Signs in as the ADMIN_EMAILS account (every staff capability): signs it up the first time on
 * this server (nothing has been mailed to it yet), logs in with its known password after that.
 */
export async function signInAsAdmin(page: Page): Promise<void> {
  const response = await fetch(`${baseUrl}/dev/mail.json?to=${encodeURIComponent(adminEmail)}`);
  const answer = (await response.json()) as { body: { Mails: OutboxMail[] } };
  if (answer.body.Mails.length === 0) await signUpThroughPanel(page, adminAccount);
  else await logInThroughPanel(page, adminAccount);
}

/**
 * Subscribes the member signed in on `page` the way a payment does: a Checkout Session through
 * the app's call, Pay on the Stripe stand-in's checkout page (global setup starts it), and the
 * signed webhooks it sends, applied before its page answers (docs/decisions/050).
 */
export async function subscribeThroughStandIn(page: Page): Promise<void> {
  const answer = await page.evaluate(async () => {
    const response = await fetch('/api/create-checkout-session', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ body: {} }),
    });
    return { status: response.status, text: await response.text() };
  });
  if (answer.status !== 200) throw new Error(`create-checkout-session: ${answer.text}`);
  const { url } = (JSON.parse(answer.text) as { body: { url: string } }).body;
  const paid = await fetch(url, { method: 'POST', redirect: 'manual' });
  if (paid.status !== 303) throw new Error(`Pay on the stand-in answered ${paid.status}`);
}

/** Answers the cookie banner with 'Essential only' so it no longer covers the page. */
export async function dismissCookies(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Essential only' }).click();
}

/**
 * The cumulative layout shift of a page while `load` loads it (a goto or a reload): the browser's
 * own layout-shift entries summed, as Lighthouse does for a page load, until the network is idle
 * and two more frames have been drawn. The budget is 0.1 (e2e/layout-shift.e2e.ts).
 */
export async function layoutShiftWhile(page: Page, load: () => Promise<unknown>): Promise<number> {
  // As text: the browser's own types (PerformanceObserver's layout-shift entries) are not the
  // test's. Init scripts go through the DevTools protocol, which the page's CSP allows.
  await page.addInitScript({
    content: `{
      window.__layoutShift = 0;
      window.__layoutShifts = [];
      const describe = (node) =>
        !node ? '(gone)' : node.nodeType !== 1 ? node.nodeName :
          node.tagName.toLowerCase() + (node.className ? '.' + String(node.className).split(' ').join('.') : '');
      const rect = (r) => Math.round(r.x) + ',' + Math.round(r.y) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height);
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (entry.hadRecentInput) continue;
          window.__layoutShift += entry.value;
          window.__layoutShifts.push(entry.value.toFixed(4) + ' at ' + Math.round(entry.startTime) + ' ms: ' +
            entry.sources.map((s) => describe(s.node) + ' ' + rect(s.previousRect) + ' -> ' + rect(s.currentRect)).join('; '));
        }
      }).observe({ type: 'layout-shift', buffered: true });
    }`,
  });
  await load();
  await page.waitForLoadState('networkidle');
  // Two frames for the last layout to be reported.
  await page.evaluate(
    'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
  );
  const measured = await page.evaluate(() => {
    const scope = globalThis as unknown as { __layoutShift: number; __layoutShifts: string[] };
    return { total: scope.__layoutShift, shifts: scope.__layoutShifts };
  });
  // Over the budget, what moved, so that a failure says more than a number.
  if (measured.total > 0.1) {
    console.info(`Layout shifts on ${page.url()}:\n${measured.shifts.join('\n')}`);
  }
  return measured.total;
}

const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

/**
 * axe-core's serious and critical violations within `scope` (the whole page by default): WCAG 2.1
 * A and AA and best practice, as e2e/accessibility.e2e.ts runs them. None is the aim.
 */
export async function seriousViolations(
  page: Page,
  scope: Locator = page.locator('html'),
): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the page's Content Security Policy allows;
  // once a document (a page checked at several widths parses it once).
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axeSource);
  const violations = await scope.evaluate(async (element) => {
    const { axe } = globalThis as unknown as {
      axe: {
        run: (
          context: unknown,
          options: unknown,
        ) => Promise<{
          violations: { id: string; impact: string | null; nodes: { target: unknown }[] }[];
        }>;
      };
    };
    const results = await axe.run(element, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
      },
    });
    return results.violations;
  });
  return violations
    .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')}`,
    );
}
