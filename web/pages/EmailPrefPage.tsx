import { usePageTitle } from '../hooks/use-page-title.ts';
import { Card } from '../ui/Card.tsx';
import { Page } from '../ui/Page.tsx';

/** emailPref, `/emailpref-iframe`: e-mail preferences, shown in a frame of the settings page. */
export default function EmailPrefPage() {
  usePageTitle('emailPref');
  return (
    <Page width="narrow" title="E-mail preferences">
      <Card>
        <label style={{ display: 'flex', gap: 'var(--space-3)', alignItems: 'center' }}>
          <input type="checkbox" disabled />
          <span>
            <strong>All</strong> e-mails from Stance
          </span>
        </label>
        <p style={{ marginTop: 'var(--space-3)', color: 'var(--color-text-muted)' }}>
          Stance only sends e-mails you need today: sign-up codes and password resets. Choices for
          other e-mails will appear here when we start sending them.
        </p>
      </Card>
    </Page>
  );
}
