import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ReportName } from '../../../../contract/reports.ts';
import { Button } from '../../../ui/Button.tsx';
import { ErrorState } from '../../../ui/ErrorState.tsx';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { useModals } from '../../modals/modal-store.tsx';
import { useDetailedReport } from '../api.ts';
import { hasOwnScores, type DetailedReport } from '../report-card.ts';
import styles from './DetailedReportBody.module.css';
import { ProfileCard } from './ProfileCard.tsx';
import { ReportSources } from './ReportSources.tsx';

/**
 * One report as the detailed report screen shows it: loading, error, then the profile card first
 * (the result is what the reader came for), what `afterCard` adds for a card of the member's own
 * scores (sharing), the detailed text card opening with the report's intro, and the sources.
 */
export function DetailedReportBody({
  name,
  afterCard,
}: {
  name: ReportName;
  afterCard?: (report: DetailedReport) => ReactNode;
}) {
  const { openModal } = useModals();
  const query = useDetailedReport(name);

  if (query.isPending) {
    return (
      <div className={styles.loading} aria-busy="true" aria-label="Loading the report">
        <Skeleton height={640} radius="16px" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <ErrorState error={query.error} hasHomeLink={false}>
        <p>{query.error.message}</p>
        <Button onClick={() => void query.refetch()}>Try again</Button>
      </ErrorState>
    );
  }
  const report = query.data;
  return (
    <>
      <ProfileCard
        name={name}
        report={report}
        onUnlock={() => openModal({ kind: 'buyReport', report: name })}
      />
      {afterCard && hasOwnScores(name, report) ? afterCard(report) : null}
      <section className={styles.textCard} aria-labelledby="report-text-heading">
        <h2 id="report-text-heading" className={styles.textHeading}>
          About {report.Title}
        </h2>
        <p className={styles.intro}>{report.Intro}</p>
        <div
          className={styles.text}
          // Made by the server from the instruments' content; every string is escaped there.
          dangerouslySetInnerHTML={{ __html: report.DetailedReports.Text }}
        />
      </section>
      <ReportSources sources={report.Sources} />
    </>
  );
}

/** The way back above a report (to My Opinion DNA, or from the overview to the report). */
export function ReportBackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={styles.back}>
      {children}
    </Link>
  );
}
