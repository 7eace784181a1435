import { queryOptions, useQuery } from '@tanstack/react-query';
import { getDetailedReport, getUserReports } from '../../../contract/reports.base.ts';
import type { ReportName } from '../../../contract/reports.ts';
import { callApi } from '../../api/client.ts';

/** Every report's completion, lock and headline for the signed-in member (My Opinion DNA). */
export const userReportsQuery = () =>
  queryOptions({
    queryKey: ['reports', 'user'],
    queryFn: ({ signal }) => callApi(getUserReports, {}, { signal }),
    // A quiz answered in another tab should show on return; the answer is one member's and small.
    staleTime: 0,
  });

export function useUserReports({ enabled = true } = {}) {
  return useQuery({ ...userReportsQuery(), enabled });
}

/** One report's card: scores, intervals, percentiles, texts and the open key. */
export const detailedReportQuery = (name: ReportName | null) =>
  queryOptions({
    queryKey: ['reports', 'detailed', name],
    queryFn: ({ signal }) => callApi(getDetailedReport, { name: name ?? '' }, { signal }),
    staleTime: 0,
  });

export function useDetailedReport(name: ReportName | null) {
  return useQuery({ ...detailedReportQuery(name), enabled: name !== null });
}
