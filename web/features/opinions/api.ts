import { useQuery } from '@tanstack/react-query';
import { getOpinion } from '../../../contract/opinions.ts';
import { callApi } from '../../api/client.ts';

export function opinionQueryKey(slug: string) {
  return ['opinion', slug] as const;
}

export function useOpinion(slug: string, { enabled = true } = {}) {
  return useQuery({
    queryKey: opinionQueryKey(slug),
    queryFn: ({ signal }) => callApi(getOpinion, { slug }, { signal }),
    enabled: enabled && slug !== '',
  });
}
