import { describe, expect, it, vi } from 'vitest';
import {
  capitalizeFirst,
  formatDate,
  formatDateTime,
  formatMonthYear,
  formatShortMonth,
  formatWeekdayDate,
  truncate,
} from './format.ts';

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

/** Dates across every month, weekday and hour, with minutes on and off the hour. */
function sampleDates(): Date[] {
  const dates: Date[] = [];
  for (let month = 0; month < 12; month++) {
    for (let hour = 0; hour < 24; hour++) {
      dates.push(
        new Date(Date.UTC(2026, month, 1 + ((month * 3 + hour) % 28), hour, (hour * 7) % 60)),
      );
    }
  }
  dates.push(new Date('1999-12-31T23:59:00Z'), new Date('2026-11-30T00:05:00Z'));
  return dates;
}

describe('formatShortMonth and formatWeekdayDate', () => {
  it('write the month and the day in UTC as Intl en-US does', () => {
    const month = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });
    const day = new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    for (const date of sampleDates()) {
      expect(formatShortMonth(date), date.toISOString()).toBe(month.format(date));
      expect(formatWeekdayDate(date), date.toISOString()).toBe(day.format(date));
    }
  });
});

describe('formatDateTime', () => {
  /** Intl's en-US writing, with the space ICU may put before AM or PM made a plain one. */
  const intlFormat = (date: Date, timeZone?: string) =>
    new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone })
      .format(date)
      .replace(/\s/g, ' ');

  it('writes a date and time in UTC as Intl en-US does', () => {
    const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
    for (const date of sampleDates()) {
      expect(formatDate(date, 'UTC'), date.toISOString()).toBe(dateOnly.format(date));
      expect(formatDateTime(date, 'UTC'), date.toISOString()).toBe(intlFormat(date, 'UTC'));
    }
    expect(formatDateTime(new Date('2026-11-30T00:05:00Z'), 'UTC')).toBe('Nov 30, 2026, 12:05 AM');
    expect(formatDateTime(new Date('2026-11-30T12:40:00Z'), 'UTC')).toBe('Nov 30, 2026, 12:40 PM');
  });

  /** Runs `check` with the process in another time zone (Node reads TZ again when it is set). */
  function inTimeZone(zone: string, check: () => void) {
    vi.stubEnv('TZ', zone);
    try {
      check();
    } finally {
      vi.unstubAllEnvs();
    }
  }

  it("writes it in the reader's time zone as Intl does there", () => {
    for (const zone of ['America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Chatham']) {
      inTimeZone(zone, () => {
        for (const date of sampleDates()) {
          expect(formatDateTime(date, 'reader'), `${zone} ${date.toISOString()}`).toBe(
            intlFormat(date, zone),
          );
        }
      });
    }
    // A reader east of UTC is already in the next day.
    inTimeZone('Asia/Tokyo', () =>
      expect(formatDateTime(new Date('2026-11-30T20:00:00Z'), 'reader')).toBe(
        'Dec 1, 2026, 5:00 AM',
      ),
    );
  });
});
