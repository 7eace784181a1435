import { beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild, webDir } from './web-build.ts';
import {
  blockingScripts,
  chunksWithZod,
  criticalPathBudgetKb,
  firstPaintBudgetKb,
  measureCriticalPath,
  measureFirstPaint,
} from './web-size.ts';

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

  it('stays within its ceiling', () => {
    expect(measureCriticalPath(webDir).gzip / 1024).toBeLessThanOrEqual(criticalPathBudgetKb);
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
