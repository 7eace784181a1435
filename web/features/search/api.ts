import { useQuery } from '@tanstack/react-query';
import { minimumSearchLength, searchAll } from '../../../contract/search.base.ts';
import { callApi } from '../../api/client.ts';

export function useSearchResults(query: string) {
  return useQuery({
    queryKey: ['search', query],
    queryFn: ({ signal }) => callApi(searchAll, { q: query }, { signal }),
    enabled: query.length >= minimumSearchLength,
    staleTime: 60_000,
  });
}
