import type { ComponentProps } from 'react';
import { Link, useParams } from 'react-router';
import { OpinionReport } from '../features/analytics/components/OpinionReport.tsx';
import { OpinionMovement } from '../features/minds/components/Movement.tsx';
import { pageTitle } from '../../contract/routes.ts';
import { opinionQuery, useOpinion } from '../features/opinions/api.ts';
import { currentUserQuery } from '../features/session/api.ts';
import { useSession } from '../features/session/session.ts';
import { ErrorState } from '../ui/ErrorState.tsx';
import { errorTexts } from '../ui/error-texts.ts';
import { Page } from '../ui/Page.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import type { RouteHandle } from '../routing/route-handle.ts';

export const handle: RouteHandle = {
  // The opinion for those who may see its report; everyone else is told they may not.
  queries: ({ params }) => [
    async (queryClient) => {
      const user = await queryClient.fetchQuery(currentUserQuery());
      if (user.CanSeeDetailedOpinionReport) {
        await queryClient.fetchQuery(opinionQuery(params.slug ?? ''));
      }
    },
  ],
  head: ({ params, queryClient }) => {
    const opinion = queryClient.getQueryData(opinionQuery(params.slug ?? '').queryKey)?.Opinion;
    return {
      title: pageTitle(
        'detailedOpinionReport',
        params,
        opinion ? `Report: ${opinion.Title}` : undefined,
      ),
      description: 'The votes on an opinion per demographic answer, for the staff.',
      noindex: true,
    };
  },
};

/**
 * detailedOpinionReport, `/o/{slug}/report`: only for CanSeeDetailedOpinionReport. The votes per
 * demographic answer with their filters (docs/decisions/056-staff-analytics-screens.md).
 */
export default function DetailedOpinionReportPage() {
  const { slug = '' } = useParams();
  const session = useSession();
  const canSee = session.canSeeDetailedOpinionReport;
  const opinion = useOpinion(slug, { enabled: canSee });

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
      {(data) => (
        <OpinionReportScreen title={data.Opinion.Title} slug={slug} movement={data.Movement} />
      )}
    </QueryState>
  );
}

function OpinionReportScreen({
  title,
  slug,
  movement,
}: {
  title: string;
  slug: string;
  /** Of all its voters, whatever the filters: withheld under MIN_GROUP_SIZE (decision 077). */
  movement: ComponentProps<typeof OpinionMovement>['movement'];
}) {
  const session = useSession();
  return (
    <Page title={title}>
      <Link to={`/o/${slug}`}>← Back to the opinion</Link>
      <OpinionMovement movement={movement} />
      <OpinionReport slug={slug} canSearchTags={session.canSeeAdminHub} />
    </Page>
  );
}
