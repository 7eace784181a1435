import { LoginRequired } from '../features/accounts/components/LoginRequired.tsx';
import { useDemographics } from '../features/people/api.ts';
import { DemographicsForm } from '../features/people/components/DemographicsForm.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { Card } from '../ui/Card.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { Page } from '../ui/Page.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';

function DemographicsCard() {
  const query = useDemographics();
  if (query.isPending) return <Skeleton height={640} radius="16px" />;
  if (query.isError) return <ErrorState error={query.error} hasHomeLink={false} />;
  return (
    <Card>
      <DemographicsForm initial={query.data.Demographics} hasConsented={query.data.HasConsented} />
    </Card>
  );
}

/** demographics, `/settings/details`: the optional personal details (requires login). */
export default function DemographicsPage() {
  usePageTitle('demographics');
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
