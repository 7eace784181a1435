import styles from './Spinner.module.css';

/** The loading text is 'Loading ...' (docs/product/errors.md#page-states). */
export const loadingText = 'Loading ...';

export function Spinner({ label = loadingText, isCentered = false }) {
  const spinner = (
    <span className={styles.spinner} role="status">
      <span className={styles.circle} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
  return isCentered ? <div className={styles.centered}>{spinner}</div> : spinner;
}
