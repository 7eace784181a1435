import type { QueryClient } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { currentUserQuery } from '../features/session/api.ts';
import { LoginSignupPanel } from '../features/accounts/components/LoginSignupPanel.tsx';
import { useSession } from '../features/session/session.ts';
import { Card } from '../ui/Card.tsx';
import { Page } from '../ui/Page.tsx';
import { Spinner } from '../ui/Spinner.tsx';

/** A member opening the login or signup page is sent home, by the server as by the app. */
export function redirectMember({ queryClient }: { queryClient: QueryClient }): string | null {
  const user = queryClient.getQueryData(currentUserQuery().queryKey);
  return user && user.Username !== '' ? '/' : null;
}

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
