import {
  argumentTooShortText,
  commentShortHintLength,
  isLongEnoughForArgument,
} from '../../../contract/comments.base.ts';
import type { Comment, CommentResponseType } from '../../../contract/comments.ts';

/** The argument form's choices, in the form's order (docs/product/entities.md#response-types). */
export const responseTypeOptions: readonly { value: CommentResponseType; label: string }[] = [
  { value: 'pro', label: 'For' },
  { value: 'con', label: 'Against' },
  { value: 'neutral', label: 'Mixed' },
  { value: 'commentary', label: 'Commentary' },
];

export function responseTypeLabel(type: Comment['ResponseType']): string {
  return responseTypeOptions.find((option) => option.value === type)?.label ?? '';
}

/** What a removed comment shows instead of its words (docs/product/errors.md). */
export const deletedPlaceholders = {
  user: '[This comment was deleted by its author]',
  moderator: '[This comment was flagged]',
  other: '[This comment has been deleted]',
} as const;

export function deletedPlaceholder(reason: Comment['DeletedReason']): string {
  return reason === 'user' || reason === 'moderator'
    ? deletedPlaceholders[reason]
    : deletedPlaceholders.other;
}

/** An empty thread, and an empty side (For, Against, Commentary): docs/product/errors.md. */
export const noCommentsText = 'No comments';
export const noArgumentsText = 'Oh no! No arguments here yet...';

/** Comments longer than this collapse to 200 px until 'See more' (docs/product/constants.md). */
export const collapseAboveLength = 800;
/**
 * The page scrolls to a #comment- target this long after the thread renders
 * (docs/product/constants.md#timing).
 */
export const hashScrollDelayMs = 200;

/** The confirmations (docs/product/behaviour.md#comments). */
export const deleteConfirmText = 'Are you sure you want to delete this comment?';
export const discardConfirmText = 'Discard changes?';

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

/** The length of the words a comment's HTML shows (what 800 characters means). */
export function visibleTextLength(html: string): number {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => entities[name] ?? '')
    .trim().length;
}

/**
 * The hint under the character count, or null from 300 characters on
 * (docs/product/validation.md#comment-body).
 */
export function tooShortHint(length: number): string | null {
  return length < commentShortHintLength ? `Too short - ${commentShortHintLength - length}` : null;
}

/**
 * Why the form holds an argument back, or null when it may go: the contract's rule, the one the
 * server applies (docs/decisions/067). The 300 of the hint is advice and holds nothing back.
 */
export function argumentLengthError(body: string): string | null {
  return isLongEnoughForArgument(body) ? null : `Too short to post: ${argumentTooShortText}.`;
}

/** Every reply below a comment, at any depth ('[+] Show n comments'). */
export function countReplies(comment: Comment): number {
  return comment.Children.reduce((sum, child) => sum + 1 + countReplies(child), 0);
}

/** The comment id a `#comment-{id}` hash names, or null. */
export function commentIdFromHash(hash: string): number | null {
  const match = /^#comment-(\d+)$/.exec(hash);
  return match ? Number(match[1]) : null;
}

/** Whether `id` is the linked comment or contains it among its replies. */
export function containsComment(comment: Comment, id: number): boolean {
  return comment.CommentID === id || comment.Children.some((child) => containsComment(child, id));
}

const relativeTime = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const steps: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
];

/** '3 days ago', 'yesterday', 'now': how long ago, in the reader's language. */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  for (const [unit, size] of steps) {
    if (Math.abs(seconds) >= size) return relativeTime.format(Math.round(seconds / size), unit);
  }
  return relativeTime.format(0, 'second');
}

/** The full date and time, for a tooltip. */
export function fullDate(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
