import { useId } from 'react';
import { allVotesFilterKeys, type StaffFilters } from '../../../../contract/analytics.base.ts';
import { Button } from '../../../ui/Button.tsx';
import { ErrorState } from '../../../ui/ErrorState.tsx';
import { formatCount } from '../../../ui/format.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useAllVotes } from '../api.ts';
import { opinionReportFilterWaitMs, useUrlFilters } from '../use-url-filters.ts';
import { breakdownOf, totalOf, type BreakdownField } from '../vote-breakdown.ts';
import styles from './OpinionReport.module.css';
import layout from './AnalyticsLayout.module.css';
import { DemographicFilters } from './DemographicFilters.tsx';
import { FilterSidebar, SidebarSection } from './FilterSidebar.tsx';
import { TagFilter } from './TagFilter.tsx';
import { VoteBar, VoteLegend } from './VoteBar.tsx';

/**
 * The detailed opinion report's body: the votes per demographic answer under the filters, with
 * the sidebar of demographic filters, Vote Date Range and User Tag; 1.2 s after the last change,
 * one request.
 */
export function OpinionReport({ slug, canSearchTags }: { slug: string; canSearchTags: boolean }) {
  const { filters, errors, settledQuery, isWaiting, setFilters, reset } = useUrlFilters(
    allVotesFilterKeys,
    opinionReportFilterWaitMs,
  );
  const votes = useAllVotes(slug, settledQuery);
  const answer = votes.data;

  return (
    <div className={layout.layout}>
      <FilterSidebar
        filters={filters}
        users={answer ? answer.Users : undefined}
        usersMargin={answer?.UsersMargin}
        budget={answer?.Budget}
        usersLabel="Voters"
        isWithheld={answer?.Withheld ?? false}
        isWaiting={isWaiting}
        isFetching={votes.isFetching}
        isFailed={votes.isError}
        onReset={reset}
        addressErrors={errors}
      >
        <SidebarSection
          title="Vote Date Range"
          active={(filters.dateFrom ? 1 : 0) + (filters.dateTo ? 1 : 0)}
          isOpen
        >
          <DateRange filters={filters} onChange={setFilters} />
        </SidebarSection>
        <SidebarSection title="User Tag" active={filters.usertag === null ? 0 : 1} isOpen>
          <TagFilter filters={filters} onChange={setFilters} canSearch={canSearchTags} />
        </SidebarSection>
        <DemographicFilters filters={filters} onChange={setFilters} />
      </FilterSidebar>

      <div className={layout.main}>
        {votes.isPending ? (
          <Spinner isCentered label="Loading the votes" />
        ) : votes.isError && !answer ? (
          <ErrorState error={votes.error} hasHomeLink={false}>
            <Button onClick={() => void votes.refetch()}>Try again</Button>
          </ErrorState>
        ) : answer ? (
          <>
            {votes.isError ? (
              <p className={layout.inlineError} role="alert">
                These filters could not be applied: {votes.error.message}
              </p>
            ) : null}
            <Breakdown answer={answer} isUpdating={votes.isFetching || isWaiting} />
          </>
        ) : null}
      </div>
    </div>
  );
}

function DateRange({
  filters,
  onChange,
}: {
  filters: StaffFilters;
  onChange: (filters: StaffFilters) => void;
}) {
  const id = useId();
  return (
    <div className={styles.dates}>
      <label htmlFor={`${id}-from`}>Date From</label>
      <input
        id={`${id}-from`}
        type="date"
        value={filters.dateFrom ?? ''}
        max={filters.dateTo ?? undefined}
        onChange={(event) => onChange({ ...filters, dateFrom: event.target.value || null })}
      />
      <label htmlFor={`${id}-to`}>Date To</label>
      <input
        id={`${id}-to`}
        type="date"
        value={filters.dateTo ?? ''}
        min={filters.dateFrom ?? undefined}
        onChange={(event) => onChange({ ...filters, dateTo: event.target.value || null })}
      />
    </div>
  );
}

type AllVotes = {
  Users: number | null;
  UsersMargin: number;
  Votes: readonly number[] | null;
  /** Each of Votes' counts' 95 % half-width; MatrixMargin the matrix's (docs/decisions/082). */
  CountsMargin: number;
  MatrixMargin: number;
  Matrix: Record<string, Record<string, readonly number[] | null>>;
  Withheld: boolean;
  Reason: string | null;
};

function Breakdown({ answer, isUpdating }: { answer: AllVotes; isUpdating: boolean }) {
  const fields = breakdownOf(answer.Matrix);
  const isWithheld = answer.Withheld || answer.Votes === null;
  return (
    <div
      className={styles.report}
      aria-busy={isUpdating || undefined}
      data-testid="opinion-breakdown"
    >
      <section className={styles.card} aria-labelledby="all-voters-heading">
        <h2 id="all-voters-heading" className={styles.cardTitle}>
          All voters under these filters
        </h2>
        {isWithheld ? (
          <div className={styles.withheld} role="note" data-testid="withheld">
            <p className={styles.withheldTitle}>Votes withheld</p>
            <p>{answer.Reason ?? 'Too few voters match these filters to show their votes.'}</p>
          </div>
        ) : answer.Votes ? (
          <>
            <p className={styles.count} data-testid="voters">
              {formatCount(totalOf(answer.Votes))} ±{' '}
              {formatCount(totalMarginOf(answer.CountsMargin))}{' '}
              {totalOf(answer.Votes) === 1 ? 'vote' : 'votes'}
            </p>
            <p className={styles.marginNote}>
              Each rating&apos;s count is within ± {formatCount(answer.CountsMargin)} of the true
              count 95 times out of 100; each count in the tables below within ±{' '}
              {formatCount(answer.MatrixMargin)}.
            </p>
            <VoteBar counts={answer.Votes} subject="All voters" />
          </>
        ) : null}
        <VoteLegend />
      </section>
      {!isWithheld && fields.length === 0 ? (
        <p className={styles.empty}>None of these voters has given personal details yet.</p>
      ) : null}
      {isWithheld
        ? null
        : fields.map((field) => (
            <FieldTable key={field.field} field={field} margin={answer.MatrixMargin} />
          ))}
    </div>
  );
}

/**
 * A row's total adds five noisy counts: its margin is about √5 times one count's (the server's
 * UsersMargin is the same approximation).
 */
const totalMarginOf = (countMargin: number) => Math.ceil(countMargin * Math.sqrt(5));

/** A field with more answers than this shows its withheld ones as one row. */
const withheldRowsShown = 12;

function FieldTable({ field, margin }: { field: BreakdownField; margin: number }) {
  const withheld = field.rows.filter((row) => row.counts === null);
  const rows =
    field.rows.length > withheldRowsShown
      ? field.rows.filter((row) => row.counts !== null)
      : field.rows;
  const folded = rows.length < field.rows.length ? withheld.length : 0;
  return (
    <section className={styles.card}>
      <table className={styles.table}>
        <caption className={styles.cardTitle}>{field.label}</caption>
        <thead>
          <tr>
            <th scope="col">Answer</th>
            <th scope="col">Votes</th>
            <th scope="col" className={styles.barColumn}>
              Distribution
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.answer}>
              <th scope="row">{row.label}</th>
              {row.counts ? (
                <>
                  <td className={styles.number}>
                    {formatCount(totalOf(row.counts))}
                    <span className={styles.margin}> ± {formatCount(totalMarginOf(margin))}</span>
                  </td>
                  <td>
                    <VoteBar counts={row.counts} subject={`${field.label}: ${row.label}`} />
                  </td>
                </>
              ) : (
                <td colSpan={2} className={styles.withheldCell}>
                  Withheld: too few voters to show
                </td>
              )}
            </tr>
          ))}
          {folded > 0 ? (
            <tr>
              <th scope="row">Other answers ({formatCount(folded)})</th>
              <td colSpan={2} className={styles.withheldCell}>
                Withheld: too few voters to show
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </section>
  );
}
