import { Link, useSearchParams } from 'react-router';
import { exportTopicReport } from '../../contract/analytics.base.ts';
import { CsvDownload } from '../features/analytics/components/CsvDownload.tsx';
import { useSession } from '../features/session/session.ts';
import { Card } from '../ui/Card.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { errorTexts } from '../ui/error-texts.ts';
import { Page } from '../ui/Page.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { privateHead } from '../features/session/member-route.ts';
import type { RouteHandle } from '../routing/route-handle.ts';

export const handle: RouteHandle = { head: privateHead('topicReport') };

/**
 * topicReport, `/internal/admin/reports/topic?slug=`: for staff the server answers the CSV itself;
 * this page is what a browser shows there otherwise: 'Access denied' to whoever may not read it
 * (as the admin hub does), and to staff without a topic, where topic reports come from.
 */
export default function TopicReportPage() {
  const session = useSession();
  const [params] = useSearchParams();
  const slug = params.get('slug')?.trim() ?? '';
  if (session.loading) return <Spinner isCentered />;
  if (!session.canListConvos) {
    return (
      <Page width="narrow">
        <ErrorState message={errorTexts.accessDenied} />
      </Page>
    );
  }
  return (
    <Page width="narrow" title="Topic report">
      <Card>
        {slug ? (
          <>
            <p>
              The opinions of <Link to={`/t/${encodeURIComponent(slug)}`}>{slug}</Link> with their
              vote counts, as a spreadsheet.
            </p>
            <div style={{ marginTop: 'var(--space-4)' }}>
              <CsvDownload
                label="Download topic report"
                url={`${exportTopicReport.path}?slug=${encodeURIComponent(slug)}`}
                method="GET"
                fallbackName={`${slug}-topic-report.csv`}
              />
            </div>
          </>
        ) : (
          <p>
            A topic report lists a topic&rsquo;s opinions with their vote counts. Open a topic from{' '}
            <Link to="/topics">All topics</Link> and choose &lsquo;Download topic report&rsquo;.
          </p>
        )}
      </Card>
    </Page>
  );
}
