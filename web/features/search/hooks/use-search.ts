import { useEffect, useState } from 'react';
import { minimumSearchLength } from '../../../../contract/search.ts';
import { useSearchResults } from '../api.ts';
import { createDebouncer } from '../debounce.ts';
import { searchDebounce } from '../search-results.ts';

/**
 * The search box of SPEC.md §4: empty text clears the results at once; 2 or fewer characters
 * (trimmed) make no call; typing is debounced. Results are keyed by their query, so an answer to
 * an older query never replaces the current one.
 */
export function useSearch(text: string) {
  const [query, setQuery] = useState('');
  const [debouncer] = useState(() => createDebouncer(setQuery, searchDebounce));
  const trimmed = text.trim();

  useEffect(() => {
    if (trimmed === '') {
      debouncer.cancel();
      setQuery('');
    } else {
      debouncer.call(trimmed);
    }
  }, [trimmed, debouncer]);
  useEffect(() => () => debouncer.cancel(), [debouncer]);

  const isLongEnough = trimmed.length >= minimumSearchLength;
  const isQueryActive = isLongEnough && query.length >= minimumSearchLength;
  const results = useSearchResults(isQueryActive ? query : '');
  const isAnswered = isQueryActive && results.isSuccess;
  return {
    isEmpty: trimmed === '',
    isTooShort: trimmed !== '' && !isLongEnough,
    isSearching: isLongEnough && !isAnswered && !results.isError,
    isAnswered,
    results: isAnswered ? results.data.Results : [],
    error: isQueryActive && results.isError ? results.error : null,
  };
}
