import { useParams } from 'react-router';
import { isReportName } from '../../contract/reports.base.ts';
import type { ReportName } from '../../contract/reports.ts';
import { LoginRequired } from '../features/accounts/components/LoginRequired.tsx';
import {
  DetailedReportBody,
  ReportBackLink,
} from '../features/reports/components/DetailedReportBody.tsx';
import { reportSummaries } from '../features/reports/report-names.ts';
import { ShareReportPanel } from '../features/sharing/components/ShareReportPanel.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { errorTexts } from '../ui/error-texts.ts';
import { Page } from '../ui/Page.tsx';
import { pageTitle } from '../../contract/routes.ts';
import { detailedReportQuery } from '../features/reports/api.ts';
import { memberQuery } from '../features/session/member-route.ts';
import { routeQuery, type RouteHandle } from '../routing/route-handle.ts';

export const handle: RouteHandle = {
  queries: ({ params }) => {
    const name = params.name ?? '';
    return isReportName(name) ? [memberQuery(() => routeQuery(detailedReportQuery(name)))] : [];
  },
  head: ({ params }) => {
    const name = params.name ?? '';
    if (!isReportName(name)) return { title: pageTitle('notFound', params), noindex: true };
    return {
      title: pageTitle('detailedReport', params, reportSummaries[name].title),
      noindex: true,
    };
  },
};

/** detailedReport, `/reports/details/{name}`: one report's profile card, text and sources. */
export default function DetailedReportPage() {
  const { name = '' } = useParams();
  const known = isReportName(name) ? name : null;
  if (!known) {
    // Checked here too, so a mistyped address answers at once, in the server's words.
    return (
      <Page width="narrow">
        <ErrorState message={errorTexts.notFound}>There is no report called “{name}”.</ErrorState>
      </Page>
    );
  }
  return (
    <LoginRequired reason="Please log in to see your reports">
      <DetailedReport name={known} />
    </LoginRequired>
  );
}

function DetailedReport({ name }: { name: ReportName }) {
  return (
    <Page title={reportSummaries[name].title}>
      <ReportBackLink to="/reports/my-opinion-dna">← All reports</ReportBackLink>
      <DetailedReportBody name={name} afterCard={() => <ShareReportPanel name={name} />} />
    </Page>
  );
}
