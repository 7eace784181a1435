import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { allCategories } from '../../../contract/questions.base.ts';
import {
  argFeed,
  convoFeed,
  createCategory,
  createConvo,
  deleteCategory,
  deleteConvoImage,
  editCategory,
  editConvo,
  getAllCategories,
  getConvo,
  uploadConvoImage,
  type ArgumentSort,
} from '../../../contract/questions.base.ts';
import type { PayloadOf } from '../../../contract/calls.ts';
import { searchOpinions } from '../../../contract/search.base.ts';
import { callApi } from '../../api/client.ts';
import { useDebouncedSearchText } from '../../hooks/use-debounced-search.ts';
import { nextCursor } from '../../routing/paging.ts';

/** Everything this feature caches sits under this prefix, so a staff change refreshes it all. */
const questionsKey = ['questions'] as const;

export type CategoryChoice = typeof allCategories | number;

/**
 * The question feed of one category tab ('all' for every category), page by page, from its start
 * or from a cursor (`?after=`, paging without JavaScript).
 */
export const questionFeedQuery = (categoryID: CategoryChoice, after = '') =>
  infiniteQueryOptions({
    queryKey: [...questionsKey, 'feed', categoryID, ...(after ? [after] : [])],
    queryFn: ({ pageParam, signal }) =>
      callApi(convoFeed, pageParam ? { categoryID, after: pageParam } : { categoryID }, { signal }),
    initialPageParam: after,
    getNextPageParam: nextCursor,
  });

export function useQuestionFeed(categoryID: CategoryChoice, after = '') {
  return useInfiniteQuery(questionFeedQuery(categoryID, after));
}

/** The argument feed in one order, page by page, from its start or from a cursor (`?after=`). */
export const argumentFeedQuery = (sort: ArgumentSort, after = '') =>
  infiniteQueryOptions({
    queryKey: [...questionsKey, 'arguments', sort, ...(after ? [after] : [])],
    queryFn: ({ pageParam, signal }) =>
      callApi(argFeed, pageParam ? { sort, after: pageParam } : { sort }, { signal }),
    initialPageParam: after,
    getNextPageParam: nextCursor,
  });

export function useArgumentFeed(sort: ArgumentSort, after = '') {
  return useInfiniteQuery(argumentFeedQuery(sort, after));
}

export function questionQueryKey(slug: string) {
  return [...questionsKey, 'question', slug] as const;
}

/** A question with its positions (and, for a voter, their results) and strongest arguments. */
export const questionQuery = (slug: string) =>
  queryOptions({
    queryKey: questionQueryKey(slug),
    queryFn: ({ signal }) => callApi(getConvo, { slug }, { signal }),
  });

export function useQuestion(slug: string) {
  return useQuery({ ...questionQuery(slug), enabled: slug !== '' });
}

export function useCategories() {
  return useQuery({
    queryKey: [...questionsKey, 'categories'],
    queryFn: ({ signal }) => callApi(getAllCategories, {}, { signal }),
  });
}

/** After any staff change, every cached question list, page and category reloads on next use. */
function useRefreshQuestions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: questionsKey });
}

export type QuestionForm = PayloadOf<typeof createConvo>;

/** Creates a question, or saves one when `id` is given. */
export function useSaveQuestion(id: number | undefined) {
  const refresh = useRefreshQuestions();
  return useMutation({
    mutationFn: (form: QuestionForm) =>
      id === undefined ? callApi(createConvo, form) : callApi(editConvo, { ...form, id }),
    onSuccess: () => refresh(),
  });
}

/** Uploads a question's image (replacing any it had); the file travels as base64. */
export function useUploadQuestionImage() {
  const refresh = useRefreshQuestions();
  return useMutation({
    mutationFn: async ({ convoID, file }: { convoID: number; file: File }) =>
      callApi(uploadConvoImage, {
        convoID,
        contentType: file.type,
        data: await readAsBase64(file),
      }),
    onSuccess: () => refresh(),
  });
}

export function useDeleteQuestionImage() {
  const refresh = useRefreshQuestions();
  return useMutation({
    mutationFn: (convoID: number) => callApi(deleteConvoImage, { convoID }),
    onSuccess: () => refresh(),
  });
}

export function useCreateCategory() {
  const refresh = useRefreshQuestions();
  return useMutation({
    mutationFn: (title: string) => callApi(createCategory, { title }),
    onSuccess: () => refresh(),
  });
}

export function useRenameCategory() {
  const refresh = useRefreshQuestions();
  return useMutation({
    mutationFn: (change: { id: number; title: string }) => callApi(editCategory, change),
    onSuccess: () => refresh(),
  });
}

export function useDeleteCategory() {
  const refresh = useRefreshQuestions();
  return useMutation({
    mutationFn: (id: number) => callApi(deleteCategory, { id }),
    onSuccess: () => refresh(),
  });
}

/** A file's bytes as base64, without the `data:` prefix a data URL carries. */
function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/**
 * Opinions matching the text, for choosing a question's positions: the search box's debounce,
 * nothing sent under 3 characters, answers keyed by their query.
 */
export function useOpinionSearch(text: string) {
  const query = useDebouncedSearchText(text);
  const isActive = query !== '';
  const results = useQuery({
    queryKey: ['opinions', 'search', query],
    queryFn: ({ signal }) => callApi(searchOpinions, { q: query }, { signal }),
    enabled: isActive,
    staleTime: 60_000,
  });
  return {
    isActive,
    isAnswered: isActive && results.isSuccess,
    results: isActive && results.isSuccess ? results.data.Results : [],
  };
}
