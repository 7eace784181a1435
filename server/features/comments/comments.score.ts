/** z for a 95% confidence interval. */
const z = 1.96;

/**
 * The lower bound of the Wilson score interval for `positive` successes out of `total` trials:
 * the share of readers who found the comment a good point, as low as it plausibly is. Two good
 * points from two readers (0.34) rank below fifty from sixty (0.72): a perfect ratio on little
 * evidence is not yet worth more than a strong ratio on a lot.
 */
export function wilsonLowerBound(positive: number, total: number): number {
  if (total <= 0) return 0;
  const n = Math.max(total, positive);
  const p = positive / n;
  const zz = z * z;
  const centre = p + zz / (2 * n);
  const margin = z * Math.sqrt((p * (1 - p) + zz / (4 * n)) / n);
  return (centre - margin) / (1 + zz / n);
}

/**
 * Counts, for any moment, the members (other than a given author) active in a thread at or after
 * it: a comment's readers. Built once per thread from each member's last activity.
 */
export function createReaderCounter(activity: readonly { userId: number; lastAt: Date }[]) {
  const lastAtByUser = new Map(activity.map((entry) => [entry.userId, entry.lastAt.getTime()]));
  const sortedTimes = [...lastAtByUser.values()].sort((a, b) => a - b);
  return function countReaders(since: Date, authorId: number): number {
    const from = since.getTime();
    // Binary search for the first last-activity at or after `from`.
    let low = 0;
    let high = sortedTimes.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (sortedTimes[middle]! < from) low = middle + 1;
      else high = middle;
    }
    const authorLast = lastAtByUser.get(authorId);
    const isAuthorCounted = authorLast !== undefined && authorLast >= from;
    return sortedTimes.length - low - (isAuthorCounted ? 1 : 0);
  };
}
