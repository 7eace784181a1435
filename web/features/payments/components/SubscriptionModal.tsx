import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  createBillingPortalSession,
  resumeSubscription,
} from '../../../../contract/payments.base.ts';
import { callApi } from '../../../api/client.ts';
import { Button, ButtonLink } from '../../../ui/Button.tsx';
import { ErrorState } from '../../../ui/ErrorState.tsx';
import { ErrorBox, useFormSubmit } from '../../../ui/Form.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { useModals } from '../../modals/modal-store.tsx';
import { subscriptionQueryKey, useSubscription } from '../api.ts';
import { formatBillingDate } from '../pricing.ts';
import { EbookBlock } from './EbookBlock.tsx';
import styles from './Payments.module.css';

type Subscription = NonNullable<ReturnType<typeof useSubscription>['data']>;

/** The member's subscription: its status, its renewal or end date, and Stripe's billing portal. */
export default function SubscriptionModal({ onClose }: { onClose: () => void }) {
  const subscription = useSubscription();
  return (
    <Modal title="Your subscription" onClose={onClose} size="small">
      <div className={styles.content}>
        {subscription.isPending ? (
          <div aria-busy="true" aria-label="Loading your subscription">
            <Skeleton height={120} radius="10px" />
          </div>
        ) : subscription.isError ? (
          <ErrorState error={subscription.error} hasHomeLink={false}>
            <Button onClick={() => void subscription.refetch()}>Try again</Button>
          </ErrorState>
        ) : (
          <SubscriptionDetails subscription={subscription.data} />
        )}
      </div>
    </Modal>
  );
}

const statusLabels = {
  active: 'Active',
  past_due: 'Payment failed',
  inactive: 'Ended',
  '': 'Free plan',
} as const;

function SubscriptionDetails({ subscription }: { subscription: Subscription }) {
  const { openModal } = useModals();
  const status = subscription.SubscriptionStatus;
  const date = subscription.RenewsAt ? formatBillingDate(subscription.RenewsAt) : null;
  // Cancelled, still paid for: it ends on the date rather than renewing (docs/decisions/069).
  const isEnding = status === 'active' && subscription.CancelsAtPeriodEnd;
  // An end date still to come is the end of a period, not when it ended: said only once past.
  const hasEnded =
    subscription.RenewsAt !== null && Date.parse(subscription.RenewsAt) <= Date.now();
  return (
    <>
      <p className={styles.statusLine}>
        Status:{' '}
        <span
          className={[styles.badge, styles[`badge_${isEnding ? 'ending' : status || 'free'}`]].join(
            ' ',
          )}
        >
          {isEnding ? 'Cancelled' : statusLabels[status]}
        </span>
      </p>
      {isEnding ? (
        <>
          <p className={styles.endsOn}>{date ? `Ends on ${date}` : 'Ends with this period'}</p>
          <p>
            You cancelled: every report and the manual stay open until then, and you will not be
            charged again. Changed your mind? Resume it and it renews as before.
          </p>
          <ResumeButton />
        </>
      ) : status === 'active' ? (
        <p>Every report and the manual are open to you.{date ? ` It renews on ${date}.` : null}</p>
      ) : status === 'past_due' ? (
        <div className={styles.warning} role="alert">
          <p>
            <strong>Payment failed: update your card.</strong> Stripe could not take this period’s
            payment and will try again. Your reports stay open meanwhile
            {date ? `; the period ends on ${date}` : ''}.
          </p>
        </div>
      ) : status === 'inactive' ? (
        <p>
          Your subscription has ended{date && hasEnded ? ` (on ${date})` : ''}, so the paid reports
          and the manual are locked. Your answers are kept: subscribe again and they open at once.
        </p>
      ) : (
        <p>You are on the free plan: you can vote, argue, take every quiz and see Ownership.</p>
      )}
      {subscription.CanManageBilling ? (
        <ManageBillingButton isUrgent={status === 'past_due'} />
      ) : null}
      {status === 'active' || status === 'past_due' ? (
        <>
          <ButtonLink to="/reports/my-opinion-dna" block>
            Open my Opinion DNA
          </ButtonLink>
          <EbookBlock headingLevel="h3" />
        </>
      ) : (
        <Button variant="primary" block onClick={() => openModal({ kind: 'checkout' })}>
          {status === 'inactive' ? 'Subscribe again' : 'See what the upgrade includes'}
        </Button>
      )}
    </>
  );
}

/** Takes back the cancellation: the answer is the subscription renewing, shown at once. */
function ResumeButton() {
  const form = useFormSubmit();
  const queryClient = useQueryClient();
  return (
    <div className={styles.buy}>
      <Button
        variant="primary"
        block
        disabled={form.isSubmitting}
        onClick={() =>
          void form.submit(async () => {
            const answer = await callApi(resumeSubscription, {});
            queryClient.setQueryData(subscriptionQueryKey, answer);
          })
        }
      >
        {form.isSubmitting ? 'Resuming…' : 'Resume subscription'}
      </Button>
      <ErrorBox>{form.error}</ErrorBox>
    </div>
  );
}

/** Stripe's customer portal: cancel, change the card, read invoices; it links back to Stance. */
function ManageBillingButton({ isUrgent }: { isUrgent: boolean }) {
  const form = useFormSubmit();
  const [isLeaving, setIsLeaving] = useState(false);
  return (
    <div className={styles.buy}>
      <Button
        variant={isUrgent ? 'primary' : 'secondary'}
        block
        disabled={form.isSubmitting || isLeaving}
        onClick={() =>
          void form.submit(async () => {
            const answer = await callApi(createBillingPortalSession, {});
            setIsLeaving(true);
            window.location.assign(answer.url);
          })
        }
      >
        {form.isSubmitting || isLeaving
          ? 'Opening billing…'
          : isUrgent
            ? 'Update your card'
            : 'Manage billing'}
      </Button>
      <ErrorBox>{form.error}</ErrorBox>
    </div>
  );
}
