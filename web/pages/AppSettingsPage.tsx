import { Link } from 'react-router';
import { LoginRequired } from '../features/accounts/components/LoginRequired.tsx';
import {
  DeleteAccountCard,
  DownloadDataCard,
} from '../features/accounts/components/YourDataCards.tsx';
import { useModals } from '../features/modals/modal-store.tsx';
import { profileQuery, useProfile } from '../features/people/api.ts';
import { ProfileSettingsForm } from '../features/people/components/ProfileSettingsForm.tsx';
import { useSession } from '../features/session/session.ts';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { Page } from '../ui/Page.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { memberQuery, privateHead } from '../features/session/member-route.ts';
import { routeQuery, type RouteHandle } from '../routing/route-handle.ts';

export const handle: RouteHandle = {
  queries: () => [memberQuery((user) => routeQuery(profileQuery(user.Username)))],
  head: privateHead('appSettings'),
};

function ProfileCard({ username }: { username: string }) {
  const profile = useProfile(username);
  return (
    <Card heading="Profile">
      <p style={{ marginBottom: 'var(--space-4)', color: 'var(--color-text-muted)' }}>
        Shown on <Link to={`/u/${encodeURIComponent(username)}`}>your public profile</Link>. Every
        field is optional.
      </p>
      <QueryState
        query={profile}
        loading={<Skeleton height={420} radius="10px" />}
        error={(error) => <ErrorState error={error} hasHomeLink={false} />}
      >
        {(data) => <ProfileSettingsForm profile={data} />}
      </QueryState>
    </Card>
  );
}

/** appSettings, `/app/settings`: account settings (requires login). */
export default function AppSettingsPage() {
  const session = useSession();
  const { openModal } = useModals();
  return (
    <LoginRequired reason="Please log in to see your settings">
      <Page width="narrow" title="Settings">
        {session.username ? <ProfileCard username={session.username} /> : null}
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
        <DownloadDataCard />
        <DeleteAccountCard />
      </Page>
    </LoginRequired>
  );
}
