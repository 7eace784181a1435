import styles from './DirectionMark.module.css';

/**
 * An insight's direction as a small mark beside its sentence: an upward triangle when the people
 * compared mostly agree, a downward one when they mostly disagree, a bar when they are split.
 * The sentence says it in words; the mark is decoration.
 */
export function DirectionMark({ direction }: { direction: -1 | 0 | 1 }) {
  const className = [
    styles.mark,
    direction > 0 ? styles.agree : direction < 0 ? styles.disagree : styles.split,
  ].join(' ');
  return (
    <svg className={className} width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
      {direction > 0 ? (
        <path d="M7 2 13 12H1Z" />
      ) : direction < 0 ? (
        <path d="M1 2h12L7 12Z" />
      ) : (
        <rect x="1" y="5" width="12" height="4" rx="1" />
      )}
    </svg>
  );
}
