import { beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild, webDir } from './web-build.ts';
import { chunksWithZod, criticalPathBudgetKb, measureCriticalPath } from './web-size.ts';

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

  it('ships no zod to the browser', () => {
    expect(chunksWithZod(webDir)).toEqual([]);
  });
});
