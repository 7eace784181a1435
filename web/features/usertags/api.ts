import {
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  addUserTagMembers,
  createUserTag,
  deleteUserTag,
  editUserTag,
  getUserTagMembers,
  listUserTags,
  removeUserTagMember,
} from '../../../contract/usertags.base.ts';
import { callApi } from '../../api/client.ts';

const tagsKey = ['usertags'] as const;

/** Every tag with its member count (admin-hub). */
export const userTagsQuery = () =>
  queryOptions({
    queryKey: [...tagsKey, 'list'],
    queryFn: ({ signal }) => callApi(listUserTags, {}, { signal }),
    staleTime: 10_000,
  });

export function useUserTags({ enabled = true } = {}) {
  return useQuery({ ...userTagsQuery(), enabled });
}

/** A tag's members, a page at a time. */
export function useUserTagMembers(id: number) {
  return useInfiniteQuery({
    queryKey: [...tagsKey, 'members', id],
    queryFn: ({ pageParam, signal }) =>
      callApi(getUserTagMembers, { id, after: pageParam || undefined }, { signal }),
    initialPageParam: '',
    getNextPageParam: (last) => (last.EndReached ? undefined : last.After),
  });
}

/** Every change to tags refreshes the lists, counts and searches that show them. */
function useTagMutation<Payload, Result>(run: (payload: Payload) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tagsKey }),
  });
}

export function useCreateTag() {
  return useTagMutation((name: string) => callApi(createUserTag, { name }));
}

export function useRenameTag() {
  return useTagMutation((payload: { id: number; name: string }) => callApi(editUserTag, payload));
}

export function useDeleteTag() {
  return useTagMutation((id: number) => callApi(deleteUserTag, { id }));
}

export function useAddMembers() {
  return useTagMutation((payload: { id: number; usernames: string }) =>
    callApi(addUserTagMembers, payload),
  );
}

export function useRemoveMember() {
  return useTagMutation((payload: { id: number; username: string }) =>
    callApi(removeUserTagMember, payload),
  );
}
