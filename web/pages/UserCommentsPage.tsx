import { Link, useParams } from 'react-router';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { Card } from '../ui/Card.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { Page } from '../ui/Page.tsx';
import { ProfileIdentity } from './UserProfilePage.tsx';

/** userComments, `/comments/{username}`: a member's comment history. */
export default function UserCommentsPage() {
  const { username = '' } = useParams();
  usePageTitle('userComments');
  return (
    <Page width="narrow">
      <Card>
        <ProfileIdentity username={username} caption="Opinion activity" />
      </Card>
      <Link to={`/u/${encodeURIComponent(username)}`}>Back to the profile</Link>
      <EmptyState title="Comment history is on its way">
        Every comment {username} has written, with the opinion it answers, will be listed here.
      </EmptyState>
    </Page>
  );
}
