import type { Db } from '../../db/database.ts';
import { escapeXml } from '../../html.ts';
import * as seoRepository from './seo.repository.ts';

/**
 * Paths crawlers are asked to leave alone: the API, the development pages, the staff pages and
 * the logout link. Share images (/og/) stay open: link-preview bots read robots.txt too.
 */
const disallowedPaths = ['/api/', '/dev/', '/admin', '/internal/', '/logout'];

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

/** One sitemap holds at most 50,000 addresses (sitemaps.org); past that an index is needed. */
export const sitemapLimit = 50_000;

export type SitemapEntry = { path: string; modifiedAt: Date | null };

export function composeSitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.modifiedAt ? `<lastmod>${entry.modifiedAt.toISOString()}</lastmod>` : '';
    return `<url><loc>${escapeXml(origin + entry.path)}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * The pages worth indexing: the feed, the topics page, every topic and every listed, live opinion
 * (quiz items are unlisted and have no page of their own to offer). Opinions most recently
 * changed come first, so at the limit the stalest drop out.
 */
export async function listSitemapEntries(db: Db): Promise<SitemapEntry[]> {
  const fixed: SitemapEntry[] = [
    { path: '/', modifiedAt: null },
    { path: '/topics', modifiedAt: null },
  ];
  const topics = await seoRepository.listSitemapTopics(db, sitemapLimit - fixed.length);
  const opinions = await seoRepository.listSitemapOpinions(
    db,
    sitemapLimit - fixed.length - topics.length,
  );
  return [
    ...fixed,
    ...topics.map((topic) => ({
      path: `/t/${encodeURIComponent(topic.slug)}`,
      modifiedAt: topic.modifiedAt,
    })),
    ...opinions.map((opinion) => ({
      path: `/o/${encodeURIComponent(opinion.slug)}`,
      modifiedAt: opinion.modifiedAt,
    })),
  ];
}
