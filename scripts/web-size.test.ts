import { beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild, webDir } from './web-build.ts';
import {
  blockingScripts,
  chunksWithZod,
  criticalPathBudgetKb,
  firstPaintBudgetKb,
  measureCriticalPath,
  measuredPages,
  measureFirstPaint,
  measurePageHtml,
} from './web-size.ts';
import fs from 'node:fs';
import path from 'node:path';

describe('the feed critical path (docs/decisions/044-a-lighter-client.md)', () => {
  beforeAll(async () => {
    await ensureWebBuild();
  }, 120_000);

  it('measures the same build the same way every time', () => {
    const first = measureCriticalPath(webDir);
    const second = measureCriticalPath(webDir);
    expect(second).toEqual(first);
    expect(first.files.some((file) => file.file.endsWith('.js'))).toBe(true);
    expect(first.files.some((file) => file.file.endsWith('.css'))).toBe(true);
  });

  it('leaves out what loads later: other pages and the modals', () => {
    const files = measureCriticalPath(webDir).files.map((file) => file.file);
    expect(files.filter((file) => /(Modal|OpinionPage|LoginSignupPanel)-/.test(file))).toEqual([]);
  });

  it('stays within its ceiling on every public page', () => {
    for (const page of measuredPages) {
      expect(measureCriticalPath(webDir, page).gzip / 1024, page).toBeLessThanOrEqual(
        criticalPathBudgetKb,
      );
    }
  });

  it("reads the same files from a page's HTML: its stylesheets, the entry's imports, its preloads", () => {
    const indexHtml = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
    const entryOnly = measurePageHtml(webDir, indexHtml).files.map((file) => file.file);
    const feed = measureCriticalPath(webDir, 'FeedPage').files.map((file) => file.file);
    expect(entryOnly.length).toBeGreaterThan(0);
    expect(feed).toEqual(expect.arrayContaining(entryOnly));
    // The page's chunk, named as the server names it (modulepreload), brings the rest.
    const manifest = JSON.parse(
      fs.readFileSync(path.join(webDir, '.vite/manifest.json'), 'utf8'),
    ) as Record<string, { file: string }>;
    const withPage = indexHtml.replace(
      '</head>',
      `<link rel="modulepreload" crossorigin href="/${manifest['pages/FeedPage.tsx']!.file}" />\n</head>`,
    );
    expect(measurePageHtml(webDir, withPage).files.map((file) => file.file)).toEqual(feed);
  });

  it('lets the feed the server sent paint before any script: only stylesheets block it', () => {
    expect(blockingScripts(webDir)).toEqual([]);
    const firstPaint = measureFirstPaint(webDir);
    expect(firstPaint.files.length).toBeGreaterThan(0);
    expect(firstPaint.gzip / 1024).toBeLessThanOrEqual(firstPaintBudgetKb);
  });

  it('ships no zod to the browser', () => {
    expect(chunksWithZod(webDir)).toEqual([]);
  });
});
