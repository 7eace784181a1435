import { useId, type ReactNode } from 'react';
import { countAppliedFilters, type StaffFilters } from '../../../../contract/analytics.base.ts';
import { Button } from '../../../ui/Button.tsx';
import { formatCount } from '../../../ui/format.ts';
import styles from './FilterSidebar.module.css';

/** The staff member's privacy budget as answers carry it (docs/decisions/082). */
export type PrivacyBudget = { Spent: number; Limit: number; RenewsAt: string };

/**
 * The filter sidebar (docs/decisions/056-staff-analytics-screens.md): Filters Applied, Total
 * Users ± its margin (or why it is withheld), why figures are not exact and the privacy budget
 * (docs/decisions/082), the request's state, Reset, then the screen's filters.
 */
export function FilterSidebar({
  filters,
  users,
  usersMargin,
  budget,
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
  /** The count's 95 % half-width (it is noisy). */
  usersMargin?: number;
  /** The privacy budget, from the last answer. */
  budget?: PrivacyBudget;
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
          {typeof users === 'number' && !isWithheld && usersMargin !== undefined ? (
            <dd className={styles.margin} data-testid="total-users-margin">
              ± {formatCount(usersMargin)}
            </dd>
          ) : null}
        </div>
      </dl>
      <NoiseNote budget={budget} />
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

/**
 * The one sentence on why staff figures are not exact, and the budget: spent, the limit, when it
 * renews.
 */
export function NoiseNote({ budget }: { budget: PrivacyBudget | undefined }) {
  return (
    <div className={styles.noise} data-testid="noise-note">
      <p>
        Figures are not exact: each has random noise added so that no member can be singled out, and
        ± gives the range the true figure lies in 95 times out of 100.
      </p>
      {budget ? (
        <p data-testid="privacy-budget">
          Privacy budget today: {formatBudget(budget.Spent)} of {formatBudget(budget.Limit)} spent;
          it renews at {new Date(budget.RenewsAt).toISOString().slice(11, 16)} UTC. Asking the same
          question again is free.
        </p>
      ) : null}
    </div>
  );
}

const formatBudget = (value: number) => (Math.round(value * 100) / 100).toString();
