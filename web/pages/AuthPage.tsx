import { Navigate } from 'react-router';
import { LoginSignupPanel } from '../features/accounts/components/LoginSignupPanel.tsx';
import { useSession } from '../features/session/session.ts';
import { Card } from '../ui/Card.tsx';
import { Page } from '../ui/Page.tsx';
import { Spinner } from '../ui/Spinner.tsx';

/** The full-page login/signup panel; a logged-in user is sent to / (docs/product/screens.md). */
export function AuthPage({ startPage }: { startPage: 'login' | 'signup' }) {
  const session = useSession();
  if (session.loading) return <Spinner isCentered />;
  if (session.loggedIn) return <Navigate to="/" replace />;
  return (
    <Page width="narrow">
      <Card style={{ maxWidth: 460, width: '100%', margin: '0 auto' }}>
        <LoginSignupPanel startPage={startPage} headingLevel="h1" />
      </Card>
    </Page>
  );
}
