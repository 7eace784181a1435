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
import { appCodeTemplateId } from '../contract/routes.ts';
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

  it("holds the app's scripts until the first paint: the boot script alone, importing nothing", () => {
    const indexHtml = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
    const held = new RegExp(`<template id="${appCodeTemplateId}">(.*?)</template>`).exec(indexHtml);
    expect(held?.[1]).toMatch(/<script type="module"[^>]*src="\/assets\/index-/);
    const outside = indexHtml.replace(held?.[0] ?? '', '');
    expect(outside).not.toContain('modulepreload');
    const bootFile = /<script type="module"[^>]*src="\/(assets\/boot-[^"]+)"/.exec(outside)?.[1];
    const boot = fs.readFileSync(path.join(webDir, bootFile!), 'utf8');
    // An import would load another chunk (the app's, which holds contract/routes.ts) before the
    // first paint; the template's id is written out in web/boot.ts.
    expect(boot).not.toMatch(/\bimport\b/);
    expect(boot).toContain(appCodeTemplateId);
  });

  it('ships no zod to the browser', () => {
    expect(chunksWithZod(webDir)).toEqual([]);
  });
});
