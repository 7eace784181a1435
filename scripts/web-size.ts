import fs from 'node:fs';
import path from 'node:path';
import { constants, brotliCompressSync, gzipSync } from 'node:zlib';

/**
 * What a page loads before it is interactive, read from the build's manifest rather than from a
 * browser's traffic (docs/decisions/044-a-lighter-client.md, 085): the HTML's entry script, every
 * chunk it imports statically (the browser fetches them before anything runs), the page's own
 * chunk and what it imports (the server names them in the page's head, modulepreloaded once the
 * app starts after the first paint, server/plugins/web.render.ts, web/boot.ts), and their CSS.
 * Chunks loaded by a dynamic `import()` (other pages, modals fetched while the browser is idle)
 * are not on it. The same build always gives the
 * same figure: each file is gzipped at level 9.
 */
export type CriticalPath = {
  files: { file: string; raw: number; gzip: number }[];
  /** Sum of the files' gzipped sizes, in bytes. */
  gzip: number;
};

type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };

/**
 * At most this many gzipped KB of JS and CSS for a page to become interactive (checked in CI):
 * issue 36's 100 KB, within the product's budget of 170 KB. Reached with Preact's compatibility
 * layer in place of React DOM (docs/decisions/087): the public pages measure 81–97 KB.
 */
export const criticalPathBudgetKb = 100;

/** The public pages CI holds to the ceiling, by their module in web/pages (web/router.tsx). */
export const measuredPages = [
  'FeedPage',
  'OpinionPage',
  'TopicPage',
  'UserProfilePage',
  'QuestionPage',
] as const;

/**
 * At most this many gzipped KB of what blocks the feed's first paint: the stylesheets (checked in
 * CI). The feed itself arrives in the page (docs/decisions/046-the-feed-painted-by-the-server.md).
 */
export const firstPaintBudgetKb = 100;

function readManifest(webDir: string): Record<string, ManifestChunk> {
  return JSON.parse(fs.readFileSync(path.join(webDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
}

function measureFiles(webDir: string, files: Iterable<string>): CriticalPath {
  const measured = [...new Set(files)].sort().map((file) => {
    const bytes = fs.readFileSync(path.join(webDir, file));
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
  return { files: measured, gzip: measured.reduce((sum, file) => sum + file.gzip, 0) };
}

/** The files of these manifest entries and of every chunk they import statically, CSS included. */
function chunkFiles(manifest: Record<string, ManifestChunk>, keys: string[]): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

/**
 * A page's critical path from the manifest: the boot script's (web/boot.ts), the entry's files and
 * the page module's.
 */
export function measureCriticalPath(
  webDir: string,
  page: (typeof measuredPages)[number] = 'FeedPage',
): CriticalPath {
  return measureFiles(
    webDir,
    chunkFiles(readManifest(webDir), ['boot.ts', 'index.html', `pages/${page}.tsx`]),
  );
}

/**
 * A page's critical path as the server's HTML names it: its stylesheets, its module scripts (the
 * entry) with every chunk they import statically, and the chunks it modulepreloads (the page's
 * own). What `measureCriticalPath` reads from the manifest, checked against what is sent.
 */
export function measurePageHtml(webDir: string, html: string): CriticalPath {
  const manifest = readManifest(webDir);
  const keyByFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const attribute = (tag: string, name: string) =>
    new RegExp(`\\b${name}="/([^"]+)"`).exec(tag)?.[1];
  const tags = (pattern: RegExp) =>
    (html.match(pattern) ?? []).flatMap(
      (tag) => attribute(tag, /^<script/.test(tag) ? 'src' : 'href') ?? [],
    );
  const stylesheets = tags(/<link\b[^>]*\brel="stylesheet"[^>]*>/g);
  const scripts = [
    ...tags(/<script\b[^>]*\btype="module"[^>]*\bsrc="[^"]+"[^>]*>/g),
    ...tags(/<link\b[^>]*\brel="modulepreload"[^>]*>/g),
  ];
  const files = new Set(stylesheets);
  for (const script of scripts) {
    const key = keyByFile.get(script);
    if (key) for (const file of chunkFiles(manifest, [key])) files.add(file);
    else files.add(script);
  }
  return measureFiles(webDir, files);
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
