import { useQuery } from '@tanstack/react-query';
import { userInfo } from '../../../contract/user.ts';
import { callApi } from '../../api/client.ts';

/** SPEC.md §9: the user record refreshes every 5 minutes. */
export const userRefreshIntervalMs = 300_000;

export const currentUserQueryKey = ['user', 'info'] as const;

/** The user-info call, refreshed every 5 minutes only while the page is visible. */
export function useCurrentUserQuery() {
  return useQuery({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => callApi(userInfo, {}, { signal }),
    refetchInterval: userRefreshIntervalMs,
    refetchIntervalInBackground: false,
    staleTime: userRefreshIntervalMs,
  });
}
