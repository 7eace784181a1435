import { Link, useParams } from 'react-router';
import { isReportName, reports } from '../features/reports/report-names.ts';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { Card } from '../ui/Card.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { errorTexts } from '../ui/error-texts.ts';
import { Page } from '../ui/Page.tsx';

/** detailedReport, `/reports/details/{name}`: one report; unknown names are an error. */
export default function DetailedReportPage() {
  const { name = '' } = useParams();
  const report = isReportName(name) ? reports[name] : null;
  usePageTitle(report ? 'detailedReport' : 'notFound', report?.title);
  if (!report) {
    return (
      <Page width="narrow">
        <ErrorState message={errorTexts.notFound}>There is no report called “{name}”.</ErrorState>
      </Page>
    );
  }
  return (
    <Page width="narrow" title={report.title} intro={report.summary}>
      <Link to="/reports/my-opinion-dna">← All reports</Link>
      <Card heading="Your profile">
        <EmptyState title="Your report will appear here">
          Once you have answered its quiz, this card shows your scores next to everyone else&apos;s,
          with a detailed explanation of each.
        </EmptyState>
      </Card>
    </Page>
  );
}
