import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { chromiumLaunchOptions } from '../scripts/chromium.ts';

export const chromiumPath = inject('chromiumPath');
export const baseUrl = inject('baseUrl');
/** True when the journeys cannot run here (no Chromium); global setup has said so loudly. */
export const isBrowserMissing = !chromiumPath;

/** An account signed up with this e-mail holds every staff capability (ADMIN_EMAILS). */
export const adminEmail = 'admin@stance.test';

const screenshotDir = path.resolve(import.meta.dirname, 'screenshots');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions(chromiumPath));
}

/** A fresh visitor (no cookies, no storage) with a viewport of the given width. */
export async function newVisitor(browser: Browser, width = 1400, height = 900): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height }, baseURL: baseUrl });
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw new Error(`The page threw: ${error.message}`);
  });
  return page;
}

export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: false });
}
