import { useId } from 'react';
import { isDefaultRange, moveThumb, scaleMax, scaleMin, type ScoreRange } from '../range.ts';
import styles from './RangeSlider.module.css';

/**
 * A dual-range slider: two native range inputs on one track (each reachable and moved by the
 * keyboard, each with its own label), the start kept at least 1 below the end.
 */
export function RangeSlider({
  label,
  range,
  onChange,
}: {
  label: string;
  range: ScoreRange;
  onChange: (range: ScoreRange) => void;
}) {
  const id = useId();
  const [start, end] = range;
  const isActive = !isDefaultRange(range);
  return (
    <div className={[styles.slider, isActive ? styles.active : ''].join(' ')}>
      <div className={styles.head}>
        <span id={`${id}-name`} className={styles.name}>
          {label}
        </span>
        <output className={styles.value} htmlFor={`${id}-start ${id}-end`}>
          {start}–{end}
        </output>
      </div>
      <div className={styles.track} role="group" aria-labelledby={`${id}-name`}>
        <span
          className={styles.fill}
          style={{ left: `${start}%`, width: `${end - start}%` }}
          aria-hidden="true"
        />
        <input
          id={`${id}-start`}
          type="range"
          className={styles.input}
          min={scaleMin}
          max={scaleMax}
          step={1}
          value={start}
          aria-label={`${label}: lowest score`}
          onChange={(event) => onChange(moveThumb(range, 'start', Number(event.target.value)))}
        />
        <input
          id={`${id}-end`}
          type="range"
          className={styles.input}
          min={scaleMin}
          max={scaleMax}
          step={1}
          value={end}
          aria-label={`${label}: highest score`}
          onChange={(event) => onChange(moveThumb(range, 'end', Number(event.target.value)))}
        />
      </div>
    </div>
  );
}
