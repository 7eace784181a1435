import { LoginRequired } from '../features/accounts/components/LoginRequired.tsx';
import { NotificationList } from '../features/notifications/components/NotificationList.tsx';
import { notificationsQuery, useNotifications } from '../features/notifications/api.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { Page } from '../ui/Page.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { memberQuery, privateHead } from '../features/session/member-route.ts';
import { routeQuery, type RouteHandle } from '../routing/route-handle.ts';

export const handle: RouteHandle = {
  queries: () => [memberQuery(() => routeQuery(notificationsQuery()))],
  head: privateHead('notifications'),
};

/** The empty state, spelled as in the product (docs/product/errors.md#empty-states). */
export const noNotificationsText = 'You have no notifcations yet';

/** notifications, `/notifications`: requires login (the panel starts on login). */
export default function NotificationsPage() {
  return (
    <LoginRequired reason="Please log in to see your notifications">
      <Page width="narrow" title="Notifications">
        <Notifications />
      </Page>
    </LoginRequired>
  );
}

function Notifications() {
  const notifications = useNotifications();
  return (
    <QueryState
      query={notifications}
      loading={<Spinner isCentered />}
      error={(error) => <ErrorState error={error} hasHomeLink={false} />}
      isEmpty={(data) => data.Notifications.length === 0}
      empty={
        <EmptyState title={noNotificationsText}>
          Replies, good points and milestones will appear here.
        </EmptyState>
      }
    >
      {(data) => <NotificationList events={data.Notifications} />}
    </QueryState>
  );
}
