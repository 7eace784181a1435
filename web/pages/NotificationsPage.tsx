import { LoginRequired } from '../features/accounts/components/LoginRequired.tsx';
import { NotificationList } from '../features/notifications/components/NotificationList.tsx';
import { useNotifications } from '../features/notifications/api.ts';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { Page } from '../ui/Page.tsx';
import { Spinner } from '../ui/Spinner.tsx';

/** SPEC.md §8: the empty state, spelled as in the product. */
export const noNotificationsText = 'You have no notifcations yet';

/** notifications, `/notifications`: requires login (the panel starts on login). */
export default function NotificationsPage() {
  usePageTitle('notifications');
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
  if (notifications.isPending) return <Spinner isCentered />;
  if (notifications.error) return <ErrorState error={notifications.error} hasHomeLink={false} />;
  if (notifications.data.Notifications.length === 0) {
    return (
      <EmptyState title={noNotificationsText}>
        Replies, good points and milestones will appear here.
      </EmptyState>
    );
  }
  return <NotificationList events={notifications.data.Notifications} />;
}
