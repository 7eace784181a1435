import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '../../../contract/calls.ts';
import { createTopic, followTopic, getAllTopics } from '../../../contract/opinions.base.ts';
import type { getTopic } from '../../../contract/opinions.ts';
import { searchTopics } from '../../../contract/search.base.ts';
import { callApi } from '../../api/client.ts';
import { useDebouncedSearchText } from '../../hooks/use-debounced-search.ts';

type TopicFeedPage = ResponseOf<typeof getTopic>;

export const allTopicsQuery = () =>
  queryOptions({
    queryKey: ['topics', 'all'],
    queryFn: ({ signal }) => callApi(getAllTopics, {}, { signal }),
    staleTime: 5 * 60_000,
  });

export function useAllTopics() {
  return useQuery(allTopicsQuery());
}

/**
 * Topics matching the text, searched on the server (full text and trigrams) with the search
 * box's debounce; nothing is sent for fewer than 3 characters (docs/product/validation.md#search).
 * Answers are keyed by their query, so a late answer to an older query is never shown.
 */
export function useTopicSearch(text: string) {
  const query = useDebouncedSearchText(text);
  const isActive = query !== '';
  const results = useQuery({
    queryKey: ['topics', 'search', query],
    queryFn: ({ signal }) => callApi(searchTopics, { q: query }, { signal }),
    enabled: isActive,
    staleTime: 60_000,
  });
  return {
    isActive,
    isAnswered: isActive && results.isSuccess,
    results: isActive && results.isSuccess ? results.data.Results : [],
  };
}

export function useCreateTopic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (title: string) => callApi(createTopic, { title }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['topics'] }),
  });
}

/**
 * Follows or unfollows a topic. The topic page shows the answer at once; the For You feed, whose
 * ranking followed topics lift, refetches on its next visit.
 */
export function useFollowTopic(topic: { ArtifactID: number; Slug: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (followed: boolean) =>
      callApi(followTopic, { topicID: topic.ArtifactID, followed }),
    onSuccess: (answer) => {
      // The topic's feed from its start and from any cursor (`?after=`).
      queryClient.setQueriesData<{ pages: TopicFeedPage[] }>(
        { queryKey: ['feed', 'topic', topic.Slug] },
        (data) =>
          data
            ? {
                ...data,
                pages: data.pages.map((page) => ({
                  ...page,
                  Topic: {
                    ...page.Topic,
                    NumFollowers: answer.NumFollowers,
                    FollowedByMe: answer.FollowedByMe,
                  },
                })),
              }
            : data,
      );
      void queryClient.invalidateQueries({ queryKey: ['feed', 'forYou'] });
    },
  });
}
