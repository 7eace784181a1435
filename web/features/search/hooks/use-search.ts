import { minimumSearchLength } from '../../../../contract/search.base.ts';
import { useSearchResults } from '../api.ts';
import { useDebouncedSearchText } from '../../../hooks/use-debounced-search.ts';

/**
 * The search box (docs/product/behaviour.md#search-box): empty text clears the results at once;
 * 2 or fewer characters (trimmed) make no call; typing is debounced. Results are keyed by their
 * query, so an answer to an older query never replaces the current one.
 */
export function useSearch(text: string) {
  const query = useDebouncedSearchText(text);
  const trimmed = text.trim();

  const isLongEnough = trimmed.length >= minimumSearchLength;
  const isQueryActive = query !== '';
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
