/*
 * The comments calls' methods and paths, and the values both sides share: no zod, so the browser can
 * import them (docs/decisions/044-a-lighter-client.md). The schemas are in comments.ts.
 */

/** The thread on /suggest; every other thread is an opinion's ArtifactID as a string. */
export const suggestionsThreadId = 'suggestions';

/** Longest comment body accepted, in characters of Markdown. */
export const commentBodyMaxLength = 10_000;

/** Under this many characters the form hints 'Too short - {n}' (docs/product/constants.md). */
export const commentShortHintLength = 300;

/**
 * The shortest argument (a top-level comment on an opinion) accepted, in characters after
 * trimming: a short sentence. Replies and suggestions have no minimum; the 300 of the hint is
 * advice, not a rule (docs/decisions/067).
 */
export const argumentMinLength = 30;

/** Whether a body is long enough for an argument: the form and the server apply this one rule. */
export function isLongEnoughForArgument(body: string): boolean {
  return body.trim().length >= argumentMinLength;
}

/** Why a shorter argument is refused: the server's error after the field's name, and the form's. */
export const argumentTooShortText = `an argument needs a sentence or more (at least ${argumentMinLength} characters)`;

export const getComments = { method: 'POST', path: '/api/v2/comment/get' } as const;
export const createComment = { method: 'POST', path: '/api/v2/comment/new' } as const;
export const editComment = { method: 'POST', path: '/api/v2/comment/edit' } as const;
export const deleteComment = { method: 'POST', path: '/api/v2/comment/delete' } as const;
export const reportComment = { method: 'POST', path: '/api/v2/comment/report' } as const;
export const likeComment = { method: 'POST', path: '/api/v2/comment/like' } as const;
export const getCommentSource = { method: 'POST', path: '/api/v2/comment/getsource' } as const;
export const listReportedComments = { method: 'POST', path: '/api/admin/comment/reports' } as const;
export const dismissCommentReports = {
  method: 'POST',
  path: '/api/admin/comment/dismiss',
} as const;
