import { useSession } from '../../session/session.ts';
import { Modal } from '../../../ui/Modal.tsx';
import { defaultEbookPriceCents, formatPrice, hasActiveSubscription } from '../pricing.ts';
import { CheckoutButton } from './CheckoutButton.tsx';
import styles from './Payments.module.css';

/** The ebook block: a buy button for inactive or empty subscriptions, else it is included. */
export default function BuyReportModal({ onClose }: { onClose: () => void }) {
  const session = useSession();
  const isIncluded = hasActiveSubscription(session.subscriptionStatus);
  return (
    <Modal title="The Opinion DNA manual" onClose={onClose} size="small">
      <div className={styles.content}>
        <p className={styles.lead}>
          A 130 page guide to every element of the Opinion DNA: what it measures, where it comes
          from, and how to read your own results.
        </p>
        {isIncluded ? (
          <p className={styles.status}>
            Your subscription includes the manual. You will find the download with your reports.
          </p>
        ) : (
          <>
            <p className={styles.price}>{formatPrice(defaultEbookPriceCents)}</p>
            <CheckoutButton label="Buy the manual" />
          </>
        )}
      </div>
    </Modal>
  );
}
