import { Link, useParams } from 'react-router';
import { useOpinion } from '../features/opinions/api.ts';
import { useSession } from '../features/session/session.ts';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { errorTexts } from '../ui/error-texts.ts';
import { Page } from '../ui/Page.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { Spinner } from '../ui/Spinner.tsx';

/** detailedOpinionReport, `/o/{slug}/report`: only for CanSeeDetailedOpinionReport. */
export default function DetailedOpinionReportPage() {
  const { slug = '' } = useParams();
  const session = useSession();
  const canSee = session.canSeeDetailedOpinionReport;
  const opinion = useOpinion(slug, { enabled: canSee });
  usePageTitle(
    'detailedOpinionReport',
    opinion.data ? `Report: ${opinion.data.Opinion.Title}` : null,
  );

  if (session.loading) return <Spinner isCentered />;
  if (!canSee) {
    return (
      <Page width="narrow">
        <ErrorState message={errorTexts.accessDenied} />
      </Page>
    );
  }
  return (
    <QueryState
      query={opinion}
      loading={<Spinner isCentered />}
      error={(error) => (
        <Page width="narrow">
          <ErrorState error={error} />
        </Page>
      )}
    >
      {(data) => <OpinionReport title={data.Opinion.Title} slug={slug} />}
    </QueryState>
  );
}

function OpinionReport({ title, slug }: { title: string; slug: string }) {
  return (
    <Page title={title}>
      <Link to={`/o/${slug}`}>← Back to the opinion</Link>
      <EmptyState title="The detailed breakdown is on its way">
        Votes by gender, generation, education and the other demographics, with date and user tag
        filters, arrive with the reports release.
      </EmptyState>
    </Page>
  );
}
