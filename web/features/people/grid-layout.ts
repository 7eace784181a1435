import { gridColourStep, gridMinWidthPx } from '../../../contract/contribution-grid.ts';

/** Cell size and gap of the grid, in CSS pixels; the day labels take the left column. */
export const gridCellPx = 11;
export const gridGapPx = 3;
export const gridLabelWidthPx = 28;
const pitchPx = gridCellPx + gridGapPx;
const dayMs = 86_400_000;

/** How many whole weeks fit a container of this width (never below the 270 px minimum). */
export function weeksThatFit(widthPx: number, totalWeeks: number): number {
  const width = Math.max(widthPx, gridMinWidthPx);
  const weeks = Math.floor((width - gridLabelWidthPx + gridGapPx) / pitchPx);
  return Math.max(1, Math.min(totalWeeks, weeks));
}

export type GridDay = { date: Date; count: number; step: number };
export type GridColumn = { days: (GridDay | null)[] };
export type GridLayout = {
  columns: GridColumn[];
  /** A month name goes above the column where that month's first Monday falls. */
  monthLabels: { column: number; date: Date }[];
  /** Sum of the counts in the columns shown. */
  total: number;
};

/**
 * The latest `weeksShown` weeks of daily counts as columns of seven days (Monday first; the
 * grid starts on a Monday). Days after today are null.
 */
export function layoutGrid(
  activity: readonly number[],
  startTime: string,
  weeksShown: number,
): GridLayout {
  const start = Date.parse(startTime);
  const totalWeeks = Math.ceil(activity.length / 7);
  const firstWeek = Math.max(0, totalWeeks - weeksShown);
  const columns: GridColumn[] = [];
  const monthLabels: GridLayout['monthLabels'] = [];
  let total = 0;
  let previousMonth = -1;
  for (let week = firstWeek; week < totalWeeks; week++) {
    const days: (GridDay | null)[] = [];
    for (let weekday = 0; weekday < 7; weekday++) {
      const index = week * 7 + weekday;
      if (index >= activity.length) {
        days.push(null);
        continue;
      }
      const count = activity[index] ?? 0;
      total += count;
      days.push({ date: new Date(start + index * dayMs), count, step: gridColourStep(count) });
    }
    const monday = new Date(start + week * 7 * dayMs);
    const month = monday.getUTCMonth();
    const column = week - firstWeek;
    // A label squeezed into the first two columns would collide with the next one.
    if (month !== previousMonth && (column > 0 || monday.getUTCDate() <= 7)) {
      monthLabels.push({ column, date: monday });
    }
    previousMonth = month;
    columns.push({ days });
  }
  return { columns, monthLabels, total };
}
