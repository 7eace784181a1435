import {
  argumentTooShortText,
  commentShortHintLength,
  isLongEnoughForArgument,
} from '../../../contract/comments.base.ts';
import type { Comment, CommentResponseType } from '../../../contract/comments.ts';
import { formatCount, formatDateTime } from '../../ui/format.ts';

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

type TimeUnit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute';
const steps: [TimeUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
];

/** The words English uses for one unit back and one ahead, where it has them. */
const lastAndNext: Partial<Record<TimeUnit, [string, string]>> = {
  year: ['last year', 'next year'],
  month: ['last month', 'next month'],
  week: ['last week', 'next week'],
  day: ['yesterday', 'tomorrow'],
};

/**
 * '3 days ago', 'yesterday', 'in 2 hours': what `Intl.RelativeTimeFormat('en-US', { numeric:
 * 'auto' })` writes for a whole, non-zero number of units, written out, because comments show it
 * while the page hydrates, and an `Intl` formatter's first use then loads the browser's locale
 * data (docs/decisions/092).
 */
function relativeTime(value: number, unit: TimeUnit): string {
  const words = lastAndNext[unit];
  if (words && Math.abs(value) === 1) return value < 0 ? words[0] : words[1];
  const count = Math.abs(value);
  const amount = `${formatCount(count)} ${unit}${count === 1 ? '' : 's'}`;
  return value < 0 ? `${amount} ago` : `in ${amount}`;
}

/** '3 days ago', 'yesterday', 'now': how long ago, in English, as the server writes it. */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  for (const [unit, size] of steps) {
    if (Math.abs(seconds) >= size) return relativeTime(Math.round(seconds / size), unit);
  }
  return 'now';
}

/** The full date and time in the reader's time zone, for a tooltip (docs/decisions/094). */
export function fullDate(iso: string): string {
  return formatDateTime(new Date(iso), 'reader');
}
