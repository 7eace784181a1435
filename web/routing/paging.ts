/**
 * Paging a list by its address: a list read from `?after=` starts at that cursor, and its 'Load
 * more' is a link to the next page's address, which the server renders for a reader without
 * JavaScript; with it, the next page is added below instead (docs/decisions/085).
 */

type ListPage = { After: string; EndReached: boolean };

/** The next page's cursor, or undefined once the server says the list has ended. */
export function nextCursor(page: ListPage): string | undefined {
  return page.EndReached || page.After === '' ? undefined : page.After;
}

/** The address's cursor: where a list read from `?after=` starts ('' for its start). */
export function pageCursor(search: URLSearchParams): string {
  return search.get('after') ?? '';
}

/**
 * The address of the page after the last one loaded, keeping the address's other parameters (a
 * tab, an order); undefined at the list's end.
 */
export function nextPageHref(
  pages: readonly ListPage[],
  search: URLSearchParams = new URLSearchParams(),
): string | undefined {
  const last = pages.at(-1);
  const cursor = last ? nextCursor(last) : undefined;
  if (cursor === undefined) return undefined;
  const next = new URLSearchParams(search);
  next.set('after', cursor);
  return `?${next.toString()}`;
}
