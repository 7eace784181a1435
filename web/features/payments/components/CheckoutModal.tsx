import { Modal } from '../../../ui/Modal.tsx';
import { CheckoutButton } from './CheckoutButton.tsx';
import { IncludedList } from './IncludedList.tsx';
import styles from './Payments.module.css';

/** The checkout upsell (docs/product/screens.md#modals): what the subscription brings, and the way to buy it. */
export default function CheckoutModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="Unlock your Opinion DNA" onClose={onClose}>
      <div className={styles.content}>
        <p className={styles.lead}>
          One subscription opens everything your answers can tell you, and the manual that explains
          it.
        </p>
        <IncludedList />
        <CheckoutButton />
      </div>
    </Modal>
  );
}
