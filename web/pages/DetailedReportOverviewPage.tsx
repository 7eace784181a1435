import { Link, useParams } from 'react-router';
import { isReportName, reports } from '../features/reports/report-names.ts';
import { useSession } from '../features/session/session.ts';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { errorTexts } from '../ui/error-texts.ts';
import { Page } from '../ui/Page.tsx';
import { Spinner } from '../ui/Spinner.tsx';

/** detailedReportOverview, `/reports/details/{name}/overview`: admin-hub viewers only. */
export default function DetailedReportOverviewPage() {
  const { name = '' } = useParams();
  const session = useSession();
  const report = isReportName(name) ? reports[name] : null;
  usePageTitle('detailedReportOverview', report ? `${report.title} overview` : undefined);
  if (session.loading) return <Spinner isCentered />;
  if (!session.canSeeAdminHub) {
    return (
      <Page width="narrow">
        <ErrorState message={errorTexts.accessDenied} />
      </Page>
    );
  }
  if (!report) {
    return (
      <Page width="narrow">
        <ErrorState message={errorTexts.notFound} />
      </Page>
    );
  }
  return (
    <Page title={`${report.title}: community overview`} intro={report.summary}>
      <Link to={`/reports/details/${name}`}>← Back to the report</Link>
      <EmptyState title="Community data is on its way">
        The filtered community averages and the filter sidebar arrive with the reports release.
      </EmptyState>
    </Page>
  );
}
