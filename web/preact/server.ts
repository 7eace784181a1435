import type { ReactNode } from 'react';
import { renderToStringAsync } from 'preact-render-to-string';

/**
 * The app's markup once everything in it is ready, lazy parts included: one string, every
 * Suspense boundary filled in place. Preact's renderer (docs/decisions/087) waits for what
 * suspends; its stream would send a boundary's content after the shell with an inline script to
 * move it in, which the Content Security Policy blocks.
 */
export async function renderAppToString(app: ReactNode): Promise<string> {
  // The app is written against React's types; the build renders it with Preact, whose elements
  // they are (vite.config.ts).
  return await renderToStringAsync(app as unknown as Parameters<typeof renderToStringAsync>[0]);
}
