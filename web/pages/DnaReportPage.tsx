import { useSearchParams } from 'react-router';
import { checkoutNextParameter, checkoutSessionParameter } from '../../contract/payments.base.ts';
import { reportNames } from '../../contract/reports.base.ts';
import { LoginRequired } from '../features/accounts/components/LoginRequired.tsx';
import { useModals } from '../features/modals/modal-store.tsx';
import {
  CheckoutCancelled,
  CheckoutReturn,
} from '../features/payments/components/CheckoutReturn.tsx';
import { stripeConfigQuery } from '../features/payments/api.ts';
import { EbookBlock } from '../features/payments/components/EbookBlock.tsx';
import { hasActiveSubscription } from '../features/payments/pricing.ts';
import { userReportsQuery, useUserReports } from '../features/reports/api.ts';
import { ReportRow } from '../features/reports/components/ReportRow.tsx';
import { useSession } from '../features/session/session.ts';
import { Button } from '../ui/Button.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { Page } from '../ui/Page.tsx';
import styles from './DnaReportPage.module.css';
import { memberQuery, privateHead } from '../features/session/member-route.ts';
import { routeQuery, type RouteHandle } from '../routing/route-handle.ts';

export const handle: RouteHandle = {
  queries: () => [
    memberQuery(() => routeQuery(userReportsQuery())),
    // The e-book's price.
    routeQuery(stripeConfigQuery()),
  ],
  head: privateHead('dnaReport'),
};

/** dnaReport, `/reports/my-opinion-dna`: every report row with the member's progress and result. */
export default function DnaReportPage() {
  return (
    <LoginRequired reason="Please log in to see your Opinion DNA">
      <DnaReport />
    </LoginRequired>
  );
}

function DnaReport() {
  const [searchParams, setSearchParams] = useSearchParams();
  // Back from Stripe's checkout (docs/decisions/050-payments-screens.md).
  const checkoutSession = searchParams.get(checkoutSessionParameter);
  if (checkoutSession) {
    return (
      <Page title="My Opinion DNA">
        <CheckoutReturn
          sessionId={checkoutSession}
          next={searchParams.get(checkoutNextParameter)}
        />
      </Page>
    );
  }
  return (
    <DnaReportRows
      isCheckoutCancelled={searchParams.get('checkout') === 'cancelled'}
      onDismissCancelled={() => setSearchParams({}, { replace: true })}
    />
  );
}

function DnaReportRows({
  isCheckoutCancelled,
  onDismissCancelled,
}: {
  isCheckoutCancelled: boolean;
  onDismissCancelled: () => void;
}) {
  const { openModal } = useModals();
  const session = useSession();
  const reports = useUserReports();
  return (
    <Page
      title="My Opinion DNA"
      intro="Your votes and quiz answers, turned into a picture of how you think."
      actions={
        hasActiveSubscription(session.subscriptionStatus) ? null : (
          <Button variant="primary" onClick={() => openModal({ kind: 'checkout' })}>
            Unlock the full Opinion DNA
          </Button>
        )
      }
    >
      {isCheckoutCancelled ? <CheckoutCancelled onDismiss={onDismissCancelled} /> : null}
      {reports.isError ? (
        <ErrorState error={reports.error} hasHomeLink={false}>
          <Button onClick={() => void reports.refetch()}>Try again</Button>
        </ErrorState>
      ) : (
        <ul className={styles.rows} aria-busy={reports.isPending}>
          {reportNames.map((name) => (
            <li key={name}>
              <ReportRow name={name} answer={reports.data} />
            </li>
          ))}
        </ul>
      )}
      <div className={styles.ebook}>
        <EbookBlock />
      </div>
    </Page>
  );
}
