import type { ReactNode } from 'react';
import { useSession } from '../../session/session.ts';
import { Card } from '../../../ui/Card.tsx';
import { Page } from '../../../ui/Page.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { LoginSignupPanel } from './LoginSignupPanel.tsx';

/**
 * A reason plus the login panel when logged out; while the session loads, a spinner or the page's
 * own skeleton (docs/product/screens.md#login-and-signup-panel).
 */
export function LoginRequired({
  reason,
  startPage = 'login',
  loading = <Spinner isCentered />,
  children,
}: {
  reason: string;
  startPage?: 'login' | 'signup';
  /** What shows while the session loads: a page's own skeleton keeps its room (no layout shift). */
  loading?: ReactNode;
  children: ReactNode;
}) {
  const session = useSession();
  if (session.loading) return loading;
  if (!session.loggedIn) {
    return (
      <Page width="narrow">
        <Card style={{ maxWidth: 460, width: '100%', margin: '0 auto' }}>
          <LoginSignupPanel startPage={startPage} reason={reason} headingLevel="h1" />
        </Card>
      </Page>
    );
  }
  return children;
}
