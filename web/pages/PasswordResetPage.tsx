import { useSearchParams } from 'react-router';
import { LoginSignupPanel } from '../features/accounts/components/LoginSignupPanel.tsx';
import { Card } from '../ui/Card.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { Page } from '../ui/Page.tsx';
import { privateHead } from '../features/session/member-route.ts';
import type { RouteHandle } from '../routing/route-handle.ts';

export const handle: RouteHandle = { head: privateHead('passwordResetNew') };

/** passwordResetNew, `/resetpassword/set?t=…`: the panel's set-new-password mode. */
export default function PasswordResetPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('t')?.trim() ?? '';

  if (!token) {
    return (
      <Page width="narrow">
        <ErrorState message="This password reset link is incomplete">
          Open the link from the e-mail again, or ask for a new one from the log in panel.
        </ErrorState>
      </Page>
    );
  }
  return (
    <Page width="narrow">
      <Card style={{ maxWidth: 460, width: '100%', margin: '0 auto' }}>
        <LoginSignupPanel startPage="setPassword" resetToken={token} headingLevel="h1" />
      </Card>
    </Page>
  );
}
