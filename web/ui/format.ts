import { formatCount } from '../../contract/numbers.base.ts';

/**
 * Every count and karma figure, en-US grouped (docs/product/constants.md#counts), and a share as
 * a whole percentage; without `Intl` (docs/decisions/092-no-locale-data-before-the-first-tap.md).
 */
export { formatCount, formatPercent } from '../../contract/numbers.base.ts';

/** 'Title' from 'title': topic titles are shown with the first letter capitalised. */
export function capitalizeFirst(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/** Keeps the first `limit` characters of text, adding an ellipsis when it had more. */
export function truncate(text: string, limit: number): string {
  if (text.length <= limit) return text;
  return `${text.slice(0, limit).trimEnd()}…`;
}

/** '1 vote', '2 votes', with the count in locale format. */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * 'March 2026': the month of a date in UTC, as `Intl.DateTimeFormat('en-US', { month: 'long',
 * year: 'numeric', timeZone: 'UTC' })` writes it, without loading the locale data before the page
 * is the app's (docs/decisions/092).
 */
export function formatMonthYear(date: Date): string {
  return `${monthNames[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}
