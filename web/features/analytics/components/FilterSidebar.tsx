import { useId, type ReactNode } from 'react';
import { countAppliedFilters, type StaffFilters } from '../../../../contract/analytics.base.ts';
import { Button } from '../../../ui/Button.tsx';
import { formatCount } from '../../../ui/format.ts';
import styles from './FilterSidebar.module.css';

/**
 * The filter sidebar (docs/decisions/056-staff-analytics-screens.md): Filters Applied, Total
 * Users (or why it is withheld), the request's state, Reset, then the screen's filters.
 */
export function FilterSidebar({
  filters,
  users,
  usersLabel = 'Total Users',
  isWithheld,
  isWaiting,
  isFetching,
  isFailed,
  onReset,
  addressErrors,
  children,
}: {
  filters: StaffFilters;
  /** The filtered count; null when withheld, undefined before the first answer. */
  users: number | null | undefined;
  usersLabel?: string;
  isWithheld: boolean;
  isWaiting: boolean;
  isFetching: boolean;
  /** The last request failed (the screen says why). */
  isFailed: boolean;
  onReset: () => void;
  /** Parts of the address this screen could not read, dropped from the view. */
  addressErrors: string[];
  children: ReactNode;
}) {
  const headingId = useId();
  const applied = countAppliedFilters(filters);
  const status = isWaiting
    ? 'Applying soon…'
    : isFetching
      ? 'Updating…'
      : isFailed
        ? 'Not updated: the request failed'
        : 'Up to date';
  return (
    <aside className={styles.sidebar} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Filters
      </h2>
      <dl className={styles.stats}>
        <div>
          <dt>Filters Applied</dt>
          <dd data-testid="filters-applied">{applied}</dd>
        </div>
        <div>
          <dt>{usersLabel}</dt>
          <dd data-testid="total-users">
            {users === undefined
              ? isFailed
                ? '—'
                : '…'
              : isWithheld || users === null
                ? 'Withheld'
                : formatCount(users)}
          </dd>
        </div>
      </dl>
      <p className={styles.status} role="status" aria-live="polite">
        {status}
      </p>
      {addressErrors.length > 0 ? (
        <div className={styles.addressErrors} role="alert">
          <p>Some filters in this address could not be read and are left out:</p>
          <ul>
            {addressErrors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <Button size="small" onClick={onReset} disabled={applied === 0 && addressErrors.length === 0}>
        Reset filters
      </Button>
      <div className={styles.sections}>{children}</div>
    </aside>
  );
}

/** One collapsible section of the sidebar, saying how many of its filters are on. */
export function SidebarSection({
  title,
  active,
  isOpen = false,
  children,
}: {
  title: string;
  active: number;
  isOpen?: boolean;
  children: ReactNode;
}) {
  return (
    <details className={styles.section} open={isOpen || undefined}>
      <summary className={styles.summary}>
        <span className={styles.summaryTitle}>{title}</span>
        {active > 0 ? <span className={styles.badge}>{active} on</span> : null}
      </summary>
      <div className={styles.sectionBody}>{children}</div>
    </details>
  );
}
