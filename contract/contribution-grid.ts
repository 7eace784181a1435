/*
 * The contribution grid's rules (docs/product/constants.md#contribution-grid): colour steps over
 * 10, 20, 30 and 40 a day, and the longest streak of days with activity. Days are UTC calendar
 * days, written 'YYYY-MM-DD'.
 * Pure and zod-free: the server computes the streak, the web colours the cells.
 */

/** Daily counts above these get the next, darker colour step. */
export const gridColourThresholds = [10, 20, 30, 40] as const;

/** Whole weeks the grid covers (the web shows as many of the latest as fit its width). */
export const gridWeeks = 53;

/** The grid needs at least this width; narrower, it keeps it and scrolls. */
export const gridMinWidthPx = 270;

/** 0 for no activity, 1 for 1–10, 2 for 11–20, 3 for 21–30, 4 for 31–40, 5 for over 40. */
export function gridColourStep(count: number): number {
  if (count <= 0) return 0;
  return 1 + gridColourThresholds.filter((threshold) => count > threshold).length;
}

const dayMs = 86_400_000;

/** The UTC calendar day of a moment, as 'YYYY-MM-DD'. */
export function dayKey(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

/** Days since 1970-01-01 of a 'YYYY-MM-DD' key; NaN when it is not a real date. */
function dayNumber(key: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (!match) return Number.NaN;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  // Date.UTC rolls 2023-02-30 over to March; such a key is not a day.
  if (new Date(time).getUTCDate() !== day) return Number.NaN;
  return Math.round(time / dayMs);
}

/**
 * The longest run of consecutive calendar days among `days` (in any order, repeats allowed).
 * Consecutive means one calendar day apart, so runs continue over month and year ends and
 * through 29 February. Keys that are not real dates are ignored.
 */
export function longestStreak(days: Iterable<string>): number {
  const numbers = [...new Set([...days].map(dayNumber))]
    .filter((value) => Number.isFinite(value))
    .sort((a, b) => a - b);
  let longest = 0;
  let current = 0;
  let previous = Number.NaN;
  for (const value of numbers) {
    current = value === previous + 1 ? current + 1 : 1;
    longest = Math.max(longest, current);
    previous = value;
  }
  return longest;
}

/** Monday (UTC) of the week holding `moment`. */
export function startOfUtcWeek(moment: Date): Date {
  const day = Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate());
  const weekday = (new Date(day).getUTCDay() + 6) % 7;
  return new Date(day - weekday * dayMs);
}

/** The grid's first day: Monday of the week `gridWeeks - 1` weeks before the one holding now. */
export function gridStart(now: Date): Date {
  return new Date(startOfUtcWeek(now).getTime() - (gridWeeks - 1) * 7 * dayMs);
}

/**
 * Daily counts from `start` to the day of `now` inclusive, one per day, from a map of day keys
 * to counts (days missing from the map count 0).
 */
export function dailyCounts(start: Date, now: Date, counts: ReadonlyMap<string, number>): number[] {
  const first = dayNumber(dayKey(start));
  const last = dayNumber(dayKey(now));
  const result: number[] = [];
  for (let day = first; day <= last; day++) {
    result.push(counts.get(dayKey(new Date(day * dayMs))) ?? 0);
  }
  return result;
}
