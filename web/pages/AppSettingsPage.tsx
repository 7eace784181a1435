import { Link } from 'react-router';
import { LoginRequired } from '../features/accounts/components/LoginRequired.tsx';
import { useModals } from '../features/modals/modal-store.tsx';
import { useSession } from '../features/session/session.ts';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { Page } from '../ui/Page.tsx';

/** appSettings, `/app/settings`: account settings (requires login). */
export default function AppSettingsPage() {
  usePageTitle('appSettings');
  const session = useSession();
  const { openModal } = useModals();
  return (
    <LoginRequired reason="Please log in to see your settings">
      <Page width="narrow" title="Settings">
        <Card heading="Account">
          <p>
            Signed in as <strong>{session.username}</strong>.
          </p>
          <ul style={{ margin: 'var(--space-3) 0 0', paddingLeft: 'var(--space-5)' }}>
            <li>
              <Link to="/settings/details">Personal details</Link>
            </li>
            <li>
              <Link to="/emailpref-iframe">E-mail preferences</Link>
            </li>
            <li>
              <Link to="/cookiereset">Cookie settings</Link>
            </li>
            <li>
              <a href="/logout">Log out</a>
            </li>
          </ul>
        </Card>
        <Card heading="Subscription">
          <Button onClick={() => openModal({ kind: 'subscription' })}>Manage subscription</Button>
        </Card>
      </Page>
    </LoginRequired>
  );
}
