import { useElementWidth } from '../../../hooks/use-element-width.ts';
import { gridColourThresholds } from '../../../../contract/contribution-grid.ts';
import type { ContributionGrid as Grid } from '../../../../contract/people.ts';
import { formatCount, formatShortMonth, formatWeekdayDate, pluralize } from '../../../ui/format.ts';
import {
  gridCellPx,
  gridGapPx,
  gridLabelWidthPx,
  layoutGrid,
  weeksThatFit,
} from '../grid-layout.ts';
import styles from './ContributionGrid.module.css';

const pitch = gridCellPx + gridGapPx;
const monthRowPx = 16;
const dayLabels = [
  { row: 0, label: 'Mon' },
  { row: 2, label: 'Wed' },
  { row: 4, label: 'Fri' },
];
const legendSteps = [0, 1, 2, 3, 4, 5];

function legendText(step: number): string {
  const [t1, t2, t3, t4] = gridColourThresholds;
  const ranges = ['none', `1–${t1}`, `${t1 + 1}–${t2}`, `${t2 + 1}–${t3}`, `${t3 + 1}–${t4}`];
  return ranges[step] ?? `over ${t4}`;
}

/**
 * The contribution grid (docs/product/constants.md#contribution-grid): one square per day, darker
 * over 10, 20, 30 and 40 contributions, as many recent weeks as fit the width (at least 270 px),
 * with the longest streak.
 */
export function ContributionGrid({ grid }: { grid: Grid }) {
  const { ref, width } = useElementWidth<HTMLDivElement>();
  const totalWeeks = Math.ceil(grid.Activity.length / 7);
  const weeks = weeksThatFit(width, totalWeeks);
  const layout = layoutGrid(grid.Activity, grid.StartTime, weeks);
  const svgWidth = gridLabelWidthPx + weeks * pitch - gridGapPx;
  const svgHeight = monthRowPx + 7 * pitch - gridGapPx;
  const summary = `${pluralize(layout.total, 'contribution')} in the last ${pluralize(weeks, 'week')}`;

  return (
    <div className={styles.grid}>
      <div ref={ref} className={styles.canvas}>
        {/* Measured in the browser: the server sends the room it takes, and it fills in. */}
        <div style={{ height: svgHeight }}>
          {width > 0 ? (
            <svg
              width={svgWidth}
              height={svgHeight}
              viewBox={`0 0 ${svgWidth} ${svgHeight}`}
              role="img"
              aria-label={`${summary}. Longest streak: ${pluralize(grid.LongestStreak, 'day')}.`}
            >
              {layout.monthLabels.map(({ column, date }) => (
                <text
                  key={column}
                  className={styles.label}
                  x={gridLabelWidthPx + column * pitch}
                  y={monthRowPx - 5}
                >
                  {formatShortMonth(date)}
                </text>
              ))}
              {dayLabels.map(({ row, label }) => (
                <text
                  key={label}
                  className={styles.label}
                  x={0}
                  y={monthRowPx + row * pitch + gridCellPx - 1}
                >
                  {label}
                </text>
              ))}
              {layout.columns.map((column, columnIndex) =>
                column.days.map((day, row) =>
                  day ? (
                    <rect
                      key={`${columnIndex}-${row}`}
                      className={styles[`step${day.step}`]}
                      x={gridLabelWidthPx + columnIndex * pitch}
                      y={monthRowPx + row * pitch}
                      width={gridCellPx}
                      height={gridCellPx}
                      rx={2}
                    >
                      <title>{`${pluralize(day.count, 'contribution')} on ${formatWeekdayDate(day.date)}`}</title>
                    </rect>
                  ) : null,
                ),
              )}
            </svg>
          ) : null}
        </div>
      </div>
      <div className={styles.footer}>
        <p className={styles.summary}>
          {summary} · Longest streak: <strong>{pluralize(grid.LongestStreak, 'day')}</strong>
        </p>
        <div className={styles.legend} aria-hidden="true">
          <span>Less</span>
          {legendSteps.map((step) => (
            <svg key={step} width={gridCellPx} height={gridCellPx}>
              <rect className={styles[`step${step}`]} width={gridCellPx} height={gridCellPx} rx={2}>
                <title>{`${legendText(step)} a day`}</title>
              </rect>
            </svg>
          ))}
          <span>More</span>
        </div>
      </div>
      <p className="visually-hidden">
        Each square is a day. The colour darkens over {formatCount(gridColourThresholds[0])},{' '}
        {formatCount(gridColourThresholds[1])}, {formatCount(gridColourThresholds[2])} and{' '}
        {formatCount(gridColourThresholds[3])} contributions a day.
      </p>
    </div>
  );
}
