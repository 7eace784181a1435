import { Link } from 'react-router';
import { useModals } from '../../modals/modal-store.tsx';
import { useSession } from '../../session/session.ts';
import { Button } from '../../../ui/Button.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { hasActiveSubscription } from '../pricing.ts';
import styles from './Payments.module.css';

export default function SubscriptionModal({ onClose }: { onClose: () => void }) {
  const session = useSession();
  const { openModal } = useModals();
  const isActive = hasActiveSubscription(session.subscriptionStatus);
  return (
    <Modal title="Your subscription" onClose={onClose} size="small">
      <div className={styles.content}>
        {isActive ? (
          <>
            <p>
              Your subscription is <strong>{session.subscriptionStatus}</strong>. Thank you for
              supporting Stance.
            </p>
            <p className={styles.status}>
              Every report is unlocked.{' '}
              <Link to="/reports/my-opinion-dna">Open my Opinion DNA</Link>
            </p>
          </>
        ) : (
          <>
            <p>You are on the free plan: you can vote, argue and see your basic reports.</p>
            <Button variant="primary" block onClick={() => openModal({ kind: 'checkout' })}>
              See what the upgrade includes
            </Button>
          </>
        )}
      </div>
    </Modal>
  );
}
