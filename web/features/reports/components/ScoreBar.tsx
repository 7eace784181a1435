import { intervalOf } from '../../../../contract/report-readings.ts';
import styles from './ScoreBar.module.css';

/**
 * A 0–100 score as a bar: the score as a dot, its 90 % interval as a band around it, the middle
 * marked, and the community average as a tick when the viewer gets one. The whole is one image
 * whose accessible name says all of it (`description`).
 */
export function ScoreBar({
  score,
  uncertainty,
  community,
  isSample,
  description,
  size = 'normal',
}: {
  score: number | null;
  uncertainty: number | null;
  /** The community average; null when withheld, undefined when not shown. */
  community?: number | null | undefined;
  isSample: boolean;
  description: string;
  size?: 'normal' | 'large';
}) {
  const interval = score !== null && uncertainty !== null ? intervalOf(score, uncertainty) : null;
  return (
    <div
      className={[styles.track, size === 'large' ? styles.large : '', isSample ? styles.sample : '']
        .filter(Boolean)
        .join(' ')}
      role="img"
      aria-label={description}
    >
      <span className={styles.middle} />
      {interval ? (
        <span
          className={styles.interval}
          style={{ left: `${interval[0]}%`, width: `${interval[1] - interval[0]}%` }}
        />
      ) : null}
      {typeof community === 'number' ? (
        <span className={styles.community} style={{ left: `${clamp(community)}%` }} />
      ) : null}
      {score !== null ? <span className={styles.dot} style={{ left: `${score}%` }} /> : null}
    </div>
  );
}

function clamp(value: number): number {
  return Math.min(100, Math.max(0, value));
}

/** The legend's swatch of the community tick, drawn as on the bars. */
export function CommunityMarker() {
  return <span className={styles.legendCommunity} aria-hidden="true" />;
}

/** The legend's swatch of the 90 % interval band. */
export function IntervalSwatch() {
  return <span className={styles.legendInterval} aria-hidden="true" />;
}
