import { escapeHtml } from '../../html.ts';
import type { Mail } from './mail.service.ts';

export type MailContent = {
  subject: string;
  /** First line of the mail, as a greeting or headline. */
  heading: string;
  paragraphs: string[];
  /** A one-time code shown large. */
  code?: string;
  /** The one thing the reader should do, as a button (HTML) and a bare link (text). */
  action?: { label: string; url: string };
  /** Small print under the body: why the reader got this mail. */
  footnote?: string;
};

/**
 * Every mail has a plain-text part (read by simple clients and spam filters) and an HTML part
 * with the same words; the HTML is built only from escaped text, never from member input as HTML.
 */
export function composeMail(to: string, content: MailContent): Mail {
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(content.code ? [content.code, ''] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.footnote ? ['--', content.footnote] : []),
  ]
    .join('\n')
    .trimEnd();

  const paragraphStyle = 'margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2328';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f5f2;font-family:Georgia,'Times New Roman',serif">
<div style="max-width:520px;margin:0 auto;padding:32px;background:#ffffff;border-radius:12px">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#1f2328">Stance</p>
<h1 style="margin:0 0 16px;font-size:22px;color:#1f2328">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map((paragraph) => `<p style="${paragraphStyle}">${escapeHtml(paragraph)}</p>`).join('\n')}
${
  content.code
    ? `<p style="margin:24px 0;font-family:Menlo,Consolas,monospace;font-size:32px;letter-spacing:8px;font-weight:bold;color:#1f2328">${escapeHtml(content.code)}</p>`
    : ''
}${
    content.action
      ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:#3f3cbb;color:#ffffff;text-decoration:none;font-family:system-ui,sans-serif;font-weight:600">${escapeHtml(content.action.label)}</a></p>
<p style="${paragraphStyle};font-size:14px;word-break:break-all">${escapeHtml(content.action.url)}</p>`
      : ''
  }${
    content.footnote
      ? `<p style="margin:32px 0 0;font-size:13px;line-height:1.5;color:#6b6f76">${escapeHtml(content.footnote)}</p>`
      : ''
  }
</div>
</body></html>`;
  return { to, subject: content.subject, text, html };
}
