import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  createComment,
  deleteComment,
  dismissCommentReports,
  editComment,
  getComments,
  getCommentSource,
  likeComment,
  listReportedComments,
} from '../../../contract/comments.base.ts';
import type { Comment, CommentSortValue } from '../../../contract/comments.ts';
import type { ResponseOf } from '../../../contract/calls.ts';
import type { getOpinion } from '../../../contract/opinions.ts';
import { callApi } from '../../api/client.ts';
import { currentUserQueryKey } from '../session/api.ts';

type ThreadData = ResponseOf<typeof getComments>;

/** Every sort of one thread is cached under this prefix. */
export function threadQueryKey(threadID: string) {
  return ['comments', threadID] as const;
}

/** A thread in one sort; the opinion page's first, 'score', comes with the page from the server. */
export const commentThreadQuery = (threadID: string, sort: CommentSortValue) =>
  queryOptions({
    queryKey: [...threadQueryKey(threadID), sort],
    queryFn: ({ signal }) => callApi(getComments, { threadID, sort }, { signal }),
  });

export function useCommentThread(threadID: string, sort: CommentSortValue) {
  return useQuery(commentThreadQuery(threadID, sort));
}

/** Applies a change to one comment in every cached sort of the thread. */
function updateCommentInThread(
  queryClient: QueryClient,
  threadID: string,
  commentID: number,
  change: (comment: Comment) => Comment,
) {
  const update = (comments: Comment[]): Comment[] =>
    comments.map((comment) =>
      comment.CommentID === commentID
        ? change(comment)
        : comment.Children.length > 0
          ? { ...comment, Children: update(comment.Children) }
          : comment,
    );
  queryClient.setQueriesData<ThreadData>({ queryKey: threadQueryKey(threadID) }, (data) =>
    data ? { ...data, Comments: update(data.Comments) } : data,
  );
}

/**
 * After a comment is written, edited or deleted: the thread (every sort) and the member's record
 * (karma) reload, and the opinion's comment count moves by `commentDelta`. The count is patched
 * rather than refetched: the server may serve the opinion from its few-seconds read cache.
 */
function refreshAfterChange(queryClient: QueryClient, threadID: string, commentDelta: number) {
  void queryClient.invalidateQueries({ queryKey: threadQueryKey(threadID) });
  void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  if (commentDelta === 0) return;
  queryClient.setQueriesData<ResponseOf<typeof getOpinion>>({ queryKey: ['opinion'] }, (data) =>
    data && String(data.Opinion.ArtifactID) === threadID
      ? {
          ...data,
          Opinion: {
            ...data.Opinion,
            NumComments: Math.max(0, data.Opinion.NumComments + commentDelta),
          },
        }
      : data,
  );
}

export function useCreateComment(threadID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      parentID: number;
      body: string;
      responseType: Comment['ResponseType'];
    }) =>
      callApi(createComment, {
        threadID,
        parentID: input.parentID,
        body: input.body,
        responseType: input.responseType,
        pathname: window.location.pathname,
      }),
    onSuccess: () => refreshAfterChange(queryClient, threadID, 1),
  });
}

export function useEditComment(threadID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      commentID: number;
      newBody: string;
      newResponseType: Comment['ResponseType'];
    }) => callApi(editComment, { ...input, pathname: window.location.pathname }),
    onSuccess: (answer) => {
      updateCommentInThread(queryClient, threadID, answer.Comment.CommentID, (comment) => ({
        ...answer.Comment,
        Children: comment.Children,
      }));
      refreshAfterChange(queryClient, threadID, 0);
    },
  });
}

export function useDeleteComment(threadID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentID: number) =>
      callApi(deleteComment, { commentID, pathname: window.location.pathname }),
    onSuccess: () => refreshAfterChange(queryClient, threadID, -1),
  });
}

/** Loads the Markdown the author wrote, for the edit form. */
export function loadCommentSource(commentID: number) {
  return callApi(getCommentSource, { commentID });
}

/**
 * The good-point toggle (docs/product/behaviour.md#comments): the count and the button change at
 * once, the server's answer then settles them, and a failure puts them back (the caller alerts its
 * message).
 */
export function useLikeComment(threadID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { commentID: number; liked: boolean }) =>
      callApi(likeComment, { ...input, pathname: window.location.pathname }),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: threadQueryKey(threadID) });
      const snapshot = queryClient.getQueriesData<ThreadData>({
        queryKey: threadQueryKey(threadID),
      });
      updateCommentInThread(queryClient, threadID, input.commentID, (comment) =>
        comment.LikedByMe === input.liked
          ? comment
          : {
              ...comment,
              LikedByMe: input.liked,
              LikeNum: Math.max(0, comment.LikeNum + (input.liked ? 1 : -1)),
            },
      );
      return { snapshot };
    },
    onError: (_error, _input, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: (answer, input) => {
      updateCommentInThread(queryClient, threadID, input.commentID, (comment) => ({
        ...comment,
        LikeNum: answer.LikeNum,
        LikedByMe: answer.LikedByMe,
      }));
    },
  });
}

const moderationQueueKey = ['moderation', 'comments'] as const;

export const moderationQueueQuery = () =>
  queryOptions({
    queryKey: moderationQueueKey,
    queryFn: ({ signal }) => callApi(listReportedComments, {}, { signal }),
  });

export function useModerationQueue({ enabled }: { enabled: boolean }) {
  return useQuery({ ...moderationQueueQuery(), enabled });
}

/** Dismiss (reports unfounded) or delete (as a moderator) a reported comment. */
export function useModerateComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { commentID: number; action: 'dismiss' | 'delete' }) => {
      if (input.action === 'dismiss') {
        await callApi(dismissCommentReports, { commentID: input.commentID });
      } else {
        await callApi(deleteComment, {
          commentID: input.commentID,
          pathname: window.location.pathname,
        });
      }
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: moderationQueueKey });
      void queryClient.invalidateQueries({ queryKey: ['comments'] });
    },
  });
}
