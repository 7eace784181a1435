/**
 * A readable URL slug: lower-case ASCII words joined by hyphens, at most 80 characters;
 * `fallback` when the title has no letters or digits to keep.
 */
export function slugify(title: string, fallback = 'opinion'): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const cut = slug.length > 80 ? slug.slice(0, 80).replace(/-[^-]*$/, '') : slug;
  return cut || fallback;
}

/** The first of slug, slug-2, slug-3 … that `isTaken` says is free. */
export async function uniqueSlug(
  base: string,
  isTaken: (slug: string) => Promise<boolean> | boolean,
) {
  for (let suffix = 1; ; suffix++) {
    const candidate = suffix === 1 ? base : `${base}-${suffix}`;
    if (!(await isTaken(candidate))) return candidate;
  }
}
