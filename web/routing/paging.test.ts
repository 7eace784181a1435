import { describe, expect, it } from 'vitest';
import { nextCursor, nextPageHref, pageCursor } from './paging.ts';

describe('paging a list by its address', () => {
  it('starts where the address says, or at the start', () => {
    expect(pageCursor(new URLSearchParams('after=abc&sort=recent'))).toBe('abc');
    expect(pageCursor(new URLSearchParams('sort=recent'))).toBe('');
  });

  it('links to the page after the last one loaded, keeping the tab or order', () => {
    const pages = [
      { After: 'first', EndReached: false },
      { After: 'x/y+z', EndReached: false },
    ];
    expect(nextPageHref(pages)).toBe('?after=x%2Fy%2Bz');
    expect(nextPageHref(pages, new URLSearchParams('sort=recent&after=first'))).toBe(
      '?sort=recent&after=x%2Fy%2Bz',
    );
  });

  it('has no next page at the end of the list, or before any page has loaded', () => {
    expect(nextPageHref([{ After: 'c', EndReached: true }])).toBeUndefined();
    expect(nextPageHref([{ After: '', EndReached: false }])).toBeUndefined();
    expect(nextPageHref([])).toBeUndefined();
    expect(nextCursor({ After: 'c', EndReached: false })).toBe('c');
  });
});
