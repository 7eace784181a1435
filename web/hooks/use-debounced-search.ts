import { useEffect, useState } from 'react';
import { minimumSearchLength } from '../../contract/search.base.ts';
import { createDebouncer } from './debounce.ts';

/** Debounce 150 ms, at most 500 ms (docs/product/constants.md#search). */
export const searchDebounce = { waitMs: 150, maxWaitMs: 500 } as const;

/**
 * What a search box searches for: its trimmed text once typing pauses (at the latest 500 ms into
 * steady typing), and '' at once while the text is shorter than the minimum search length, so
 * that an answer to an older, longer query is never shown for it. The search box and the topic
 * picker both search this way.
 */
export function useDebouncedSearchText(text: string): string {
  const [query, setQuery] = useState('');
  const [debouncer] = useState(() => createDebouncer(setQuery, searchDebounce));
  const trimmed = text.trim();

  useEffect(() => {
    if (trimmed.length < minimumSearchLength) {
      debouncer.cancel();
      setQuery('');
    } else {
      debouncer.call(trimmed);
    }
  }, [trimmed, debouncer]);
  useEffect(() => () => debouncer.cancel(), [debouncer]);

  return trimmed.length < minimumSearchLength ? '' : query;
}
