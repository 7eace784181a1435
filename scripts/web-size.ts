import fs from 'node:fs';
import path from 'node:path';
import { constants, brotliCompressSync, gzipSync } from 'node:zlib';

/**
 * The feed's critical path, read from the build's manifest rather than from a browser's traffic
 * (docs/decisions/044-a-lighter-client.md): the HTML's entry script, every chunk it imports
 * statically (the browser fetches them before anything runs), and their CSS. Chunks loaded by a
 * dynamic `import()` (other pages, modals fetched while the browser is idle) are not on it. The
 * same build always gives the same figure: each file is gzipped at level 9.
 */
export type CriticalPath = {
  files: { file: string; raw: number; gzip: number }[];
  /** Sum of the files' gzipped sizes, in bytes. */
  gzip: number;
};

type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };

/** At most this many gzipped KB of JS and CSS for the app to take the feed over (checked in CI). */
export const criticalPathBudgetKb = 140;

/**
 * At most this many gzipped KB of what blocks the feed's first paint: the stylesheets (checked in
 * CI). The feed itself arrives in the page (docs/decisions/046-the-feed-painted-by-the-server.md).
 */
export const firstPaintBudgetKb = 100;

export function measureCriticalPath(webDir: string): CriticalPath {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(webDir, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  // The feed's page is part of the entry; were it split off, its chunk would load at first render.
  for (const key of ['index.html', 'pages/FeedPage.tsx']) visit(key);
  const measured = [...files].sort().map((file) => {
    const bytes = fs.readFileSync(path.join(webDir, file));
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
  return { files: measured, gzip: measured.reduce((sum, file) => sum + file.gzip, 0) };
}

/**
 * What the browser needs before it paints a page that carries its content, as the feed's does:
 * the stylesheets the HTML links (render-blocking). Scripts do not block it as long as every
 * script of the HTML is a module (deferred by definition), which `blockingScripts` checks.
 */
export function measureFirstPaint(webDir: string): CriticalPath {
  const files = measureCriticalPath(webDir).files.filter((file) => file.file.endsWith('.css'));
  return { files, gzip: files.reduce((sum, file) => sum + file.gzip, 0) };
}

/** The built index.html's scripts that would hold up its first paint: any that is not a module. */
export function blockingScripts(webDir: string): string[] {
  const html = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
  return (html.match(/<script\b[^>]*>/g) ?? []).filter((tag) => !/\btype="module"/.test(tag));
}

/** The built index.html's size as sent: raw, gzip (level 9) and brotli (quality 11). */
export function measureHtml(webDir: string) {
  const bytes = fs.readFileSync(path.join(webDir, 'index.html'));
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** The built JS files that carry zod, which the browser never runs. */
export function chunksWithZod(webDir: string): string[] {
  const assets = path.join(webDir, 'assets');
  return fs
    .readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .filter((name) => /\b_zod\b|ZodError/.test(fs.readFileSync(path.join(assets, name), 'utf8')));
}
