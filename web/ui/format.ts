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

const weekdayNames = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const shortMonthName = (month: number) => monthNames[month]!.slice(0, 3);

/** Where a date's calendar and clock are read: in UTC (the server's) or the reader's time zone. */
export type TimeZoneOf = 'UTC' | 'reader';

/** A date's calendar and clock in UTC or in the reader's time zone, by `Date`'s own getters. */
function partsOf(date: Date, zone: TimeZoneOf) {
  const utc = zone === 'UTC';
  return {
    year: utc ? date.getUTCFullYear() : date.getFullYear(),
    month: utc ? date.getUTCMonth() : date.getMonth(),
    day: utc ? date.getUTCDate() : date.getDate(),
    hours: utc ? date.getUTCHours() : date.getHours(),
    minutes: utc ? date.getUTCMinutes() : date.getMinutes(),
  };
}

/** 'Sep': a month's short name in UTC, as en-US writes it (`month: 'short'`). */
export function formatShortMonth(date: Date): string {
  return shortMonthName(date.getUTCMonth());
}

/**
 * 'Mon, Nov 30, 2026': a day in UTC, as `Intl.DateTimeFormat('en-US', { weekday: 'short', day:
 * 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })` writes it.
 */
export function formatWeekdayDate(date: Date): string {
  return `${weekdayNames[date.getUTCDay()]}, ${formatDate(date, 'UTC')}`;
}

/**
 * 'Nov 30, 2026': a date, as `Intl.DateTimeFormat('en-US', { dateStyle: 'medium' })` writes it, in
 * UTC or in the reader's time zone.
 */
export function formatDate(date: Date, zone: TimeZoneOf): string {
  const { year, month, day } = partsOf(date, zone);
  return `${shortMonthName(month)} ${day}, ${year}`;
}

/**
 * 'Nov 30, 2026, 9:40 AM': a date and time, as `Intl.DateTimeFormat('en-US', { dateStyle:
 * 'medium', timeStyle: 'short' })` writes it, in UTC or in the reader's time zone. Written out, as
 * `formatDate` is, so that the reader's own time after hydration needs none of the locale data
 * that `Intl`'s first formatter loads, 24–49 ms of the main thread (docs/decisions/094); the site
 * writes English as en-US does, its counts included (docs/decisions/092).
 */
export function formatDateTime(date: Date, zone: TimeZoneOf): string {
  const { hours, minutes } = partsOf(date, zone);
  const clock = `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
  return `${formatDate(date, zone)}, ${clock}`;
}
