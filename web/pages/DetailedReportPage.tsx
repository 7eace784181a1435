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
import { usePageTitle } from '../hooks/use-page-title.ts';
import { ErrorState } from '../ui/ErrorState.tsx';
import { errorTexts } from '../ui/error-texts.ts';
import { Page } from '../ui/Page.tsx';

/** detailedReport, `/reports/details/{name}`: one report's profile card, text and sources. */
export default function DetailedReportPage() {
  const { name = '' } = useParams();
  const known = isReportName(name) ? name : null;
  usePageTitle(
    known ? 'detailedReport' : 'notFound',
    known ? reportSummaries[known].title : undefined,
  );
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
