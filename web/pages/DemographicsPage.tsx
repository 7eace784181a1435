import { LoginRequired } from '../features/accounts/components/LoginRequired.tsx';
import { demographicsQuery, useDemographics } from '../features/people/api.ts';
import { DemographicsForm } from '../features/people/components/DemographicsForm.tsx';
import { Card } from '../ui/Card.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { Page } from '../ui/Page.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { memberQuery, privateHead } from '../features/session/member-route.ts';
import { routeQuery, type RouteHandle } from '../routing/route-handle.ts';

export const handle: RouteHandle = {
  queries: () => [memberQuery(() => routeQuery(demographicsQuery()))],
  head: privateHead('demographics'),
};

function DemographicsCard() {
  const query = useDemographics();
  return (
    <QueryState
      query={query}
      loading={<Skeleton height={640} radius="16px" />}
      error={(error) => <ErrorState error={error} hasHomeLink={false} />}
    >
      {(data) => (
        <Card>
          <DemographicsForm initial={data.Demographics} hasConsented={data.HasConsented} />
        </Card>
      )}
    </QueryState>
  );
}

/** demographics, `/settings/details`: the optional personal details (requires login). */
export default function DemographicsPage() {
  return (
    <LoginRequired reason="Please log in to edit your personal details">
      <Page
        width="narrow"
        title="Personal details"
        intro="Optional details that let Stance compare your views with people like you."
      >
        <p>
          Every field is optional and never shown to other members. They are used only for anonymous
          comparisons, such as how people of your generation voted on an opinion. Choose
          &lsquo;Prefer not to say&rsquo; to leave a field out.
        </p>
        <DemographicsCard />
      </Page>
    </LoginRequired>
  );
}
