import { describe, expect, it } from 'vitest';
import { layoutGrid, weeksThatFit } from './grid-layout.ts';

describe('weeksThatFit', () => {
  it('fits whole weeks to the width, keeping the 270 px minimum', () => {
    expect(weeksThatFit(270, 53)).toBe(17);
    expect(weeksThatFit(100, 53)).toBe(17);
    expect(weeksThatFit(300, 53)).toBe(19);
    expect(weeksThatFit(2000, 53)).toBe(53);
  });
});

describe('layoutGrid', () => {
  // 2025-12-29 is a Monday; ten days of counts run to Wednesday 2026-01-07.
  const start = '2025-12-29T00:00:00.000Z';
  const activity = [0, 5, 11, 21, 31, 41, 10, 1, 0, 2];

  it('lays days out Monday first in week columns, with colour steps and blanks after today', () => {
    const layout = layoutGrid(activity, start, 53);
    expect(layout.columns).toHaveLength(2);
    expect(layout.columns[0]!.days.map((day) => day?.step)).toEqual([0, 1, 2, 3, 4, 5, 1]);
    expect(layout.columns[1]!.days.map((day) => day?.count ?? null)).toEqual([
      1,
      0,
      2,
      null,
      null,
      null,
      null,
    ]);
    expect(layout.columns[1]!.days[0]!.date.toISOString()).toBe('2026-01-05T00:00:00.000Z');
    expect(layout.total).toBe(122);
  });

  it('shows only the latest weeks when fewer fit', () => {
    const layout = layoutGrid(activity, start, 1);
    expect(layout.columns).toHaveLength(1);
    expect(layout.total).toBe(3);
  });

  it('labels a month where its first Monday falls', () => {
    const year = Array.from({ length: 7 * 10 }, () => 1);
    const layout = layoutGrid(year, start, 10);
    expect(layout.monthLabels.map((label) => label.date.toISOString().slice(0, 10))).toEqual([
      '2026-01-05',
      '2026-02-02',
      '2026-03-02',
    ]);
  });
});
