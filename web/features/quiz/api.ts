import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '../../../contract/calls.ts';
import { getQuiz } from '../../../contract/reports.base.ts';
import { callApi } from '../../api/client.ts';
import { useSetDemographics } from '../people/api.ts';

export type QuizData = ResponseOf<typeof getQuiz>;

export function quizQueryKey(slug: string) {
  return ['quiz', slug] as const;
}

/** The quiz with the member's answers, completion percentages and gate (login required). */
export const quizQuery = (slug: string) =>
  queryOptions({
    queryKey: quizQueryKey(slug),
    queryFn: ({ signal }) => callApi(getQuiz, { slug }, { signal }),
    // The member's answers are saved as given; a remount must not show older ones.
    staleTime: 0,
  });

export function useQuiz(slug: string) {
  return useQuery({ ...quizQuery(slug), enabled: slug !== '' });
}

/**
 * Saves the gate through the personal details call, then reloads the quiz, whose
 * `MyDemographicsComplete` then lets the questions show.
 */
export function useSaveGate(slug: string) {
  const queryClient = useQueryClient();
  const save = useSetDemographics();
  return {
    save: async (input: Parameters<typeof save.mutateAsync>[0]) => {
      await save.mutateAsync(input);
      await queryClient.invalidateQueries({ queryKey: quizQueryKey(slug) });
    },
  };
}
