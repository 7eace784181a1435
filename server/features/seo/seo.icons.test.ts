import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fullBleed, logoSvgPath, tokensCssPath, tokenValue } from './seo.icons.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.resolve(root, file), 'utf8');

/** The `d` of every path, in order. */
const pathsOf = (markup: string) =>
  [...markup.matchAll(/<path\b[^>]*\bd="([^"]+)"/g)].map((m) => m[1]);

describe('the icon is the logo (decision 069)', () => {
  const favicon = fs.readFileSync(logoSvgPath, 'utf8');
  const tokens = fs.readFileSync(tokensCssPath, 'utf8');

  it('draws the top bar’s two slashes, on the accent colour', () => {
    const logo = read('web/features/layout/components/Logo.tsx');
    expect(pathsOf(favicon)).toEqual(pathsOf(logo));
    expect(pathsOf(favicon)).toHaveLength(2);
    expect(favicon).toContain(`fill="${tokenValue(tokens, '--color-accent')}"`);
    expect(logo).toContain('fill="var(--color-accent)"');
  });

  it('is linked from the page head with the apple-touch-icon and the manifest', () => {
    const head = read('web/index.html');
    for (const link of [
      '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />',
      '<link rel="icon" href="/favicon.ico" sizes="48x48" />',
      '<link rel="apple-touch-icon" href="/apple-touch-icon.png" />',
      '<link rel="manifest" href="/manifest.webmanifest" />',
    ]) {
      expect(head).toContain(link);
    }
    // The browser's colour for the page is the manifest's theme colour: the top bar's surface.
    expect(head).toContain(
      `<meta name="theme-color" content="${tokenValue(tokens, '--color-surface')}" />`,
    );
  });

  it('fills the whole square for home screens, which round the corners themselves', () => {
    expect(favicon).toMatch(/<rect [^>]*rx="8"/);
    const square = fullBleed(favicon);
    expect(square).not.toMatch(/rx=/);
    expect(pathsOf(square)).toEqual(pathsOf(favicon));
  });
});
