import { useParams } from 'react-router';
import { isReportName } from '../../contract/reports.base.ts';
import { ReportOverview } from '../features/analytics/components/ReportOverview.tsx';
import { ReportBackLink } from '../features/reports/components/DetailedReportBody.tsx';
import { reportSummaries } from '../features/reports/report-names.ts';
import { useSession } from '../features/session/session.ts';
import { ErrorState } from '../ui/ErrorState.tsx';
import { errorTexts } from '../ui/error-texts.ts';
import { Page } from '../ui/Page.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { pageTitle } from '../../contract/routes.ts';
import type { RouteHandle } from '../routing/route-handle.ts';

export const handle: RouteHandle = {
  head: ({ params }) => {
    const name = params.name ?? '';
    const subject = isReportName(name) ? `${reportSummaries[name].title} overview` : undefined;
    return { title: pageTitle('detailedReportOverview', params, subject), noindex: true };
  },
};

/**
 * detailedReportOverview, `/reports/details/{name}/overview`: admin-hub viewers only. The card
 * of community averages under the staff filters, the filter sidebar and the CSV export
 * (docs/decisions/056-staff-analytics-screens.md).
 */
export default function DetailedReportOverviewPage() {
  const { name = '' } = useParams();
  const session = useSession();
  const known = isReportName(name) ? name : null;
  if (session.loading) return <Spinner isCentered />;
  if (!session.canSeeAdminHub) {
    return (
      <Page width="narrow">
        <ErrorState message={errorTexts.accessDenied} />
      </Page>
    );
  }
  if (!known) {
    return (
      <Page width="narrow">
        <ErrorState message={errorTexts.notFound}>There is no report called “{name}”.</ErrorState>
      </Page>
    );
  }
  return (
    <Page title={`${reportSummaries[known].title}: community overview`}>
      <ReportBackLink to={`/reports/details/${known}`}>← Back to the report</ReportBackLink>
      <ReportOverview name={known} />
    </Page>
  );
}
