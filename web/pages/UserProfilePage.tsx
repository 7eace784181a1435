import type { Profile } from '../../contract/people.ts';
import { Link, useParams } from 'react-router';
import { useSession } from '../features/session/session.ts';
import { pageTitle } from '../../contract/routes.ts';
import { statusOf } from '../api/client.ts';
import { profileQuery, useProfile } from '../features/people/api.ts';
import { profileHead } from '../features/people/profile-head.ts';
import { useUserReports } from '../features/reports/api.ts';
import { ContributionGrid } from '../features/people/components/ContributionGrid.tsx';
import { AwardsList, LevelProgress } from '../features/people/components/LevelAndAwards.tsx';
import { ProfileHeader } from '../features/people/components/ProfileHeader.tsx';
import { buttonClassName, ButtonLink } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { formatCount } from '../ui/format.ts';
import { Page } from '../ui/Page.tsx';
import { LoadingBlocks, QueryState } from '../ui/QueryState.tsx';
import { routeQuery, type RouteHandle } from '../routing/route-handle.ts';
import styles from './UserProfilePage.module.css';

export const handle: RouteHandle = {
  queries: ({ params }) => [routeQuery(profileQuery(params.username ?? ''))],
  head: ({ params, queryClient }) => {
    const query = queryClient.getQueryState(profileQuery(params.username ?? '').queryKey);
    if (query?.data) return profileHead(query.data.Profile);
    const isMissing = statusOf(query?.error) === 404;
    return { title: pageTitle(isMissing ? 'notFound' : 'userProfile', params) };
  },
};

/** userProfile, `/u/{username}`: who a member is and what they have contributed. */
export default function UserProfilePage() {
  const { username = '' } = useParams();
  const session = useSession();
  const query = useProfile(username);
  const isOwner = session.loggedIn && session.username.toLowerCase() === username.toLowerCase();
  // Only the owner sees the Opinion DNA link, with how much of its core they have answered.
  const reports = useUserReports({ enabled: isOwner });
  const dnaCompletion = reports.data?.Completion.opiniondna;

  return (
    <Page width="narrow">
      <QueryState query={query} loading={<LoadingBlocks heights={[180, 220]} />}>
        {(profile) => (
          <ProfileView
            profile={profile}
            isOwner={isOwner}
            {...(dnaCompletion === undefined ? {} : { dnaCompletion })}
          />
        )}
      </QueryState>
    </Page>
  );
}

function ProfileView({
  profile,
  isOwner,
  dnaCompletion,
}: {
  profile: Profile;
  isOwner: boolean;
  dnaCompletion?: number;
}) {
  const totals = [
    { label: 'Opinions', value: profile.OpinionsTotal },
    { label: 'Votes', value: profile.NumVotes },
    { label: 'Comments', value: profile.NumComments },
    { label: 'Good points received', value: profile.NumCommentLikes },
    { label: 'Minds changed', value: profile.MindsChanged },
  ];

  return (
    <>
      <Card>
        <ProfileHeader profile={profile}>
          {profile.Bio ? <p className={styles.bio}>{profile.Bio}</p> : null}
          {profile.Expertise ? (
            <p className={styles.expertise}>
              <span className={styles.expertiseLabel}>Expertise</span> {profile.Expertise}
            </p>
          ) : null}
        </ProfileHeader>
        {isOwner ? (
          <nav className={styles.ownerLinks} aria-label="Your account">
            <ButtonLink to="/app/settings" size="small">
              Settings
            </ButtonLink>
            <ButtonLink to="/settings/details" size="small">
              Personal details
            </ButtonLink>
            <ButtonLink to="/reports/my-opinion-dna" size="small">
              {dnaCompletion === undefined
                ? 'Opinion DNA'
                : `Opinion DNA · ${dnaCompletion} % answered`}
            </ButtonLink>
            {/* /logout is a server route: a full page load ends the session. */}
            <a className={buttonClassName({ size: 'small', variant: 'ghost' })} href="/logout">
              Log out
            </a>
          </nav>
        ) : null}
      </Card>

      <dl className={styles.totals}>
        {totals.map((total) => (
          <div key={total.label} className={styles.total}>
            <dt className={styles.totalLabel}>{total.label}</dt>
            <dd className={styles.totalValue}>{formatCount(total.value)}</dd>
          </div>
        ))}
      </dl>

      <Card heading="Contributions">
        <ContributionGrid grid={profile.Grid} />
      </Card>

      <Card heading="Level">
        <LevelProgress profile={profile} />
      </Card>

      <Card heading="Awards">
        <AwardsList profile={profile} />
      </Card>

      <p className={styles.more}>
        <Link to={`/comments/${encodeURIComponent(profile.UsernameCased)}`}>
          See all {formatCount(profile.NumComments)} comments by {profile.UsernameCased}
        </Link>
      </p>
    </>
  );
}
