import { queryOptions, useQuery } from '@tanstack/react-query';
import { userInfo } from '../../../contract/user.base.ts';
import { callApi } from '../../api/client.ts';

/** The user record refreshes every 5 minutes (docs/product/constants.md#timing). */
export const userRefreshIntervalMs = 300_000;

export const currentUserQueryKey = ['user', 'info'] as const;

/** Who is reading: asked by every page, the server's render included. */
export const currentUserQuery = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => callApi(userInfo, {}, { signal }),
    staleTime: userRefreshIntervalMs,
  });

/** The user-info call, refreshed every 5 minutes only while the page is visible. */
export function useCurrentUserQuery() {
  return useQuery({
    ...currentUserQuery(),
    refetchInterval: userRefreshIntervalMs,
    refetchIntervalInBackground: false,
  });
}
