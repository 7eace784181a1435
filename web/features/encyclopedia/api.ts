import { queryOptions, useQuery } from '@tanstack/react-query';
import { noVotesMarker } from '../../../contract/constants.ts';
import { getEncyclopedia } from '../../../contract/encyclopedia.base.ts';
import { callApi } from '../../api/client.ts';

/** The encyclopedia's index: topics, questions by category, most-voted opinions. */
export const encyclopediaQuery = () =>
  queryOptions({
    queryKey: ['encyclopedia'],
    queryFn: ({ signal }) => callApi(getEncyclopedia, {}, { signal }),
    staleTime: 60_000,
  });

export function useEncyclopedia() {
  return useQuery(encyclopediaQuery());
}

/** The share of votes that agree (Strongly Agree and Agree), in whole percent. */
export function agreeingShare(percentages: readonly number[]): number {
  const share = (value: number | undefined) =>
    value === undefined || value === noVotesMarker ? 0 : value;
  return share(percentages[0]) + share(percentages[1]);
}
