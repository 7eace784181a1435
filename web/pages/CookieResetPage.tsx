import { useState } from 'react';
import { resetConsent } from '../features/cookies/consent-store.ts';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { Page } from '../ui/Page.tsx';
import { privateHead } from '../features/session/member-route.ts';
import type { RouteHandle } from '../routing/route-handle.ts';

export const handle: RouteHandle = { head: privateHead('cookieReset') };

/** cookieReset, `/cookiereset`: confirm, then forget the cookie choice and ask again. */
export default function CookieResetPage() {
  const [isDone, setIsDone] = useState(false);
  return (
    <Page width="narrow" title="Reset cookies">
      <Card>
        {isDone ? (
          <p role="status">
            Your cookie choice has been cleared. Choose again in the banner at the bottom of the
            page.
          </p>
        ) : (
          <>
            <p>
              This forgets your cookie choice on this device and clears what Stance stored in your
              browser, apart from your sign-in. You will be asked again.
            </p>
            <p style={{ marginTop: 'var(--space-4)' }}>
              <Button
                variant="primary"
                onClick={() => {
                  resetConsent();
                  setIsDone(true);
                }}
              >
                Reset my cookie choice
              </Button>
            </p>
          </>
        )}
      </Card>
    </Page>
  );
}
