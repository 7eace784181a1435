import { useId } from 'react';
import { useElementWidth } from '../../../hooks/use-element-width.ts';
import { voteScale } from '../../opinions/vote-scale.ts';
import {
  minLabelledSegment,
  rowFigures,
  rowSummary,
  splitWithheld,
  stacksFigures,
  toDistribution,
  withheldText,
  type ChartRow,
} from '../chart-data.ts';
import styles from './VoteDistributionChart.module.css';

const labelBaseline = 15;
const barHeight = 24;
/** A row: the label line (with the figures beside it, or on a line of their own), then the bar. */
function rowLayout(stacked: boolean) {
  const barTop = stacked ? 38 : 22;
  return { barTop, height: barTop + barHeight + 10, figuresBaseline: stacked ? 32 : labelBaseline };
}

const segmentClass = [styles.vote1, styles.vote2, styles.vote3, styles.vote4, styles.vote5];
const segmentTextClass = [styles.text1, styles.text2, styles.text3, styles.text4, styles.text5];

/**
 * One bar chart of vote distributions: a row per answer (or group), five stacked segments in the
 * vote colours, drawn as SVG. The SVG is an image with a one-line summary per row as its name;
 * the full figures are in a table that only screen readers reach. Rows withheld for having too
 * few voters are not drawn as zeros: they are named under the chart, 'Fewer than N voters'.
 */
export function VoteDistributionChart({
  title,
  rows,
  minGroupSize,
  withheldNote,
  headingLevel = 3,
}: {
  title: string;
  rows: readonly ChartRow[];
  minGroupSize: number | null;
  /** What the line of withheld rows says, when not 'Fewer than N voters'. */
  withheldNote?: string;
  headingLevel?: 3 | 4;
}) {
  const headingId = useId();
  const { ref, width } = useElementWidth<HTMLElement>();
  const { drawn, withheld } = splitWithheld(rows);
  // On a narrow screen a long label and the figures would overlap: the figures take a line.
  const stacked = width > 0 && drawn.some((row) => stacksFigures(row, width));
  const layout = rowLayout(stacked);
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const summary = `${title}. ${rows.map((row) => rowSummary(row, minGroupSize)).join('; ')}.`;
  return (
    <figure ref={ref} className={styles.chart} aria-labelledby={headingId}>
      <Heading id={headingId} className={styles.title}>
        {title}
      </Heading>
      {drawn.length > 0 ? (
        <svg
          className={styles.svg}
          width="100%"
          height={drawn.length * layout.height}
          role="img"
          aria-label={summary}
        >
          {drawn.map((row, index) => (
            <ChartBar key={row.key} row={row} top={index * layout.height} stacked={stacked} />
          ))}
        </svg>
      ) : null}
      {withheld.length > 0 ? (
        <p className={styles.withheld}>
          <span className={styles.withheldLabel}>
            {withheldNote ?? withheldText(minGroupSize)}:
          </span>{' '}
          {withheld.map((row) => row.shortLabel ?? row.label).join(', ')}
        </p>
      ) : null}
      {/* In a visually-hidden block, not on the table: a table grows to fit its cells whatever
          its width, and cannot clip them, so a hidden table alone widened the page on a phone. */}
      <div className="visually-hidden">
        <table className="visually-hidden">
          <caption>{title}, share of each vote in percent</caption>
          <thead>
            <tr>
              <th scope="col">Answer</th>
              {voteScale.map((step) => (
                <th key={step.value} scope="col">
                  {step.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const distribution = toDistribution(row.percentages);
              return (
                <tr key={row.key}>
                  <th scope="row">
                    {row.label}
                    {row.isMine ? ' (you)' : ''}
                  </th>
                  {distribution.kind === 'shown' ? (
                    distribution.segments.map((segment) => (
                      <td key={segment.value}>{segment.percent}%</td>
                    ))
                  ) : (
                    <td colSpan={voteScale.length}>
                      {distribution.kind === 'withheld' ? withheldText(minGroupSize) : 'No votes'}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

function ChartBar({ row, top, stacked }: { row: ChartRow; top: number; stacked: boolean }) {
  const distribution = toDistribution(row.percentages);
  const { barTop, figuresBaseline } = rowLayout(stacked);
  return (
    <g className={row.isMine ? styles.mine : undefined}>
      <text className={styles.rowLabel} x="0" y={top + labelBaseline}>
        {row.label}
        {row.isMine ? <tspan className={styles.you}> · you</tspan> : null}
      </text>
      <text
        className={styles.rowFigures}
        x={stacked ? '0' : '100%'}
        y={top + figuresBaseline}
        textAnchor={stacked ? 'start' : 'end'}
      >
        {rowFigures(row)}
      </text>
      <rect
        className={styles.track}
        x="0"
        y={top + barTop}
        width="100%"
        height={barHeight}
        rx="4"
      />
      {distribution.kind === 'shown'
        ? distribution.segments
            .filter((segment) => segment.width > 0)
            .map((segment) => (
              <g key={segment.value}>
                <rect
                  className={segmentClass[segment.value - 1]}
                  x={`${segment.start}%`}
                  y={top + barTop}
                  width={`${segment.width}%`}
                  height={barHeight}
                />
                {segment.width >= minLabelledSegment ? (
                  <text
                    className={segmentTextClass[segment.value - 1]}
                    x={`${segment.start + segment.width / 2}%`}
                    y={top + barTop + barHeight / 2}
                    textAnchor="middle"
                    dominantBaseline="central"
                  >
                    {segment.percent}%
                  </text>
                ) : null}
              </g>
            ))
        : null}
      {row.isMine ? (
        <rect
          className={styles.mineOutline}
          x="0"
          y={top + barTop - 1}
          width="100%"
          height={barHeight + 2}
          rx="4"
        />
      ) : null}
    </g>
  );
}

/** The five vote colours with their names, once above a set of charts. */
export function VoteLegend() {
  return (
    <ul className={styles.legend} aria-label="Vote colours">
      {voteScale.map((step) => (
        <li key={step.value}>
          <span
            className={[styles.swatch, segmentClass[step.value - 1]].join(' ')}
            aria-hidden="true"
          />
          {step.label}
        </li>
      ))}
    </ul>
  );
}
