import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '../../../contract/calls.ts';
import {
  getSharedReport,
  listShares,
  shareReport,
  unshareReport,
} from '../../../contract/reports.base.ts';
import { callApi, statusOf } from '../../api/client.ts';

/** A link a member made to one of their results (docs/decisions/041). */
export type Share = ResponseOf<typeof listShares>['Shares'][number];
/** The frozen result a shared link shows. */
export type SharedResult = ResponseOf<typeof getSharedReport>['Shared'];

const mySharesKey = ['shares', 'mine'] as const;

/** The member's live shared links, newest first. */
export function useMyShares({ enabled = true } = {}) {
  return useQuery({
    queryKey: mySharesKey,
    queryFn: ({ signal }) => callApi(listShares, {}, { signal }),
    select: (answer) => answer.Shares,
    enabled,
    retry: (failureCount, error) => statusOf(error) !== 401 && failureCount < 2,
  });
}

/** Freezes the report's scores behind a new public link. */
export function useShareReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: { name: string; showName: boolean }) => callApi(shareReport, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mySharesKey }),
  });
}

/** Stops sharing a link: it then says that its member removed it. */
export function useUnshareReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => callApi(unshareReport, { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mySharesKey }),
  });
}

/** The public result behind `/r/{token}`; a missing (404) or removed (410) one is an answer. */
export const sharedResultQuery = (token: string) =>
  queryOptions({
    queryKey: ['shares', 'public', token],
    queryFn: ({ signal }) => callApi(getSharedReport, { token }, { signal }),
  });

export function useSharedResult(token: string) {
  return useQuery({
    ...sharedResultQuery(token),
    select: (answer) => answer.Shared,
    enabled: token !== '',
    retry: (failureCount, error) => {
      const status = statusOf(error);
      return status !== 404 && status !== 410 && status !== 400 && failureCount < 2;
    },
  });
}
