import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { getDemographics, setDemographics } from '../../../contract/demographics.base.ts';
import type { Demographics } from '../../../contract/demographics.ts';
import {
  getActivity,
  getContributors,
  getProfile,
  getUserComments,
  setProfile,
} from '../../../contract/people.base.ts';
import type { Profile } from '../../../contract/people.ts';
import type { PayloadOf } from '../../../contract/calls.ts';
import { callApi, statusOf } from '../../api/client.ts';
import { nextCursor } from '../../routing/paging.ts';

export function profileQueryKey(username: string) {
  return ['profile', username.toLowerCase()] as const;
}

/** A missing user is an answer, not a failure worth retrying. */
function retryUnlessMissing(failureCount: number, error: unknown): boolean {
  return statusOf(error) !== 404 && failureCount < 2;
}

/** A member's profile, as the profile page's first screen shows it (and the server fetches). */
export const profileQuery = (username: string) =>
  queryOptions({
    queryKey: profileQueryKey(username),
    queryFn: ({ signal }) => callApi(getProfile, { username }, { signal }),
    retry: retryUnlessMissing,
  });

export function useProfile(username: string, { enabled = true } = {}) {
  return useQuery({
    ...profileQuery(username),
    select: (answer) => answer.Profile,
    enabled: enabled && username !== '',
  });
}

/** A member's comments, newest first, page by page, with their profile. */
export const userCommentsQuery = (username: string, after = '') =>
  infiniteQueryOptions({
    queryKey: ['profile', username.toLowerCase(), 'comments', ...(after ? [after] : [])],
    queryFn: ({ pageParam, signal }) =>
      callApi(getUserComments, pageParam ? { username, after: pageParam } : { username }, {
        signal,
      }),
    initialPageParam: after,
    getNextPageParam: nextCursor,
  });

export function useUserComments(username: string, after = '') {
  return useInfiniteQuery({ ...userCommentsQuery(username, after), retry: retryUnlessMissing });
}

export const contributorsQuery = () =>
  queryOptions({
    queryKey: ['contributors'],
    queryFn: ({ signal }) => callApi(getContributors, {}, { signal }),
  });

export function useContributors() {
  return useQuery({ ...contributorsQuery(), select: (answer) => answer.Contributors });
}

export const latestActivityQuery = () =>
  queryOptions({
    queryKey: ['activity'],
    queryFn: ({ signal }) => callApi(getActivity, {}, { signal }),
  });

export function useLatestActivity() {
  return useQuery({ ...latestActivityQuery(), select: (answer) => answer.Activity });
}

export function useSetProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (texts: PayloadOf<typeof setProfile>) => callApi(setProfile, texts),
    onSuccess: (answer: { Profile: Profile }) => {
      queryClient.setQueryData(profileQueryKey(answer.Profile.UsernameCased), answer);
    },
  });
}

export const demographicsQueryKey = ['user', 'demographics'] as const;

export const demographicsQuery = () =>
  queryOptions({
    queryKey: demographicsQueryKey,
    queryFn: ({ signal }) => callApi(getDemographics, {}, { signal }),
  });

export function useDemographics() {
  return useQuery(demographicsQuery());
}

export function useSetDemographics() {
  const queryClient = useQueryClient();
  return useMutation({
    // The form only offers the contract's options; the server validates them again.
    mutationFn: (input: Demographics & { consent: string }) =>
      callApi(setDemographics, input as PayloadOf<typeof setDemographics>),
    onSuccess: (answer) => queryClient.setQueryData(demographicsQueryKey, answer),
  });
}
