import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getNotifications } from '../../../contract/notifications.base.ts';
import { callApi } from '../../api/client.ts';
import { currentUserQueryKey } from '../session/api.ts';

/** Reading the notifications clears NewNotification on the server: the bell's dot follows. */
export function useNotifications() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['notifications'],
    queryFn: async ({ signal }) => {
      const answer = await callApi(getNotifications, {}, { signal });
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      return answer;
    },
    staleTime: 0,
  });
}
