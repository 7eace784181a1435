import { Link } from 'react-router';
import { appRoutes } from '../../contract/routes.ts';
import { ModerationQueue } from '../features/comments/components/ModerationQueue.tsx';
import { useSession } from '../features/session/session.ts';
import { UserTagsAdmin } from '../features/usertags/components/UserTagsAdmin.tsx';
import { Card } from '../ui/Card.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { errorTexts } from '../ui/error-texts.ts';
import { Page } from '../ui/Page.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { memberQuery, privateHead } from '../features/session/member-route.ts';
import { moderationQueueQuery } from '../features/comments/api.ts';
import { userTagsQuery } from '../features/usertags/api.ts';
import { routeQuery, type RouteHandle } from '../routing/route-handle.ts';

export const handle: RouteHandle = {
  // The tools the staff member's rights show, each with its list.
  queries: () => [
    memberQuery((user) => (user.CanDeleteContent ? routeQuery(moderationQueueQuery()) : null)),
    memberQuery((user) => (user.AdminHub ? routeQuery(userTagsQuery()) : null)),
  ],
  head: privateHead('admin'),
};

/**
 * admin, `/internal/admin`: the admin hub, for admin-hub viewers, moderators (CanDeleteContent)
 * and opinion creators (CanCreateOpinions: the questions), each seeing the tools their rights
 * allow.
 */
export default function AdminPage() {
  const session = useSession();
  if (session.loading) return <Spinner isCentered />;
  if (!session.canSeeAdminHub && !session.canDeleteContent && !session.canCreateOpinions) {
    return (
      <Page width="narrow">
        <ErrorState message={errorTexts.accessDenied} />
      </Page>
    );
  }
  return (
    <Page title="Admin" intro="Tools for the people who run Stance.">
      {session.canDeleteContent ? <ModerationQueue /> : null}
      {session.canCreateOpinions ? (
        <Card heading="Questions">
          <p>
            Write questions from existing opinions, upload their images and manage their categories:{' '}
            <Link to={appRoutes.questionAdmin}>Questions and categories</Link>.
          </p>
        </Card>
      ) : null}
      {session.canSeeAdminHub ? (
        <Card heading="Reports">
          <p>
            Community overviews of every report, with filters:{' '}
            <Link to="/reports/details/opiniondna/overview">Opinion DNA overview</Link>.
          </p>
          <p style={{ marginTop: 'var(--space-2)' }}>
            Topic reports download from each topic page (the “Download topic report” link).
          </p>
        </Card>
      ) : null}
      {session.canSeeAdminHub ? <UserTagsAdmin /> : null}
    </Page>
  );
}
