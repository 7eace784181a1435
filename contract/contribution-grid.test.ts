import { describe, expect, it } from 'vitest';
import {
  dailyCounts,
  dayKey,
  gridColourStep,
  gridStart,
  gridWeeks,
  longestStreak,
  startOfUtcWeek,
} from './contribution-grid.ts';

describe('gridColourStep', () => {
  it('steps up only when a day is over 10, 20, 30 and 40', () => {
    expect([0, 1, 10, 11, 20, 21, 30, 31, 40, 41, 500].map(gridColourStep)).toEqual([
      0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5,
    ]);
    expect(gridColourStep(-3)).toBe(0);
  });
});

describe('longestStreak', () => {
  it('is 0 without activity and 1 for a lone day', () => {
    expect(longestStreak([])).toBe(0);
    expect(longestStreak(['2026-03-04'])).toBe(1);
  });

  it('runs over a month end', () => {
    expect(longestStreak(['2026-01-30', '2026-01-31', '2026-02-01', '2026-02-02'])).toBe(4);
    expect(longestStreak(['2026-04-29', '2026-04-30', '2026-05-01'])).toBe(3);
  });

  it('runs over a year end', () => {
    expect(longestStreak(['2025-12-30', '2025-12-31', '2026-01-01'])).toBe(3);
  });

  it('runs through 29 February in leap years and straight to 1 March otherwise', () => {
    expect(longestStreak(['2024-02-28', '2024-02-29', '2024-03-01'])).toBe(3);
    expect(longestStreak(['2024-02-28', '2024-03-01'])).toBe(1);
    expect(longestStreak(['2023-02-28', '2023-03-01'])).toBe(2);
  });

  it('picks the longest of several runs, in any order and with repeats', () => {
    const days = [
      '2026-06-10',
      '2025-12-31',
      '2026-01-01',
      '2026-06-08',
      '2026-06-09',
      '2026-06-09',
      '2026-01-03',
      '2026-06-11',
    ];
    expect(longestStreak(days)).toBe(4);
  });

  it('does not join days a month apart that share a day number', () => {
    expect(longestStreak(['2026-01-31', '2026-03-01'])).toBe(1);
    expect(longestStreak(['2026-01-05', '2026-02-06'])).toBe(1);
  });

  it('ignores keys that are not dates', () => {
    expect(longestStreak(['2023-02-29', '2023-02-30', 'yesterday', '2023-03-01'])).toBe(1);
  });
});

describe('the grid window', () => {
  it('starts on a Monday, gridWeeks weeks back, and ends today', () => {
    const now = new Date('2026-01-01T15:00:00Z'); // a Thursday
    expect(startOfUtcWeek(now).toISOString()).toBe('2025-12-29T00:00:00.000Z');
    const start = gridStart(now);
    expect(start.getUTCDay()).toBe(1);
    const counts = dailyCounts(
      start,
      now,
      new Map([
        ['2026-01-01', 3],
        ['2025-12-31', 41],
      ]),
    );
    expect(counts).toHaveLength((gridWeeks - 1) * 7 + 4);
    expect(counts.at(-1)).toBe(3);
    expect(counts.at(-2)).toBe(41);
    expect(counts.slice(0, -2).every((count) => count === 0)).toBe(true);
  });

  it('keys days in UTC', () => {
    expect(dayKey(new Date('2026-12-31T23:59:59.999Z'))).toBe('2026-12-31');
    expect(dayKey(new Date('2027-01-01T00:00:00.000Z'))).toBe('2027-01-01');
  });
});
