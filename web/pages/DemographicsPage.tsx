import { LoginRequired } from '../features/accounts/components/LoginRequired.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { Card } from '../ui/Card.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { Page } from '../ui/Page.tsx';

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
        <Card>
          <p>
            Every field is optional and never shown to other members. They are used only for
            anonymous comparisons, such as how people of your generation voted on an opinion.
          </p>
        </Card>
        <EmptyState title="The personal details form is on its way">
          Gender, birth year, education, religion, political leaning and the other fields will be
          editable here soon.
        </EmptyState>
      </Page>
    </LoginRequired>
  );
}
