import { useSearchParams } from 'react-router';
import { LoginRequired } from '../features/accounts/components/LoginRequired.tsx';
import { emailPreferencesQuery } from '../features/emailprefs/api.ts';
import { EmailPreferencesForm } from '../features/emailprefs/components/EmailPreferencesForm.tsx';
import { Card } from '../ui/Card.tsx';
import { Page } from '../ui/Page.tsx';
import { memberQuery, privateHead } from '../features/session/member-route.ts';
import { routeQuery, type RouteHandle } from '../routing/route-handle.ts';

export const handle: RouteHandle = {
  // A link from an e-mail carries its token and works without logging in.
  queries: ({ search }) => {
    const token = search.get('t') || undefined;
    const query = routeQuery(emailPreferencesQuery(token));
    return [token ? query : memberQuery(() => query)];
  },
  head: privateHead('emailPref'),
};

/**
 * emailPref, `/emailpref-iframe`: e-mail preferences, also shown in a frame of the settings page.
 * The link in an e-mail carries `?t=` so it works without logging in.
 */
export default function EmailPrefPage() {
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
