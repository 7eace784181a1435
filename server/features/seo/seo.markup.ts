import { productName } from '../../../contract/routes.ts';
import { escapeHtml } from '../../html.ts';

/**
 * Markup for the server-rendered pages (docs/decisions/038): plain HTML with the web app's design
 * tokens, so that a reader without JavaScript gets a page that looks like Stance, and a reader
 * with it sees the app's frame stay put when the app takes the page over.
 */

/** An attribute value or text node: every interpolated value goes through here or `path`. */
export const text = escapeHtml;

/** A site path with one dynamic segment, percent-encoded and escaped for an href. */
export function path(prefix: string, segment: string): string {
  return escapeHtml(`${prefix}${encodeURIComponent(segment)}`);
}

/**
 * The styles of the server-rendered content. They live inside #root, so they leave with it when
 * the app renders; the values come from web/ui/tokens.css, which the page's stylesheet loads.
 */
const styles = `
.ssr-topbar{position:sticky;top:0;z-index:30;background:rgb(255 255 255/.92);border-bottom:1px solid var(--color-border)}
.ssr-topbar-inner{display:flex;align-items:center;gap:var(--space-4);height:var(--topbar-height);max-width:var(--content-width);margin:0 auto;padding:0 var(--space-5)}
.ssr-logo{display:flex;align-items:center;gap:var(--space-2);color:var(--color-text);font-family:var(--font-serif);font-size:1.375rem;font-weight:700;letter-spacing:-.01em;text-decoration:none}
.ssr-logo svg{width:28px;height:28px}
.ssr-nav{display:flex;gap:var(--space-1)}
.ssr-nav a{display:inline-flex;align-items:center;min-height:36px;padding:0 var(--space-3);color:var(--color-text-muted);font-size:var(--text-sm);font-weight:600;text-decoration:none}
.ssr-main{flex:1;display:flex;flex-direction:column;gap:var(--space-6);width:100%;max-width:820px;margin:0 auto;padding:var(--space-6) var(--space-5) var(--space-8)}
.ssr-card{display:flex;flex-direction:column;gap:var(--space-4);padding:var(--space-6);background:var(--color-surface);border:1px solid var(--color-border);border-radius:var(--radius-lg);box-shadow:var(--shadow-card)}
.ssr-title{font-family:var(--font-serif);font-size:var(--text-3xl);font-weight:700;line-height:1.2;letter-spacing:-.01em;overflow-wrap:anywhere}
.ssr-card h2{font-size:var(--text-lg)}
.ssr-muted{color:var(--color-text-muted);font-size:var(--text-sm)}
.ssr-chips,.ssr-bars,.ssr-list{margin:0;padding:0;list-style:none}
.ssr-chips{display:flex;flex-wrap:wrap;gap:var(--space-2)}
.ssr-chips a{display:inline-flex;align-items:center;min-height:26px;padding:0 var(--space-3);border-radius:var(--radius-full);background:var(--color-surface-sunken);color:var(--color-text-muted);font-size:var(--text-xs);font-weight:600;text-decoration:none}
.ssr-insight{padding:var(--space-4);border-left:3px solid var(--color-accent);border-radius:0 var(--radius-md) var(--radius-md) 0;background:var(--color-accent-soft)}
.ssr-standing{display:flex;flex-direction:column;gap:var(--space-3)}
.ssr-bars{display:grid;gap:var(--space-2)}
.ssr-bars li{display:grid;grid-template-columns:minmax(7rem,10rem) 1fr 3.5rem;align-items:center;gap:var(--space-3);font-size:var(--text-sm)}
.ssr-track{height:12px;border-radius:var(--radius-full);background:var(--color-surface-sunken);overflow:hidden}
.ssr-fill{display:block;height:100%;background:var(--color-accent)}
.ssr-value{text-align:right;font-weight:650;font-variant-numeric:tabular-nums}
.ssr-list{display:flex;flex-direction:column;gap:var(--space-4)}
.ssr-list>li+li{padding-top:var(--space-4);border-top:1px solid var(--color-border)}
.ssr-list h3{font-size:var(--text-md)}
.ssr-feed{display:flex;flex-direction:column;gap:var(--space-4);margin:0;padding:0;list-style:none}
.ssr-card-title{font-family:var(--font-serif);font-size:var(--text-xl);line-height:1.3;overflow-wrap:anywhere}
.ssr-card-title a{color:var(--color-text);text-decoration:none}
.ssr-comment{overflow-wrap:anywhere}
.ssr-comment p+p,.ssr-comment ul,.ssr-comment ol,.ssr-comment blockquote,.ssr-comment pre{margin-top:var(--space-2)}
.ssr-profile{display:flex;gap:var(--space-5);align-items:flex-start}
.ssr-profile img{flex:none;border-radius:var(--radius-full)}
.ssr-bio{white-space:pre-line}
.ssr-figures{display:flex;flex-wrap:wrap;gap:var(--space-2) var(--space-5);margin:0}
.ssr-figures div{display:flex;flex-direction:row-reverse;gap:var(--space-1)}
.ssr-figures dd{margin:0;font-weight:650}
.ssr-footer{margin-top:auto;border-top:1px solid var(--color-border);background:var(--color-surface)}
.ssr-footer nav{display:flex;flex-wrap:wrap;gap:var(--space-2) var(--space-4);max-width:var(--content-width);margin:0 auto;padding:var(--space-5);font-size:var(--text-sm)}
.ssr-footer a{color:var(--color-text-muted)}
@media (max-width:640px){.ssr-main{padding:var(--space-4) var(--space-3) var(--space-7)}.ssr-card{padding:var(--space-5)}.ssr-nav{display:none}.ssr-bars li{grid-template-columns:7rem 1fr 3rem}}
`
  .trim()
  .replaceAll('\n', '');

const logoMark =
  '<svg viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="8" fill="#3f3cbb"/>' +
  '<path d="M9 21.5 13.5 9h3.2L13 21.5z" fill="#fff"/>' +
  '<path d="M16 21.5 20.5 9h3.2L20 21.5z" fill="#fff" opacity="0.6"/></svg>';

const mainLinks = [
  { label: 'For You', href: '/' },
  { label: 'All topics', href: '/topics' },
  { label: 'Top contributors', href: '/contributors' },
  { label: 'Latest activity', href: '/activity' },
];

const footerLinks = [
  { label: 'About', href: '/article/about-us' },
  { label: 'Rules', href: '/article/rules' },
  { label: 'Privacy', href: '/privacy' },
  { label: 'Terms', href: '/terms-of-service' },
];

const linkList = (links: typeof mainLinks) =>
  links.map((link) => `<a href="${link.href}">${link.label}</a>`).join('');

/**
 * The page around server-rendered content: the top bar, the main column and the footer, laid
 * out as the app lays out its own (the same heights and widths), so nothing moves but the
 * content when the app takes over.
 */
export function pageFrame(main: string): string {
  return [
    `<style>${styles}</style>`,
    '<header class="ssr-topbar"><div class="ssr-topbar-inner">',
    `<a class="ssr-logo" href="/">${logoMark}<span>${productName}</span></a>`,
    `<nav class="ssr-nav" aria-label="Main">${linkList(mainLinks)}</nav>`,
    '</div></header>',
    `<main id="main" class="ssr-main">${main}</main>`,
    `<footer class="ssr-footer"><nav aria-label="Footer">${linkList(footerLinks)}</nav></footer>`,
  ].join('');
}

/** A readable notice for a visitor without JavaScript: the page can be read, not acted on. */
export const needsScriptNotice =
  '<noscript><p class="ssr-muted">Turn on JavaScript to vote and to join the argument.</p></noscript>';

/**
 * A page as the server sends it (docs/decisions/038): what goes into the head, and readable
 * content for #root that the web app replaces when it starts.
 */
export type ServerPage = {
  title: string;
  status: number;
  description: string;
  /** Open Graph type: an opinion is an article, everything else the website. */
  type: 'website' | 'article';
  /** HTML for #root; empty for pages the server does not render. */
  body: string;
  /** The page's share image; `path` is a site path, not yet escaped (the head does both). */
  image?: { path: string; alt: string; width: number; height: number };
  /**
   * Keep the page out of search results (`<meta name="robots" content="noindex">`): a member who
   * shares a result chose to hand out a link, not to be listed (docs/decisions/041).
   */
  noindex?: boolean;
  /**
   * The opinions whose comments or content the page shows: a cached page is dropped when one of
   * them changes (announceChange, docs/decisions/043). Not sent.
   */
  opinionIds?: readonly number[];
  /**
   * Data the app starts from instead of asking for it again, written after #root as
   * `<script type="application/json" id="…">` (data, never run: the CSP allows no inline script).
   */
  data?: { id: string; value: unknown };
};
