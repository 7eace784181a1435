import { useState } from 'react';
import { callApi } from '../../../api/client.ts';
import { createCheckoutSession } from '../../../../contract/payments.base.ts';
import { Button } from '../../../ui/Button.tsx';
import { ErrorBox, useFormSubmit } from '../../../ui/Form.tsx';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { useStripeConfig } from '../api.ts';
import { defaultPrice, priceText, type Price } from '../pricing.ts';
import styles from './Payments.module.css';

/** What a server without a Stripe key says instead of a buy button (docs/decisions/049). */
export const notConfiguredText =
  'Payments are not configured on this server, so the subscription cannot be bought here.';

/** What every buy button says: what it starts, and what it costs ('Subscribe for $9.99 a month'). */
export function subscribeLabel(price: Price): string {
  return `Subscribe for ${priceText(price)}`;
}

/**
 * The buy button: the price, then a Checkout Session and Stripe's page. Wherever it is (a locked
 * report, the upsell, the manual), it starts the one subscription and says so, with its price
 * (docs/decisions/069-honest-labels.md). `returnTo` is where the member lands once the payment
 * is confirmed: the report they paid from. An error shows under the button
 * (docs/product/errors.md#alerts); a server without payments says so instead of showing a
 * button that cannot work.
 */
export function CheckoutButton({ returnTo }: { returnTo?: string }) {
  const config = useStripeConfig();
  const form = useFormSubmit();
  const [isLeaving, setIsLeaving] = useState(false);

  if (config.isPending) {
    return (
      <div className={styles.buy} aria-busy="true" aria-label="Loading the price">
        <Skeleton height={20} width="40%" />
        <Skeleton height={48} radius="999px" />
      </div>
    );
  }
  if (config.data && !config.data.enabled) {
    return (
      <p className={styles.notice} role="note">
        {notConfiguredText}
      </p>
    );
  }
  // A configuration that could not be read: the product's own price, and the button still tries.
  const price = config.data ?? defaultPrice;
  return (
    <div className={styles.buy}>
      <p className={styles.price}>
        <span className={styles.amount}>{priceText(price)}</span>
        <span className={styles.priceNote}>
          Renews every {price.interval} until you cancel, any time, from Manage billing.
        </span>
      </p>
      <Button
        variant="primary"
        size="large"
        block
        disabled={form.isSubmitting || isLeaving}
        onClick={() =>
          void form.submit(async () => {
            // One subscription opens the reports and the manual (docs/decisions/049).
            const answer = await callApi(createCheckoutSession, returnTo ? { returnTo } : {});
            setIsLeaving(true);
            window.location.assign(answer.url);
          })
        }
      >
        {form.isSubmitting || isLeaving ? 'Opening the secure checkout…' : subscribeLabel(price)}
      </Button>
      <ErrorBox>{form.error}</ErrorBox>
    </div>
  );
}
