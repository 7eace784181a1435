/**
 * At most `limit` characters of plain text on one line, cut at a word with an ellipsis: a page's
 * description from a member's own words (a bio, a shared result's scores).
 */
export function shorten(plain: string, limit: number): string {
  const flat = plain.replace(/\s+/g, ' ').trim();
  if (flat.length <= limit) return flat;
  return `${flat.slice(0, limit - 1).replace(/\s+\S*$/, '')}…`;
}
