import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

// Raw HTML in a comment is shown as text, never interpreted: Markdown is the only markup.
const marked = new Marked({
  gfm: true,
  breaks: true,
  async: false,
  renderer: {
    html({ text }) {
      return escapeText(text);
    },
  },
});

function escapeText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** The allow-list: text formatting, lists, quotes, code and http(s)/mailto links; nothing else. */
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
  ],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
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
  const html = marked.parse(source) as string;
  return sanitizeHtml(html, sanitizeOptions).trim();
}
