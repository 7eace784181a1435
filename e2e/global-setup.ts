import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumLaunchOptions } from '../scripts/chromium.ts';
import { ensureWebBuild } from '../scripts/web-build.ts';
import { createServerDatabase } from '../server/test/database.ts';
import { freePort } from '../server/test/free-port.ts';
import { startServerProcess, type ServerProcess } from '../server/test/server-process.ts';
import { startStripeStandIn } from '../server/test/stripe-standin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Chromium executable, or '' when there is none (journeys are then skipped, loudly). */
    chromiumPath: string;
    /** The lanes' servers of the built app under test, one per test worker. */
    baseUrls: string[];
    /** The one Chromium the journeys share (e2e/fixtures.ts, launchBrowser). */
    browserEndpoint: string;
  }
}

const root = path.resolve(import.meta.dirname, '..');

function findChromium(): string {
  const candidate = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  return fs.existsSync(candidate) ? candidate : '';
}

function runNode(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: 'inherit' });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`node ${args.join(' ')} exited with ${code}`)),
    );
  });
}

/**
 * Builds the app, then starts one real server per test worker ("lane"), each on a free port with
 * a fresh database holding the demo content (embedded by default; a new database on the
 * PostgreSQL server when DATABASE_URL is set), and one Chromium for them all. A journey file uses
 * its worker's lane (e2e/fixtures.ts), so no two files ever share a server at the same time and
 * the journeys run beside each other and beside the other tests (docs/decisions/058).
 */
export default async function setup(project: TestProject) {
  const chromiumPath = findChromium();
  project.provide('chromiumPath', chromiumPath);
  if (!chromiumPath) {
    const message = `No Chromium at ${process.env.CHROMIUM_PATH || '/usr/bin/chromium'}: browser journeys cannot run.`;
    if (process.env.CI === 'true')
      throw new Error(`${message} CI requires them (apt-get install chromium).`);
    console.warn(
      `\n${'!'.repeat(78)}\n!! ${message}\n!! THE E2E JOURNEYS WERE SKIPPED. Install Debian's chromium or set CHROMIUM_PATH.\n${'!'.repeat(78)}\n`,
    );
    project.provide('baseUrls', []);
    project.provide('browserEndpoint', '');
    return;
  }

  await ensureWebBuild();
  const started = await Promise.allSettled(
    Array.from({ length: project.config.maxWorkers }, () => startLane()),
  );
  const lanes = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    await Promise.all(lanes.map((lane) => lane.stop()));
    throw failure.reason;
  }
  project.provide(
    'baseUrls',
    lanes.map((lane) => lane.baseUrl),
  );
  const browser = await chromium.launchServer(chromiumLaunchOptions(chromiumPath));
  project.provide('browserEndpoint', browser.wsEndpoint());

  return async () => {
    await browser.close();
    await Promise.all(lanes.map((lane) => lane.stop()));
  };
}

/** One server with the demo content and its own Stripe stand-in; `stop` removes it all. */
async function startLane(): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stance-e2e-'));
  // Payments run the production path against a local Stripe: its checkout page's Pay button
  // completes the session and sends signed webhooks to this server (docs/decisions/050).
  const stripe = await startStripeStandIn({ webhookUrl: `${baseUrl}/api/stripe/webhook` });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    SEED: 'demo',
    LOG_LEVEL: 'warn',
    // Sign-up and log-in codes leave through the job worker: a journey waits a poll for each.
    // A poll costs the embedded database about 2 ms of CPU: every 50 ms that was 4 % of a core
    // per lane for the whole run; every 250 ms it is under 1 % (docs/decisions/058).
    JOBS_POLL_MS: '250',
    // Journeys that need staff rights sign up with this address (see e2e/fixtures.ts).
    ADMIN_EMAILS: 'admin@stance.test',
    STRIPE_API_BASE: stripe.baseUrl,
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
  };

  let dropDatabase: (() => Promise<void>) | null = null;
  let server: ServerProcess | null = null;
  async function stop() {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await dropDatabase?.();
    await stripe.close();
  }

  try {
    if (process.env.DATABASE_URL) {
      const database = await createServerDatabase(process.env.DATABASE_URL);
      dropDatabase = database.drop;
      env.DATABASE_URL = database.url;
      await runNode(['server/cli.ts', 'seed', 'demo'], env);
    }
    server = await startServerProcess(env, { port });
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}
