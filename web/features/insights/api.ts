import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getInsights, getTopicGroups } from '../../../contract/insights.base.ts';
import { callApi } from '../../api/client.ts';

/**
 * An opinion's insights. The member's own rating is part of the key: a vote rewrites the cached
 * opinion's `Rating` (the vote mutation's success), the key changes and the insights are fetched
 * again, with the personal ones for the new vote; the previous answer stays on screen meanwhile,
 * so the charts do not blink.
 */
export const insightsQuery = (opinionID: number, rating: number) =>
  queryOptions({
    queryKey: ['insights', opinionID, rating],
    queryFn: ({ signal }) => callApi(getInsights, { opinionID }, { signal }),
  });

export function useInsights(opinionID: number, rating: number) {
  return useQuery({
    ...insightsQuery(opinionID, rating),
    // The previous answer of this opinion only: another opinion's charts must never stand in.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === opinionID ? keepPreviousData(previous) : undefined,
  });
}

/** A topic's stored opinion groups: the map, each group's opinions, consensus and divisive ones. */
export const topicGroupsQuery = (slug: string) =>
  queryOptions({
    queryKey: ['topicGroups', slug],
    queryFn: ({ signal }) => callApi(getTopicGroups, { slug }, { signal }),
    staleTime: 60_000,
  });

export function useTopicGroups(slug: string) {
  return useQuery({ ...topicGroupsQuery(slug), enabled: slug !== '' });
}
