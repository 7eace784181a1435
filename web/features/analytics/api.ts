import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { filterCommunity, getAllVotes } from '../../../contract/analytics.base.ts';
import type { Endpoint } from '../../../contract/calls.ts';
import type { ReportName } from '../../../contract/reports.base.ts';
import { searchUserTags } from '../../../contract/usertags.base.ts';
import { callApi } from '../../api/client.ts';

/**
 * A filtered call's endpoint with the filters' query string on its path (the POST body carries
 * the rest): the same call to the contract, so its payload and response types still apply.
 */
export function withFilters<At extends Endpoint>(endpoint: At, query: string): At {
  return (query ? { ...endpoint, path: `${endpoint.path}?${query}` } : endpoint) as At;
}

/**
 * The community of a report under the filters (`query`, already debounced): averages per entry
 * and members, or withheld with the reason. The last answer stays on screen while the next loads.
 */
export function useFilteredCommunity(name: ReportName, query: string) {
  return useQuery({
    queryKey: ['analytics', 'filter', name, query],
    queryFn: ({ signal }) =>
      callApi(withFilters(filterCommunity, query), { assessmentType: name }, { signal }),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === name ? keepPreviousData(previous) : undefined,
    staleTime: 60_000,
  });
}

/** One opinion's votes per demographic answer under the filters (`query`, already debounced). */
export function useAllVotes(slug: string, query: string, { enabled = true } = {}) {
  return useQuery({
    queryKey: ['analytics', 'allvotes', slug, query],
    queryFn: ({ signal }) => callApi(withFilters(getAllVotes, query), { slug }, { signal }),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === slug ? keepPreviousData(previous) : undefined,
    enabled,
    staleTime: 60_000,
  });
}

/** Tags whose name holds `text` (already debounced; '' searches nothing). */
export function useTagSearch(text: string) {
  return useQuery({
    queryKey: ['usertags', 'search', text],
    queryFn: ({ signal }) => callApi(searchUserTags, { q: text }, { signal }),
    enabled: text.length > 0,
    staleTime: 30_000,
  });
}
