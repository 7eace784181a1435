import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFacebookStandIn, startGoogleStandIn } from '../server/test/providers.ts';
import {
  isBrowserMissing,
  launchBrowser,
  screenshot,
  waitUntilLoggedIn,
  waitingForTheApp,
} from './fixtures.ts';

/**
 * Google and Facebook sign-in in the browser. The journeys' shared server has no provider
 * configured, so this file starts its own, pointed at local stand-ins of Google's JWKS and
 * Facebook's Graph API. The providers' browser scripts (which this machine cannot download) are
 * replaced by small fakes that hand the page a credential the stand-ins will vouch for.
 */
const root = path.resolve(import.meta.dirname, '..');
const clientId = 'journey.apps.googleusercontent.com';
const appId = '4242';
const appSecret = 'journey-secret';

const fakeGoogleScript = `
window.google = { accounts: { id: {
  initialize(options) { window.__gsiOptions = options; },
  renderButton(element) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Continue with Google';
    button.addEventListener('click', () => window.__gsiOptions.callback({ credential: window.__googleCredential }));
    element.append(button);
  },
} } };`;

const fakeFacebookScript = `
window.FB = {
  init() {},
  login(callback) { callback({ authResponse: window.__facebookToken ? { accessToken: window.__facebookToken } : null }); },
  api(_path, _parameters, callback) { callback({}); },
};`;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as net.AddressInfo;
      server.close(() => resolve(address.port));
    });
  });
}

describe.skipIf(isBrowserMissing)('Google and Facebook sign-in in the panel', () => {
  let browser: Browser;
  let server: ChildProcess;
  let dataDir: string;
  let baseUrl: string;
  let google: Awaited<ReturnType<typeof startGoogleStandIn>>;
  let facebook: Awaited<ReturnType<typeof startFacebookStandIn>>;

  beforeAll(async () => {
    google = await startGoogleStandIn({ clientId, issuer: 'https://accounts.google.com' });
    facebook = await startFacebookStandIn({ appId, appSecret });
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stance-social-'));
    server = spawn(process.execPath, ['server/main.ts'], {
      cwd: root,
      stdio: 'ignore',
      env: {
        ...process.env,
        DATABASE_URL: '',
        NODE_ENV: 'development',
        PORT: String(port),
        PUBLIC_URL: baseUrl,
        DATA_DIR: dataDir,
        SEED: 'none',
        LOG_LEVEL: 'warn',
        GOOGLE_CLIENT_ID: clientId,
        GOOGLE_JWKS_URL: google.jwksUrl,
        FACEBOOK_APP_ID: appId,
        FACEBOOK_APP_SECRET: appSecret,
        FACEBOOK_GRAPH_URL: facebook.graphUrl,
      },
    });
    for (let i = 0; i < 240; i++) {
      const isUp = await fetch(`${baseUrl}/api/accounts/config`).then(
        (response) => response.ok,
        () => false,
      );
      if (isUp) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    await google?.close();
    await facebook?.close();
  });

  async function visitor(): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width: 1400, height: 900 },
      baseURL: baseUrl,
    });
    await context.route('https://accounts.google.com/gsi/client', (route) =>
      route.fulfill({ contentType: 'application/javascript', body: fakeGoogleScript }),
    );
    await context.route('https://connect.facebook.net/**', (route) =>
      route.fulfill({ contentType: 'application/javascript', body: fakeFacebookScript }),
    );
    const page = waitingForTheApp(await context.newPage());
    await page.goto('/');
    await page.getByRole('button', { name: 'Essential only' }).click();
    return page;
  }

  /** The next alert's text; the alert is accepted at once, as a person would. */
  function nextAlert(page: Page): Promise<string> {
    return new Promise((resolve) => {
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      });
    });
  }

  async function openPanel(page: Page, button: 'Log in' | 'Sign up') {
    await page.getByRole('banner').getByRole('link', { name: button, exact: true }).click();
    return page.getByRole('dialog');
  }

  it('signs a new Google user up with a chosen username, then logs them back in', async () => {
    const page = await visitor();
    const credential = await google.idToken({
      sub: 'journey-google-1',
      email: 'gj@gmail.test',
      email_verified: true,
    });
    await page.evaluate(
      (token) => Object.assign(globalThis, { __googleCredential: token }),
      credential,
    );
    const dialog = await openPanel(page, 'Sign up');
    await dialog.getByRole('button', { name: 'Continue with Facebook' }).waitFor();
    await screenshot(page, 'accounts-social-choice');
    await dialog.getByRole('button', { name: 'Continue with Google' }).click();
    await dialog.getByRole('heading', { name: 'Choose your username' }).waitFor();
    await dialog.getByLabel('Username', { exact: true }).fill('GoogleJourney');
    await dialog.getByRole('button', { name: 'Create my account' }).click();
    await waitUntilLoggedIn(page, 'GoogleJourney');

    await page.goto('/logout');
    await page.evaluate(
      (token) => Object.assign(globalThis, { __googleCredential: token }),
      credential,
    );
    const login = await openPanel(page, 'Log in');
    await login.getByRole('button', { name: 'Continue with Google' }).click();
    await waitUntilLoggedIn(page, 'GoogleJourney');
    await page.context().close();
  });

  it("alerts 'Login failed: no token ID found' when the widget gives no credential", async () => {
    const page = await visitor();
    const dialog = await openPanel(page, 'Log in');
    const alert = nextAlert(page);
    await dialog.getByRole('button', { name: 'Continue with Google' }).click();
    expect(await alert).toBe('Login failed: no token ID found');
    await page.context().close();
  });

  it('signs up with Facebook, and alerts then reloads when the Facebook login expired', async () => {
    const page = await visitor();
    const token = facebook.issue('journey-fb-token', {
      userId: 'journey-fb-1',
      email: 'fj@example.test',
    });
    await page.evaluate((value) => Object.assign(globalThis, { __facebookToken: value }), token);
    let dialog = await openPanel(page, 'Sign up');
    await dialog.getByRole('button', { name: 'Continue with Facebook' }).click();
    await dialog.getByLabel('Username', { exact: true }).fill('FacebookJourney');
    await dialog.getByRole('button', { name: 'Create my account' }).click();
    await waitUntilLoggedIn(page, 'FacebookJourney');

    await page.goto('/logout');
    const expired = facebook.issue('journey-fb-expired', {
      userId: 'journey-fb-1',
      isExpired: true,
    });
    await page.evaluate((value) => Object.assign(globalThis, { __facebookToken: value }), expired);
    dialog = await openPanel(page, 'Log in');
    const alert = nextAlert(page);
    const reloaded = page.waitForEvent('load');
    await dialog.getByRole('button', { name: 'Continue with Facebook' }).click();
    expect(await alert).toBe('Your Facebook login expired');
    await reloaded;
    await page.getByRole('banner').getByRole('link', { name: 'Log in', exact: true }).waitFor();
    await page.context().close();
  });
});
