import { useParams } from 'react-router';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { Page } from '../ui/Page.tsx';
import NotFoundPage from './NotFoundPage.tsx';

const trackingFrames = new Set(['login', 'signup']);

/**
 * trackingDummyPage, `/tracking/login` and `/tracking/signup`: blank-looking frames that mark a
 * completed login or signup for conversion measurement (only with the visitor's consent).
 */
export default function TrackingPage() {
  const { name = '' } = useParams();
  usePageTitle('trackingDummyPage');
  if (!trackingFrames.has(name)) return <NotFoundPage />;
  return (
    <Page width="narrow">
      <p style={{ color: 'var(--color-text-muted)' }}>
        {name === 'login' ? 'Logged in.' : 'Signed up.'} You can close this frame.
      </p>
    </Page>
  );
}
