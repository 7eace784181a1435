import {
  dotSizeFor,
  placePoints,
  shapePath,
  type GroupShape,
  type MapPoint,
} from '../chart-data.ts';
import styles from './GroupMap.module.css';

export type StyledGroup = {
  ID: number;
  Size: number;
  name: string;
  shape: GroupShape;
  colourIndex: number;
};

const frame = { width: 600, height: 360, padding: 18 };
const meSize = 20;

export const groupColourClass = [
  styles.group1,
  styles.group2,
  styles.group3,
  styles.group4,
  styles.group5,
];

/**
 * The voters of a topic on a plane (the first two components of their votes): each dot a voter,
 * each group its own colour and shape, the reader's own dot larger, outlined and labelled 'You'.
 * One path per group keeps ten thousand dots one element each group.
 */
export function GroupMap({
  groups,
  points,
  me,
  label,
}: {
  groups: readonly StyledGroup[];
  points: readonly MapPoint[];
  me: MapPoint | null;
  label: string;
}) {
  const placed = placePoints(me ? [...points, me] : points, frame);
  const mine = me ? placed[placed.length - 1]! : null;
  const dots = me ? placed.slice(0, -1) : placed;
  const dotSize = dotSizeFor(dots.length);
  const byGroup = new Map(groups.map((group) => [group.ID, group]));
  const paths = groups.map((group) => ({
    group,
    d: dots
      .filter((dot) => dot.group === group.ID)
      .map((dot) => shapePath(group.shape, dot.x, dot.y, dotSize))
      .join(''),
  }));
  const myGroup = mine ? byGroup.get(mine.group) : undefined;
  const labelOnLeft = mine !== null && mine.x > frame.width - 70;
  return (
    <svg
      className={styles.map}
      viewBox={`0 0 ${frame.width} ${frame.height}`}
      role="img"
      aria-label={label}
    >
      <rect
        className={styles.frame}
        x="0.5"
        y="0.5"
        width={frame.width - 1}
        height={frame.height - 1}
        rx="10"
      />
      {paths.map(({ group, d }) => (
        <path
          key={group.ID}
          className={[styles.dots, groupColourClass[group.colourIndex]].join(' ')}
          d={d}
        />
      ))}
      {mine && myGroup ? (
        <g className={styles.me}>
          <path
            className={[styles.meMark, groupColourClass[myGroup.colourIndex]].join(' ')}
            d={shapePath(myGroup.shape, mine.x, mine.y, meSize)}
          />
          <text
            className={styles.meLabel}
            x={labelOnLeft ? mine.x - meSize : mine.x + meSize}
            y={mine.y}
            textAnchor={labelOnLeft ? 'end' : 'start'}
            dominantBaseline="central"
          >
            You
          </text>
        </g>
      ) : null}
    </svg>
  );
}

/** A group's mark on its own, for the legend and the group's heading. */
export function GroupSwatch({ group }: { group: StyledGroup }) {
  return (
    <svg className={styles.swatch} width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
      <path className={groupColourClass[group.colourIndex]} d={shapePath(group.shape, 8, 8, 11)} />
    </svg>
  );
}
