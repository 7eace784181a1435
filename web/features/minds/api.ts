import {
  queryOptions,
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  creditPersuasion,
  getOpinionHistory,
  getOpinionTrend,
} from '../../../contract/minds.base.ts';
import { callApi } from '../../api/client.ts';
import { threadQueryKey } from '../comments/api.ts';
import { currentUserQueryKey } from '../session/api.ts';

export const opinionHistoryKey = ['opinion-history'] as const;

/** The member's own changes of vote, a page at a time, newest first. */
export const opinionHistoryQuery = () =>
  infiniteQueryOptions({
    queryKey: opinionHistoryKey,
    queryFn: ({ pageParam, signal }) =>
      callApi(getOpinionHistory, { after: pageParam || undefined }, { signal }),
    initialPageParam: '',
    getNextPageParam: (last) => (last.After === '' ? undefined : last.After),
    staleTime: 0,
  });

export function useOpinionHistory() {
  return useInfiniteQuery(opinionHistoryQuery());
}

/** "This changed my mind": the thread shows the new count, the history the credit. */
export function useCreditPersuasion(threadID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentID: number) => callApi(creditPersuasion, { commentID }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: threadQueryKey(threadID) });
      void queryClient.invalidateQueries({ queryKey: opinionHistoryKey });
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}

/** An opinion's vote shares by day (the Movement section's chart). */
export const opinionTrendQuery = (opinionId: number) =>
  queryOptions({
    queryKey: ['opinion-trend', opinionId],
    queryFn: ({ signal }) => callApi(getOpinionTrend, { id: opinionId }, { signal }),
    staleTime: 60_000,
  });

export function useOpinionTrend(opinionId: number) {
  return useQuery(opinionTrendQuery(opinionId));
}
