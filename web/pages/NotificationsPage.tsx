import { LoginRequired } from '../features/accounts/components/LoginRequired.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { Page } from '../ui/Page.tsx';

/** SPEC.md §8: the empty state, spelled as in the product. */
export const noNotificationsText = 'You have no notifcations yet';

/** notifications, `/notifications`: requires login (the panel starts on login). */
export default function NotificationsPage() {
  usePageTitle('notifications');
  return (
    <LoginRequired reason="Please log in to see your notifications">
      <Page width="narrow" title="Notifications">
        <EmptyState title={noNotificationsText}>
          Replies, good points and milestones will appear here.
        </EmptyState>
      </Page>
    </LoginRequired>
  );
}
