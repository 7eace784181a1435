import { useModals } from '../../modals/modal-store.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import styles from './LoginSignupPanel.module.css';

/** Shown when a visitor tries something only members can do (docs/product/behaviour.md). */
export default function VotePromptModal({ onClose }: { onClose: () => void }) {
  const { openModal } = useModals();
  return (
    <Modal title="Sign up to vote" onClose={onClose} size="small">
      <div className={styles.panel}>
        <p className={styles.lead}>
          It takes a minute, it&apos;s free, and your votes stay private. Members vote, write
          opinions and arguments, and see how their views compare.
        </p>
        <Button
          variant="primary"
          size="large"
          block
          onClick={() => openModal({ kind: 'loginSignup', page: 'signup' })}
        >
          Sign up
        </Button>
        <p className={styles.switch}>
          Already a member?{' '}
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => openModal({ kind: 'loginSignup', page: 'login' })}
          >
            Log in
          </button>
        </p>
      </div>
    </Modal>
  );
}
