/** Escapes text for an HTML text node or a quoted attribute. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * Characters XML 1.0 cannot carry at all, even escaped: C0 controls other than tab and line
 * breaks, and U+FFFE/U+FFFF (a lone surrogate becomes U+FFFD). A title holding one would make a
 * sitemap or a share image unparsable, so they are dropped.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what to drop
const xmlForbidden = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** Escapes text for an XML text node or a quoted attribute (SVG, the sitemap). */
export function escapeXml(value: string): string {
  return escapeHtml(value.toWellFormed().replace(xmlForbidden, ''));
}
