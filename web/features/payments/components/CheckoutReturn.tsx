import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer } from 'react';
import { useNavigate } from 'react-router';
import { getCheckoutSession } from '../../../../contract/payments.base.ts';
import { ApiError, callApi, networkErrorStatus } from '../../../api/client.ts';
import { Button, ButtonLink } from '../../../ui/Button.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { currentUserQueryKey } from '../../session/api.ts';
import { subscriptionQueryKey } from '../api.ts';
import {
  initialReturnState,
  isPending,
  landingPathAfterCheckout,
  nextReturnState,
  pendingText,
  type ReturnState,
} from '../checkout-return.ts';
import styles from './Payments.module.css';

/**
 * Back from Stripe's checkout with `session_id`: confirms the session with the server (which
 * asks Stripe), re-checks with backoff while the payment is still being processed, then refreshes
 * the member and opens the page they paid from (the detailed Opinion DNA report by default).
 */
export function CheckoutReturn({ sessionId, next }: { sessionId: string; next: string | null }) {
  const [state, dispatch] = useReducer(nextReturnState, initialReturnState);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    if (state.kind !== 'checking') return;
    const controller = new AbortController();
    callApi(getCheckoutSession, { session_id: sessionId }, { signal: controller.signal }).then(
      (answer) =>
        dispatch({
          type: 'answered',
          confirmed: answer.Confirmed,
          status: answer.SubscriptionStatus,
        }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        dispatch({
          type: 'error',
          status: error instanceof ApiError ? error.status : networkErrorStatus,
          message: error instanceof Error ? error.message : 'Something went wrong',
        });
      },
    );
    return () => controller.abort();
  }, [state, sessionId]);

  useEffect(() => {
    if (state.kind !== 'waiting') return;
    const timer = window.setTimeout(() => dispatch({ type: 'waited' }), state.delayMs);
    return () => window.clearTimeout(timer);
  }, [state]);

  useEffect(() => {
    if (state.kind !== 'confirmed') return;
    let isCurrent = true;
    // The member's status opens the reports: fetch it anew before showing one.
    void Promise.all([
      queryClient.refetchQueries({ queryKey: currentUserQueryKey }),
      queryClient.invalidateQueries({ queryKey: ['reports'] }),
      queryClient.invalidateQueries({ queryKey: subscriptionQueryKey }),
    ]).finally(() => {
      if (isCurrent) void navigate(landingPathAfterCheckout(next), { replace: true });
    });
    return () => {
      isCurrent = false;
    };
  }, [state, queryClient, navigate, next]);

  return <ReturnPanel state={state} onRetry={() => dispatch({ type: 'retry' })} />;
}

/** What the member sees at each step of the return. */
export function ReturnPanel({ state, onRetry }: { state: ReturnState; onRetry: () => void }) {
  if (isPending(state) || state.kind === 'confirmed') {
    return (
      <section className={styles.returnPanel} aria-live="polite" aria-busy="true">
        <Spinner label="Checking with Stripe" />
        <h2 className={styles.returnTitle}>
          {state.kind === 'confirmed' ? 'Payment confirmed: opening your report…' : pendingText}
        </h2>
        <p className={styles.lead}>
          {state.kind === 'waiting'
            ? 'Stripe is still processing the payment. This page checks again by itself; please keep it open.'
            : 'Checking with Stripe that the payment went through. This takes a moment.'}
        </p>
      </section>
    );
  }
  if (state.kind === 'unconfirmed') {
    return (
      <section className={styles.returnPanel} role="alert">
        <h2 className={styles.returnTitle}>Your payment is not confirmed yet</h2>
        <p>
          Stripe has not yet told us the payment went through. If you paid, your reports open by
          themselves within a few minutes, and you will not be charged twice: check again in a
          moment, or come back to My Opinion DNA later. If the card was declined, nothing was
          charged and you can try again from any locked report.
        </p>
        <div className={styles.returnActions}>
          <Button variant="primary" onClick={onRetry}>
            Check again
          </Button>
          <ButtonLink to="/reports/my-opinion-dna" replace>
            Back to My Opinion DNA
          </ButtonLink>
        </div>
      </section>
    );
  }
  return (
    <section className={styles.returnPanel} role="alert">
      <h2 className={styles.returnTitle}>We could not confirm this payment</h2>
      <p>{state.message}</p>
      <div className={styles.returnActions}>
        {state.canRetry ? (
          <Button variant="primary" onClick={onRetry}>
            Try again
          </Button>
        ) : null}
        <ButtonLink to="/reports/my-opinion-dna" replace>
          Back to My Opinion DNA
        </ButtonLink>
      </div>
    </section>
  );
}

/** Back from Stripe's checkout without paying: nothing happened, and that is fine. */
export function CheckoutCancelled({ onDismiss }: { onDismiss: () => void }) {
  return (
    <div className={styles.cancelled} role="status">
      <p>
        <strong>Checkout cancelled.</strong> Nothing was charged. Your free reports are all here,
        and you can upgrade whenever you like.
      </p>
      <Button variant="ghost" size="small" onClick={onDismiss}>
        Dismiss
      </Button>
    </div>
  );
}
