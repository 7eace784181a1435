/**
 * Measures the JS and CSS a visitor's browser fetches to render the For You feed (the critical
 * path), gzipped, against DESIGN.md §5's budget of 170 KB (aim 100 KB). Starts the built app on a
 * fresh embedded database with the demo content, loads `/` in Chromium and sums every script and
 * stylesheet response. Usage: npm run build && npm run bench:web
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../scripts/chromium.ts';

const budgetKb = 170;
const aimKb = 100;
const root = path.resolve(import.meta.dirname, '..');
const port = 3000 + Math.floor(Math.random() * 1000) + 1000;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stance-bench-'));
const server = spawn(process.execPath, ['server/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
  },
  stdio: 'inherit',
});

try {
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(`${baseUrl}/api/topic/getall`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const browser = await chromium.launch(chromiumLaunchOptions());
  const page = await browser.newPage();
  const assets: { url: string; type: string; raw: number; gzip: number }[] = [];
  const pending: Promise<void>[] = [];
  let isFeedRendered = false;
  page.on('response', (response) => {
    const type = response.request().resourceType();
    // Only what loads before the first opinion card shows is on the critical path; modals
    // preloaded while the browser is idle afterwards are not.
    if (isFeedRendered || (type !== 'script' && type !== 'stylesheet')) return;
    pending.push(
      response.body().then((body) => {
        assets.push({
          url: new URL(response.url()).pathname,
          type,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
        });
      }),
    );
  });
  await page.goto(baseUrl);
  await page.locator('main article').first().waitFor();
  isFeedRendered = true;
  await Promise.all(pending);
  await browser.close();

  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  for (const asset of assets.sort((a, b) => b.gzip - a.gzip)) {
    console.log(
      `  ${asset.type.padEnd(10)} ${kb(asset.gzip).padStart(7)} KB gz  ${kb(asset.raw).padStart(7)} KB raw  ${asset.url}`,
    );
  }
  const total = assets.reduce((sum, asset) => sum + asset.gzip, 0);
  console.log(
    `Feed critical path: ${kb(total)} KB gzipped JS+CSS in ${assets.length} files (budget ${budgetKb} KB, aim ${aimKb} KB): ${total / 1024 <= budgetKb ? 'within budget' : 'OVER BUDGET'}`,
  );
  process.exitCode = total / 1024 <= budgetKb ? 0 : 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
