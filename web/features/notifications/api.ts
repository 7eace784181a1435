import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { getNotifications } from '../../../contract/notifications.base.ts';
import { callApi } from '../../api/client.ts';
import { currentUserQueryKey } from '../session/api.ts';

/** The member's notifications: fetched by the server's render too (handle.queries). */
export const notificationsQuery = () =>
  queryOptions({
    queryKey: ['notifications'],
    queryFn: ({ signal }) => callApi(getNotifications, {}, { signal }),
  });

/** Reading the notifications clears NewNotification on the server: the bell's dot follows. */
export function useNotifications() {
  const queryClient = useQueryClient();
  return useQuery({
    ...notificationsQuery(),
    queryFn: async ({ signal }) => {
      const answer = await callApi(getNotifications, {}, { signal });
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      return answer;
    },
    staleTime: 0,
  });
}
