import { useParams } from 'react-router';
import { Page } from '../ui/Page.tsx';
import NotFoundPage from './NotFoundPage.tsx';
import { privateHead } from '../features/session/member-route.ts';
import type { RouteHandle } from '../routing/route-handle.ts';

const trackingFrames = new Set(['login', 'signup']);

export const handle: RouteHandle = {
  head: (args) =>
    privateHead(trackingFrames.has(args.params.name ?? '') ? 'trackingDummyPage' : 'notFound')(
      args,
    ),
};

/**
 * trackingDummyPage, `/tracking/login` and `/tracking/signup`: blank-looking frames that mark a
 * completed login or signup for conversion measurement (only with the visitor's consent).
 */
export default function TrackingPage() {
  const { name = '' } = useParams();
  if (!trackingFrames.has(name)) return <NotFoundPage />;
  return (
    <Page width="narrow">
      <p style={{ color: 'var(--color-text-muted)' }}>
        {name === 'login' ? 'Logged in.' : 'Signed up.'} You can close this frame.
      </p>
    </Page>
  );
}
