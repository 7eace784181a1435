import { useSearchParams } from 'react-router';
import { LoginRequired } from '../features/accounts/components/LoginRequired.tsx';
import { EmailPreferencesForm } from '../features/emailprefs/components/EmailPreferencesForm.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { Card } from '../ui/Card.tsx';
import { Page } from '../ui/Page.tsx';

/**
 * emailPref, `/emailpref-iframe`: e-mail preferences, also shown in a frame of the settings page.
 * The link in an e-mail carries `?t=` so it works without logging in.
 */
export default function EmailPrefPage() {
  usePageTitle('emailPref');
  const [params] = useSearchParams();
  const token = params.get('t') || undefined;
  const content = (
    <Page width="narrow" title="E-mail preferences">
      <Card>
        <EmailPreferencesForm token={token} />
      </Card>
    </Page>
  );
  return token ? (
    content
  ) : (
    <LoginRequired reason="Please log in to change your e-mail preferences">
      {content}
    </LoginRequired>
  );
}
