import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { Opinion } from '../../../contract/entities.ts';
import {
  castVote,
  createOpinion,
  deleteOpinion,
  editOpinion,
  getOpinion,
} from '../../../contract/opinions.base.ts';
import type { ResponseOf } from '../../../contract/calls.ts';
import { callApi } from '../../api/client.ts';
import { noteVoteChange } from '../minds/change-store.ts';

export function opinionQueryKey(slug: string) {
  return ['opinion', slug] as const;
}

/** Every feed (For You and topics) is cached under this key prefix. */
const feedQueryKey = ['feed'] as const;

type OpinionPageData = ResponseOf<typeof getOpinion>;
type FeedPageLike = { Opinions: Opinion[]; Recent?: Opinion[] | undefined };

export const opinionQuery = (slug: string) =>
  queryOptions({
    queryKey: opinionQueryKey(slug),
    queryFn: ({ signal }) => callApi(getOpinion, { slug }, { signal }),
  });

export function useOpinion(slug: string, { enabled = true } = {}) {
  return useQuery({ ...opinionQuery(slug), enabled: enabled && slug !== '' });
}

/** Applies a change to the opinion wherever a cached feed page shows it. */
function updateOpinionInFeeds(
  queryClient: QueryClient,
  opinionId: number,
  change: (opinion: Opinion) => Opinion,
) {
  const update = (opinion: Opinion) =>
    opinion.ArtifactID === opinionId ? change(opinion) : opinion;
  queryClient.setQueriesData<{ pages: FeedPageLike[] }>({ queryKey: feedQueryKey }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            Opinions: page.Opinions.map(update),
            ...(page.Recent ? { Recent: page.Recent.map(update) } : {}),
          })),
        }
      : data,
  );
}

/**
 * Casts the member's vote. On success the opinion page shows the new results at once and every
 * cached feed card of the opinion its new rating and count; the feeds are refetched on their next
 * visit, since they leave out what the member voted on.
 */
export function useCastVote(opinion: Pick<Opinion, 'ArtifactID' | 'Slug'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rating: number) => callApi(castVote, { id: opinion.ArtifactID, rating }),
    onSuccess: (answer) => {
      const before = queryClient.getQueryData<OpinionPageData>(opinionQueryKey(opinion.Slug));
      if (before) noteVoteChange(opinion.ArtifactID, before.Opinion.Rating, answer.Rating);
      queryClient.setQueryData<OpinionPageData>(opinionQueryKey(opinion.Slug), (data) =>
        data
          ? {
              ...data,
              Opinion: {
                ...data.Opinion,
                Rating: answer.Rating,
                NumVotes: data.Opinion.NumVotes + (data.Opinion.Rating > 0 ? 0 : 1),
              },
              Results: answer.Results,
            }
          : data,
      );
      updateOpinionInFeeds(queryClient, opinion.ArtifactID, (cached) => ({
        ...cached,
        Rating: answer.Rating,
        NumVotes: cached.NumVotes + (cached.Rating > 0 ? 0 : 1),
      }));
      void queryClient.invalidateQueries({ queryKey: feedQueryKey, refetchType: 'none' });
    },
  });
}

/** Deletes or restores an opinion; its cards then read 'Deleted' (or no longer do). */
export function useSetOpinionDeleted(opinion: Pick<Opinion, 'ArtifactID' | 'Slug'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deleted: boolean) =>
      callApi(deleteOpinion, { opinionID: opinion.ArtifactID, deleted }),
    onSuccess: (answer) => {
      queryClient.setQueryData<OpinionPageData>(opinionQueryKey(opinion.Slug), (data) =>
        data ? { ...data, Opinion: { ...data.Opinion, Deleted: answer.Deleted } } : data,
      );
      updateOpinionInFeeds(queryClient, opinion.ArtifactID, (cached) => ({
        ...cached,
        Deleted: answer.Deleted,
      }));
    },
  });
}

export type OpinionFormValues = { title: string; topicIds: number[]; topicSearch: string };

/** Sends the opinion form (docs/product/entities.md#forms): new, or an edit when `id` is given. */
export function useSaveOpinion(id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: OpinionFormValues) => {
      const form = {
        title: values.title,
        topics: JSON.stringify(values.topicIds),
        topicSearch: values.topicSearch,
      };
      return id === undefined
        ? callApi(createOpinion, { ...form, id: '' })
        : callApi(editOpinion, { ...form, id });
    },
    onSuccess: async (answer) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: opinionQueryKey(answer.Slug) }),
        queryClient.invalidateQueries({ queryKey: feedQueryKey }),
      ]);
    },
  });
}
