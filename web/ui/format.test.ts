import { describe, expect, it } from 'vitest';
import { capitalizeFirst, formatMonthYear, truncate } from './format.ts';

describe('truncate', () => {
  it('keeps short text whole', () => {
    expect(truncate('Short title', 70)).toBe('Short title');
    expect(truncate('x'.repeat(70), 70)).toBe('x'.repeat(70));
  });

  it('cuts long text at the limit with an ellipsis', () => {
    expect(truncate('y'.repeat(71), 70)).toBe(`${'y'.repeat(70)}…`);
  });
});

describe('capitalizeFirst', () => {
  it('capitalises only the first letter', () => {
    expect(capitalizeFirst('eternals and more')).toBe('Eternals and more');
    expect(capitalizeFirst('')).toBe('');
  });
});

describe('formatMonthYear', () => {
  it('writes the month and year in UTC as Intl en-US does', () => {
    const intl = new Intl.DateTimeFormat('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    for (let month = 0; month < 12; month++) {
      for (const date of [
        new Date(Date.UTC(2026, month, 1, 0, 0)),
        new Date(Date.UTC(1999, month, 28, 23, 59)),
      ]) {
        expect(formatMonthYear(date), date.toISOString()).toBe(intl.format(date));
      }
    }
    // The last minute of a month in UTC is still that month, whatever the machine's time zone.
    expect(formatMonthYear(new Date('2026-03-31T23:59:00Z'))).toBe('March 2026');
  });
});
