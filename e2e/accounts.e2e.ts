import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isBrowserMissing,
  launchBrowser,
  logInThroughPanel,
  newVisitor,
  screenshot,
  signUpThroughPanel,
  uniqueAccount,
  waitForMail,
  waitUntilLoggedIn,
  dismissCookies,
} from './fixtures.ts';

/** Every way in with an e-mail address: signup with the mailed code, logout, login, reset. */
describe.skipIf(isBrowserMissing)('accounts', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function logOut(page: Page) {
    await page.goto('/logout');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('banner').getByRole('link', { name: 'Log in', exact: true }).waitFor();
  }

  it('signs up with the e-mailed code, logs out, logs in and resets the password', async () => {
    const page = await newVisitor(browser);
    const account = uniqueAccount('journey');
    await page.goto('/');
    await dismissCookies(page);

    await signUpThroughPanel(page, account);
    const userLink = page.getByRole('banner').getByRole('link', { name: /karma$/ });
    await expect(userLink.getAttribute('href')).resolves.toBe(`/u/${account.username}`);
    await screenshot(page, 'accounts-signed-up');

    await logOut(page);
    expect(
      await page
        .getByRole('banner')
        .getByRole('link', { name: /karma$/ })
        .count(),
    ).toBe(0);

    // A wrong password shows the server's message in the error box; editing clears it.
    await page.getByRole('banner').getByRole('link', { name: 'Log in', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Continue with e-mail' }).click();
    await dialog.getByLabel('E-mail', { exact: true }).fill(account.email);
    await dialog.getByLabel('Password', { exact: true }).fill('not my password at all');
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    const errorBox = dialog.getByRole('alert');
    await expect(errorBox.textContent()).resolves.toBe('The e-mail or password is not right');
    await screenshot(page, 'accounts-login-error');
    await dialog.getByLabel('Password', { exact: true }).fill(account.password);
    expect(await errorBox.count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).click();

    await logInThroughPanel(page, account);
    await waitUntilLoggedIn(page, account.username);
    await logOut(page);

    // Forgotten password: the reset link comes by e-mail and logs in with the new password.
    await page.getByRole('banner').getByRole('link', { name: 'Log in', exact: true }).click();
    await dialog.getByRole('button', { name: 'Continue with e-mail' }).click();
    await dialog.getByRole('button', { name: 'Forgot your password?' }).click();
    await dialog.getByLabel('E-mail', { exact: true }).fill(account.email);
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await dialog.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    await screenshot(page, 'accounts-reset-requested');
    const mail = await waitForMail(account.email, /^Set a new Stance password$/);
    const link = /https?:\/\/\S+\/resetpassword\/set\?t=[\w-]+/.exec(mail.Text)?.[0];
    expect(link).toBeDefined();
    await dialog.getByRole('button', { name: 'Close' }).click();

    const newPassword = `${account.password}-renewed`;
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await screenshot(page, 'accounts-set-password');
    await page.getByRole('button', { name: 'Save and log in' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await waitUntilLoggedIn(page, account.username);

    // The link works once.
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await page.getByLabel('New password', { exact: true }).fill(`${newPassword}-again`);
    await page.getByRole('button', { name: 'Save and log in' }).click();
    await page.getByText('this reset link has expired or was already used').waitFor();

    await logOut(page);
    await logInThroughPanel(page, { email: account.email, password: newPassword });
    await waitUntilLoggedIn(page, account.username);
    await page.context().close();
  });

  it('logs in with a code e-mailed instead of the password', async () => {
    const page = await newVisitor(browser);
    const account = uniqueAccount('bycode');
    await page.goto('/');
    await dismissCookies(page);
    await signUpThroughPanel(page, account);
    await logOut(page);

    await page.getByRole('banner').getByRole('link', { name: 'Log in', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Continue with e-mail' }).click();
    await dialog.getByRole('button', { name: 'Log in with a code' }).click();
    await dialog.getByRole('heading', { name: 'Log in with a code' }).waitFor();
    await dialog.getByLabel('E-mail', { exact: true }).fill(account.email);
    await dialog.getByRole('button', { name: 'E-mail me a code' }).click();
    await dialog.getByText(`We sent a 6-digit code to ${account.email}`).waitFor();
    await screenshot(page, 'accounts-login-code');
    const mail = await waitForMail(account.email, /is your Stance log-in code$/);
    const code = /\b(\d{6})\b/.exec(mail.Text)?.[1];
    expect(code).toBeDefined();
    await dialog.getByLabel('Code', { exact: true }).fill(code!);
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await waitUntilLoggedIn(page, account.username);
    await page.context().close();
  });

  it('sends a logged-in member away from /login and /signup, to /', async () => {
    const page = await newVisitor(browser);
    await page.goto('/');
    await dismissCookies(page);
    await signUpThroughPanel(page, uniqueAccount('away'));
    for (const path of ['/login', '/signup']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/');
    }
    await page.context().close();
  });

  it('shows the full-page panel, the login-required reason, and the narrow layout', async () => {
    const page = await newVisitor(browser, 375, 800);
    await page.goto('/signup');
    await dismissCookies(page);
    await page.getByRole('heading', { level: 1, name: 'Join Stance' }).waitFor();
    await page.getByRole('button', { name: 'Sign up with e-mail' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign up with e-mail' }).waitFor();
    await screenshot(page, 'accounts-signup-narrow');

    await page.goto('/notifications');
    await page.getByText('Please log in to see your notifications').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Log in to Stance' }).waitFor();
    await screenshot(page, 'accounts-login-required-narrow');

    await page.goto('/tracking/signup');
    await page.getByText('Signed up. You can close this frame.').waitFor();
    await page.context().close();
  });
});
