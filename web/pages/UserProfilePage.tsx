import { Link, useParams } from 'react-router';
import { useSession } from '../features/session/session.ts';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { buttonClassName, ButtonLink } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { Page } from '../ui/Page.tsx';
import styles from './UserProfilePage.module.css';

export function ProfileIdentity({ username, caption }: { username: string; caption: string }) {
  return (
    <div className={styles.identity}>
      <span className={styles.avatar} aria-hidden="true">
        {username.charAt(0)}
      </span>
      <div>
        <h1 className={styles.name}>{username}</h1>
        <p className={styles.caption}>{caption}</p>
      </div>
    </div>
  );
}

/** userProfile, `/u/{username}`. The profiles issue fills in the details, grid and awards. */
export default function UserProfilePage() {
  const { username = '' } = useParams();
  usePageTitle('userProfile');
  const session = useSession();
  const isOwner = session.loggedIn && session.username.toLowerCase() === username.toLowerCase();

  return (
    <Page width="narrow">
      <Card>
        <ProfileIdentity username={username} caption="A contributor to civil discourse" />
      </Card>
      {isOwner ? (
        <nav className={styles.ownerLinks} aria-label="Your account">
          <ButtonLink to="/app/settings" size="small">
            Settings
          </ButtonLink>
          <ButtonLink to="/settings/details" size="small">
            Personal details
          </ButtonLink>
          <ButtonLink to="/reports/my-opinion-dna" size="small">
            Opinion DNA
          </ButtonLink>
          {/* /logout is a server route: a full page load ends the session. */}
          <a className={buttonClassName({ size: 'small', variant: 'ghost' })} href="/logout">
            Log out
          </a>
        </nav>
      ) : null}
      <nav className={styles.tabs} aria-label="Profile sections">
        <Link to={`/comments/${encodeURIComponent(username)}`}>Comments</Link>
      </nav>
      <EmptyState title="Profile details are on their way">
        Bio, expertise, the contribution grid, levels and awards will show here soon.
      </EmptyState>
    </Page>
  );
}
