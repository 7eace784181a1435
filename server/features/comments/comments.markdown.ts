import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/** Schemes a link in a comment may use; anything else (javascript:, data:, vbscript: …) is text. */
const allowedSchemes = ['http', 'https', 'mailto'];

/**
 * Whether a link target is safe to keep: an http(s) or mailto URL, or a path on this site. The
 * browser ignores control characters and whitespace inside a scheme ("java\tscript:") and decodes
 * entities ("&#106;avascript:"), so those never pass as a scheme or a relative path.
 */
export function isSafeHref(href: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what to strip
  const compact = href.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
  if (compact.startsWith('//') || compact.startsWith('\\') || compact.startsWith('/\\')) {
    return false;
  }
  const head = compact.split(/[/?#]/, 1)[0] ?? '';
  if (head.includes('&')) return false;
  const colon = head.indexOf(':');
  if (colon === -1) return true;
  return allowedSchemes.includes(head.slice(0, colon));
}

function escapeText(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

// Markdown is the only markup: raw HTML in a comment is shown as text, never interpreted.
const marked = new Marked({
  gfm: true,
  breaks: true,
  async: false,
  renderer: {
    html({ text }) {
      return escapeText(text);
    },
    // A link whose target is not allowed keeps its words and loses the link.
    link({ href, tokens }) {
      if (isSafeHref(href)) return false;
      return this.parser.parseInline(tokens);
    },
    // Comments carry no images (no tracking pixels, no layout shift): an image becomes a link to it.
    image({ href, text }) {
      const label = escapeText(text.trim() || 'image');
      if (!isSafeHref(href)) return label;
      return `<a href="${escapeText(href)}">${label}</a>`;
    },
    checkbox({ checked }) {
      return checked ? '☑ ' : '☐ ';
    },
  },
});

/** The allow-list: text formatting, lists, quotes, code, tables and safe links; nothing else. */
const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'del',
    's',
    'blockquote',
    'ul',
    'ol',
    'li',
    'code',
    'pre',
    'a',
    'hr',
    'h3',
    'h4',
    'h5',
    'h6',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'], ol: ['start'] },
  allowedSchemes,
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
  transformTags: {
    // Headings inside a comment must not outrank the page's own.
    h1: 'h3',
    h2: 'h4',
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        ...(attribs.title ? { title: attribs.title } : {}),
        rel: 'nofollow ugc noopener',
        target: '_blank',
      },
    }),
  },
};

/** Renders a comment's Markdown to HTML that is safe to insert into the page as it is. */
export function renderCommentMarkdown(source: string): string {
  return sanitizeHtml(parseMarkdown(source), sanitizeOptions).trim();
}

function parseMarkdown(source: string): string {
  try {
    return marked.parse(source) as string;
  } catch {
    // Pathological nesting (thousands of '>') overflows marked's recursive lexer: such a body
    // is shown as the plain text it is rather than failing the request.
    return source
      .split(/\n{2,}/)
      .map((paragraph) => `<p>${escapeText(paragraph).replaceAll('\n', '<br>')}</p>`)
      .join('\n');
  }
}

/** The comment's words without markup, for notifications and e-mails. */
export function toPlainExcerpt(html: string, limit = 200): string {
  const text = sanitizeHtml(html.replace(/<\/(p|li|h\d|blockquote|pre|tr)>/g, ' '), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length <= limit ? text : `${text.slice(0, limit - 1).trimEnd()}…`;
}
