import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ResponseOf } from '../../../contract/api.ts';
import {
  createTopic,
  followTopic,
  getAllTopics,
  type getTopic,
} from '../../../contract/opinions.ts';
import { minimumSearchLength, searchTopics } from '../../../contract/search.ts';
import { callApi } from '../../api/client.ts';
import { createDebouncer } from '../search/debounce.ts';
import { searchDebounce } from '../search/search-results.ts';

type TopicFeedPage = ResponseOf<typeof getTopic>;

export function useAllTopics() {
  return useQuery({
    queryKey: ['topics', 'all'],
    queryFn: ({ signal }) => callApi(getAllTopics, {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

/**
 * Topics matching the text, searched on the server (full text and trigrams) with the search
 * box's debounce; nothing is sent for fewer than 3 characters (SPEC.md §5). Answers are keyed by
 * their query, so a late answer to an older query is never shown.
 */
export function useTopicSearch(text: string) {
  const trimmed = text.trim();
  const [query, setQuery] = useState('');
  const [debouncer] = useState(() => createDebouncer(setQuery, searchDebounce));
  useEffect(() => {
    if (trimmed.length < minimumSearchLength) {
      debouncer.cancel();
      setQuery('');
    } else {
      debouncer.call(trimmed);
    }
  }, [trimmed, debouncer]);
  useEffect(() => () => debouncer.cancel(), [debouncer]);

  const isActive = trimmed.length >= minimumSearchLength && query.length >= minimumSearchLength;
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
      queryClient.setQueryData<{ pages: TopicFeedPage[] }>(['feed', 'topic', topic.Slug], (data) =>
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
