import { Modal } from '../../../ui/Modal.tsx';
import { CheckoutButton } from './CheckoutButton.tsx';
import styles from './Payments.module.css';

const included = [
  {
    title: 'Your full Opinion DNA',
    text: '48 elements of personality, values and meta-thinking, each compared with everyone else.',
  },
  {
    title: '10 element reports',
    text: 'In-depth reports on morality, the big five, religiosity, climate, gender and more.',
  },
  {
    title: 'A 130 page manual',
    text: 'What every element means, how it was measured and how to read your results.',
  },
];

/** The upsell (docs/product/screens.md#modals). */
export default function CheckoutModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="Unlock your Opinion DNA" onClose={onClose}>
      <div className={styles.content}>
        <p className={styles.lead}>
          See the whole picture of how you think, and how you compare with thousands of voters.
        </p>
        <ul className={styles.list}>
          {included.map((item) => (
            <li key={item.title} className={styles.item}>
              <svg className={styles.check} viewBox="0 0 24 24" aria-hidden="true">
                <path
                  d="M7 12.5l3.2 3L17 9"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
              <div>
                <p className={styles.itemTitle}>{item.title}</p>
                <p className={styles.itemText}>{item.text}</p>
              </div>
            </li>
          ))}
        </ul>
        <CheckoutButton label="Upgrade" />
      </div>
    </Modal>
  );
}
