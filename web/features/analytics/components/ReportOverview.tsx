import {
  exportReport,
  reportFileName,
  reportFilterKeys,
} from '../../../../contract/analytics.base.ts';
import type { ReportName } from '../../../../contract/reports.base.ts';
import { Button } from '../../../ui/Button.tsx';
import { ErrorState } from '../../../ui/ErrorState.tsx';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { useDetailedReport } from '../../reports/api.ts';
import { useFilteredCommunity, withFilters } from '../api.ts';
import { overviewFilterWaitMs, useUrlFilters } from '../use-url-filters.ts';
import { CommunityCard } from './CommunityCard.tsx';
import { CsvDownload } from './CsvDownload.tsx';
import { DemographicFilters } from './DemographicFilters.tsx';
import { ElementsSpectrum } from './ElementsSpectrum.tsx';
import { FilterSidebar, SidebarSection } from './FilterSidebar.tsx';
import styles from './AnalyticsLayout.module.css';
import { TagFilter } from './TagFilter.tsx';

/**
 * The overview of one report for admin-hub staff: the card of community averages under the
 * filters, the filter sidebar (the Elements Spectrum for Opinion DNA) and the CSV export of the
 * same members. The filters live in the address; one request follows a second of stillness.
 */
export function ReportOverview({ name }: { name: ReportName }) {
  const report = useDetailedReport(name);
  const { filters, errors, query, settledQuery, isWaiting, setFilters, reset } = useUrlFilters(
    reportFilterKeys,
    overviewFilterWaitMs,
  );
  const community = useFilteredCommunity(name, settledQuery);
  const answer = community.data;
  const elements = report.data?.Entries.filter((entry) => !entry.IsTotal) ?? [];

  return (
    <div className={styles.layout}>
      <FilterSidebar
        filters={filters}
        users={answer ? answer.Users : undefined}
        usersMargin={answer?.UsersMargin}
        budget={answer?.Budget}
        isWithheld={answer?.Withheld ?? false}
        isWaiting={isWaiting}
        isFetching={community.isFetching}
        isFailed={community.isError}
        onReset={reset}
        addressErrors={errors}
      >
        <DemographicFilters filters={filters} onChange={setFilters} />
        <SidebarSection title="User Tag" active={filters.usertag === null ? 0 : 1} isOpen>
          <TagFilter filters={filters} onChange={setFilters} canSearch />
        </SidebarSection>
        {name === 'opiniondna' && elements.length > 0 ? (
          <ElementsSpectrum elements={elements} filters={filters} onChange={setFilters} />
        ) : null}
      </FilterSidebar>

      <div className={styles.main}>
        <div className={styles.toolbar}>
          <CsvDownload
            label="Download CSV"
            url={withFilters(exportReport, query).path}
            method="POST"
            payload={{ assessmentType: name }}
            fallbackName={reportFileName(name)}
          />
          <p className={styles.note}>
            One row per personal-details answer under these filters: its members and each
            element&apos;s average, all with their margins. No row is about one member.
          </p>
        </div>
        {report.isError ? (
          <ErrorState error={report.error} hasHomeLink={false}>
            <Button onClick={() => void report.refetch()}>Try again</Button>
          </ErrorState>
        ) : community.isError && !answer ? (
          <ErrorState error={community.error} hasHomeLink={false}>
            <Button onClick={() => void community.refetch()}>Try again</Button>
          </ErrorState>
        ) : report.data && answer ? (
          <>
            {community.isError ? (
              <p className={styles.inlineError} role="alert">
                These filters could not be applied: {community.error.message}
              </p>
            ) : null}
            <CommunityCard
              title={report.data.Title}
              entries={report.data.Entries}
              answer={answer}
              isUpdating={community.isFetching || isWaiting}
            />
          </>
        ) : (
          <div aria-busy="true" aria-label="Loading the community averages">
            <Skeleton height={520} radius="16px" />
          </div>
        )}
      </div>
    </div>
  );
}
