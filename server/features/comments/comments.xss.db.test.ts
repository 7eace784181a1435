import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLongEnoughForArgument } from '../../../contract/comments.base.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildOpinion, buildUser, loginAs } from '../../test/factories.ts';
import { renderCommentMarkdown } from './comments.markdown.ts';

/**
 * Hostile comment bodies: script tags, event handlers, javascript:/data:/vbscript: URLs in every
 * disguise, SVG and MathML, malformed and nested tags, Markdown links, images and references.
 */
const xssCorpus = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//xss.example/.j></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<body onload=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="https://ok.example" onclick="alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href=//evil.example>x</a>',
  '<p onclick="alert(1)">para</p>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<style>body{background:red}</style>',
  '<link rel=stylesheet href=//evil.example>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<object data="javascript:alert(1)">',
  '<embed src=javascript:alert(1)>',
  '<form action=javascript:alert(1)><button>x</button></form>',
  '<input onfocus=alert(1) autofocus>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)">',
  '<marquee onstart=alert(1)>',
  '<template><img src=x onerror=alert(1)></template>',
  '<isindex type=image src=1 onerror=alert(1)>',
  '<img src=x:alert(alt) onerror=eval(src) alt=0>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<<script>script>alert(1)<</script>/script>',
  '<scr<script>ipt>alert(1)</script>',
  '<img src="x" onerror="alert(1)"',
  '<a href="javascript:alert(1)"',
  '<!--<img src=x onerror=alert(1)>-->',
  '<![CDATA[<script>alert(1)</script>]]>',
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
  '\u202e<script>alert(1)</script>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '&#60;script&#62;alert(1)&#60;/script&#62;',
  '[click](javascript:alert(1))',
  '[click](JaVaScRiPt:alert(1))',
  '[click](javascript&#58;alert(1))',
  '[click](&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1))',
  '[click](&#x6A;avascript:alert(1))',
  '[click](jav&#x09;ascript:alert(1))',
  '[click](java\u0001script:alert(1))',
  '[click](  javascript:alert(1))',
  '[click](<javascript:alert(1)>)',
  '<javascript:alert(1)>',
  '[click](vbscript:msgbox(1))',
  '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[click](//evil.example)',
  '[click](\\\\evil.example)',
  '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '![x](javascript:alert(1))',
  '![x" onerror="alert(1)](https://example.com/a.png)',
  '[x](https://example.com" onmouseover="alert(1))',
  '[x](https://example.com "title\\" onmouseover=\\"alert(1)")',
  '[x][ref]\n\n[ref]: javascript:alert(1)',
  '[x][ref]\n\n[ref]: https://ok.example "a\\" onclick=\\"alert(1)"',
  '<https://example.com/" onmouseover="alert(1)>',
  'https://example.com/<script>alert(1)</script>',
  'www.example.com/"onmouseover="alert(1)',
  '[x](https://example.com/?q=<script>)',
  '[x](mailto:a@b.example?body=<script>)',
  '[<img src=x onerror=alert(1)>](https://example.com)',
  '`<script>alert(1)</script>`',
  '```html\n<script>alert(1)</script>\n```',
  '> <img src=x onerror=alert(1)>',
  '- <svg/onload=alert(1)>',
  '# <script>alert(1)</script>',
  '**<img src=x onerror=alert(1)>**',
  '| <img src=x onerror=alert(1)> | b |\n|---|---|\n| c | d |',
  '- [x] <script>alert(1)</script>',
  '>'.repeat(5000) + ' deep',
];

const allowedTags = new Set([
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
]);
const allowedAttributes: Record<string, readonly string[]> = {
  a: ['href', 'title', 'rel', 'target'],
  ol: ['start'],
};

const namedEntities: Record<string, string> = {
  amp: '&',
  quot: '"',
  lt: '<',
  gt: '>',
  apos: "'",
};

/** Decodes an attribute value as a browser would; an entity this test does not know fails it. */
function decodeAttribute(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (entity, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) {
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    }
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    const decoded = namedEntities[name.toLowerCase()];
    if (decoded === undefined) throw new Error(`unexpected entity ${entity} in an attribute`);
    return decoded;
  });
}

function isAllowedHref(href: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what to strip
  const compact = href.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
  if (compact.startsWith('//') || compact.startsWith('\\') || compact.startsWith('/\\')) {
    return false;
  }
  const head = compact.split(/[/?#]/, 1)[0] ?? '';
  if (!head.includes(':')) return true;
  return /^(https?|mailto):/.test(head);
}

/**
 * The HTML must consist of allowed tags with allowed, double-quoted attributes and safe links;
 * any other '<' is a failure (text must arrive escaped as &lt;).
 */
function assertSafeHtml(html: string, vector: string) {
  const tag = /<(\/?)([a-z0-9]+)((?:\s+[a-z-]+="[^"<>]*")*)\s*\/?>/y;
  let index = html.indexOf('<');
  while (index !== -1) {
    tag.lastIndex = index;
    const match = tag.exec(html);
    if (!match) {
      throw new Error(`raw markup survived ${JSON.stringify(vector)}: ${html.slice(index, 80)}`);
    }
    const name = match[2]!;
    expect(allowedTags.has(name), `tag <${name}> from ${JSON.stringify(vector)}`).toBe(true);
    for (const attribute of (match[3] ?? '').matchAll(/\s+([a-z-]+)="([^"]*)"/g)) {
      const [, attributeName = '', value = ''] = attribute;
      expect(
        allowedAttributes[name]?.includes(attributeName),
        `attribute ${attributeName} on <${name}> from ${JSON.stringify(vector)}`,
      ).toBe(true);
      const decoded = decodeAttribute(value);
      if (attributeName === 'href') {
        expect(isAllowedHref(decoded), `href ${decoded} from ${JSON.stringify(vector)}`).toBe(true);
      }
      expect(decoded.toLowerCase()).not.toMatch(/javascript:|vbscript:|data:/);
    }
    if (name === 'a' && match[1] === '') {
      expect(match[3]).toContain('rel="nofollow ugc noopener"');
    }
    index = html.indexOf('<', tag.lastIndex);
  }
}

describe('the comment renderer against the XSS corpus', () => {
  it('has at least 50 vectors', () => {
    expect(xssCorpus.length).toBeGreaterThanOrEqual(50);
  });

  it.each(xssCorpus.map((vector) => [vector]))('neutralises %j', (vector) => {
    assertSafeHtml(renderCommentMarkdown(vector), vector);
  });

  it('keeps ordinary Markdown and safe links working', () => {
    expect(renderCommentMarkdown('**bold** and [a link](https://example.com)')).toBe(
      '<p><strong>bold</strong> and <a href="https://example.com" rel="nofollow ugc noopener" target="_blank">a link</a></p>',
    );
    expect(renderCommentMarkdown('[x](javascript:alert(1))')).toBe('<p>x</p>');
    expect(renderCommentMarkdown('<b>raw</b>')).toBe('<p>&lt;b&gt;raw&lt;/b&gt;</p>');
  });

  it('passes its own checker only for safe HTML', () => {
    expect(() => assertSafeHtml('<img src=x onerror=alert(1)>', 'self-test')).toThrow();
    expect(() => assertSafeHtml('<a href="javascript:alert(1)">x</a>', 'self-test')).toThrow();
    expect(() => assertSafeHtml('<p onclick="x">y</p>', 'self-test')).toThrow();
  });
});

/**
 * A vector shorter than an argument may be gets a sentence after it, in a paragraph of its own,
 * so that it reaches the renderer rather than the length rule (docs/decisions/067).
 */
function asArgument(vector: string): string {
  return isLongEnoughForArgument(vector)
    ? vector
    : `${vector}\n\nA sentence that makes this long enough to post.`;
}

describe('hostile bodies through /new and /edit', () => {
  let t: TestApp;
  /** Several authors, so the corpus stays under the per-member comment rate limit. */
  const cookies: string[] = [];
  let threadID: string;

  beforeAll(async () => {
    t = await createTestApp();
    for (let i = 0; i < 4; i++) cookies.push(await loginAs(t.db, (await buildUser(t.db)).id));
    threadID = String((await buildOpinion(t.db)).id);
  });
  afterAll(async () => {
    await t.close();
  });

  async function post(path: string, body: unknown, index: number) {
    return t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json', cookie: cookies[index % cookies.length]! },
      payload: { body },
    });
  }

  it('stores and returns no live markup, on creation and on edit', async () => {
    const created: number[] = [];
    for (const [index, vector] of xssCorpus.entries()) {
      const response = await post(
        '/api/v2/comment/new',
        { threadID, parentID: 0, body: asArgument(vector), responseType: 'pro', pathname: '/o/x' },
        index,
      );
      expect(response.statusCode, vector).toBe(200);
      const comment = response.json().body.Comment;
      assertSafeHtml(comment.Body, vector);
      created.push(comment.CommentID);
    }

    // Each comment is then edited to the next vector, so every vector also goes through /edit.
    for (const [index, commentID] of created.entries()) {
      const vector = xssCorpus[(index + 1) % xssCorpus.length]!;
      const response = await post(
        '/api/v2/comment/edit',
        { commentID, newBody: asArgument(vector), newResponseType: 'con' },
        index,
      );
      expect(response.statusCode, vector).toBe(200);
      assertSafeHtml(response.json().body.Comment.Body, vector);
      const source = await post('/api/v2/comment/getsource', { commentID }, index);
      expect(source.json().body.Source).toBe(asArgument(vector).trim());
    }

    const stored = await t.db
      .selectFrom('comments')
      .select(['bodyHtml', 'bodySource'])
      .where('id', 'in', created)
      .execute();
    expect(stored).toHaveLength(xssCorpus.length);
    for (const row of stored) assertSafeHtml(row.bodyHtml, row.bodySource);

    const thread = await post('/api/v2/comment/get', { threadID, sort: 'oldest' }, 0);
    const bodies = thread.json().body.Comments.map((comment: { Body: string }) => comment.Body);
    expect(bodies).toHaveLength(xssCorpus.length);
    for (const body of bodies) assertSafeHtml(body, 'thread');
  });
});
