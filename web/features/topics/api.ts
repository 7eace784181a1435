import { useQuery } from '@tanstack/react-query';
import { getAllTopics } from '../../../contract/opinions.ts';
import { callApi } from '../../api/client.ts';

export function useAllTopics() {
  return useQuery({
    queryKey: ['topics', 'all'],
    queryFn: ({ signal }) => callApi(getAllTopics, {}, { signal }),
    staleTime: 5 * 60_000,
  });
}
