import type { LaunchOptions } from 'playwright-core';

/** Debian's Chromium, with the flags that keep it from stalling on this machine's closed network. */
export function chromiumLaunchOptions(
  executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium',
): LaunchOptions {
  return {
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  };
}
