/*
 * Counts and percentages as every page shows them, in en-US form ('1,204', '62%'), for the server
 * and the browser alike. Written out rather than through `Intl.NumberFormat`: a browser's first use
 * of any `Intl` formatter in a page loads its locale data, a main-thread block of 25–97 ms on the
 * machine of docs/decisions/092-no-locale-data-before-the-first-tap.md (four times that on a
 * Lighthouse phone), and a page that shows only counts and shares needs none of it. The output is
 * the same as `Intl.NumberFormat('en-US')`'s for every whole number but -0 (written '0');
 * anything else (a fraction, a number too large to write out) is left to `Intl`.
 */

/** Below this, `String(value)` writes every digit (no exponent). */
const largestWrittenOut = 1e21;

/** A count with en-US grouping: 1204 → '1,204', -12000 → '-12,000'. */
export function formatCount(value: number): string {
  if (!Number.isInteger(value) || Math.abs(value) >= largestWrittenOut) {
    return new Intl.NumberFormat('en-US').format(value);
  }
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return value < 0 ? `-${digits}` : digits;
}

/**
 * A share given in percent (0–100, fractions allowed) as a whole percentage: 62.4 → '62%',
 * 12.5 → '13%', halves away from zero as `Intl` rounds them. (Given the fraction instead, `Intl`
 * read 28.5 % as the double nearest 0.285, just below it, and wrote '28%'.)
 */
export function formatPercent(percent: number): string {
  // formatCount writes the -0 a small negative share rounds to as '0'.
  return `${formatCount(Math.sign(percent) * Math.round(Math.abs(percent)))}%`;
}
