import { questionLink } from '../../../contract/questions.base.ts';
import type { Db } from '../../db/database.ts';
import { escapeXml } from '../../html.ts';
import * as seoRepository from './seo.repository.ts';

/**
 * Paths crawlers are asked to leave alone: the API, the development pages, the staff pages, the
 * logout link and the search results page (endless pages of what the sitemap lists already).
 * Share images (/og/) stay open: link-preview bots read robots.txt too.
 */
const disallowedPaths = ['/api/', '/dev/', '/admin', '/internal/', '/logout', '/search'];

/** robots.txt: everything but `disallowedPaths`, and where the sitemap is. */
export function composeRobotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...disallowedPaths.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/** One sitemap holds at most 50,000 addresses (sitemaps.org); past that, an index of parts. */
export const sitemapUrlLimit = 50_000;

export type SitemapEntry = { path: string; modifiedAt: Date | null };

function lastmodOf(modifiedAt: Date | null): string {
  return modifiedAt ? `<lastmod>${modifiedAt.toISOString()}</lastmod>` : '';
}

export function composeSitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map(
    (entry) =>
      `<url><loc>${escapeXml(origin + entry.path)}</loc>${lastmodOf(entry.modifiedAt)}</url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** The address of the index's part `number` (1, 2, …). */
export function sitemapPartPath(number: number): string {
  return `/sitemap-${number}.xml`;
}

export function composeSitemapIndexXml(origin: string, partCount: number): string {
  const parts = Array.from(
    { length: partCount },
    (_, index) => `<sitemap><loc>${escapeXml(origin + sitemapPartPath(index + 1))}</loc></sitemap>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...parts,
    '</sitemapindex>',
    '',
  ].join('\n');
}

/** A kind of page the sitemap lists: how many there are, and a stretch of them in a stable order. */
type SitemapSource = {
  count(db: Db): Promise<number>;
  list(db: Db, offset: number, limit: number): Promise<SitemapEntry[]>;
};

/** The pages every site has, whatever its content. */
const fixedPages: readonly SitemapEntry[] = [
  { path: '/', modifiedAt: null },
  { path: '/topics', modifiedAt: null },
  { path: '/questions', modifiedAt: null },
  { path: '/encyclopedia', modifiedAt: null },
];

const fixedSource: SitemapSource = {
  count: async () => fixedPages.length,
  list: async (_db, offset, limit) => fixedPages.slice(offset, offset + limit),
};

function sourceOf<Row extends { modifiedAt: Date | null }>(
  count: (db: Db) => Promise<number>,
  list: (db: Db, offset: number, limit: number) => Promise<Row[]>,
  pathOf: (row: Row) => string,
): SitemapSource {
  return {
    count,
    list: async (db, offset, limit) =>
      (await list(db, offset, limit)).map((row) => ({
        path: pathOf(row),
        modifiedAt: row.modifiedAt,
      })),
  };
}

/**
 * The pages worth indexing, in this order: the fixed pages, every topic, every question, every
 * listed, live opinion (quiz items are unlisted and have no page of their own to offer), and the
 * profiles of members who published something (`listSitemapProfiles`).
 */
const sources: readonly SitemapSource[] = [
  fixedSource,
  sourceOf(
    seoRepository.countSitemapTopics,
    seoRepository.listSitemapTopics,
    (row) => `/t/${encodeURIComponent(row.slug)}`,
  ),
  sourceOf(seoRepository.countSitemapQuestions, seoRepository.listSitemapQuestions, (row) =>
    questionLink(encodeURIComponent(row.slug)),
  ),
  sourceOf(
    seoRepository.countSitemapOpinions,
    seoRepository.listSitemapOpinions,
    (row) => `/o/${encodeURIComponent(row.slug)}`,
  ),
  sourceOf(
    seoRepository.countSitemapProfiles,
    seoRepository.listSitemapProfiles,
    (row) => `/u/${encodeURIComponent(row.username)}`,
  ),
];

/**
 * The addresses from `start`, at most `limit`, of the sources in order, as if they were one list.
 * Each source is asked only for the stretch that falls in the window.
 */
async function listWindow(
  db: Db,
  counts: readonly number[],
  start: number,
  limit: number,
): Promise<SitemapEntry[]> {
  const entries: SitemapEntry[] = [];
  let sourceStart = 0;
  for (const [index, source] of sources.entries()) {
    const count = counts[index]!;
    const end = start + limit;
    const from = Math.max(start, sourceStart);
    const to = Math.min(end, sourceStart + count);
    if (from < to) entries.push(...(await source.list(db, from - sourceStart, to - from)));
    sourceStart += count;
  }
  return entries;
}

export type Sitemap =
  { kind: 'urlset'; entries: SitemapEntry[] } | { kind: 'index'; partCount: number };

/**
 * `/sitemap.xml`: every address in one sitemap while they fit in `urlsPerFile`, else an index of
 * parts of `urlsPerFile` each (docs/decisions/081-search-page-and-sitemap.md).
 */
export async function getSitemap(db: Db, urlsPerFile = sitemapUrlLimit): Promise<Sitemap> {
  const counts = await Promise.all(sources.map((source) => source.count(db)));
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total <= urlsPerFile) {
    return { kind: 'urlset', entries: await listWindow(db, counts, 0, urlsPerFile) };
  }
  return { kind: 'index', partCount: Math.ceil(total / urlsPerFile) };
}

/**
 * Part `number` (from 1) of the index, or null when there is no such part: the sitemap fits in
 * one file, or the number is past the last part.
 */
export async function getSitemapPart(
  db: Db,
  number: number,
  urlsPerFile = sitemapUrlLimit,
): Promise<SitemapEntry[] | null> {
  const counts = await Promise.all(sources.map((source) => source.count(db)));
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total <= urlsPerFile || number < 1 || number > Math.ceil(total / urlsPerFile)) return null;
  return listWindow(db, counts, (number - 1) * urlsPerFile, urlsPerFile);
}
