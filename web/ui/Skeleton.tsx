import styles from './Skeleton.module.css';

/** A placeholder block of fixed size, so the page does not shift when data arrives. */
export function Skeleton({
  width = '100%',
  height,
  radius,
}: {
  width?: string | number;
  height: string | number;
  radius?: string;
}) {
  return (
    <span
      className={styles.skeleton}
      style={{ width, height, borderRadius: radius }}
      aria-hidden="true"
    />
  );
}
