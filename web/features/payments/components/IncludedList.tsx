import { formatCount } from '../../../ui/format.ts';
import { productFacts } from '../product-facts.ts';
import styles from './Payments.module.css';

/** The checkout upsell's list (docs/product/screens.md#modals), with the content's own counts. */
export function includedItems() {
  return [
    {
      title: 'Your full Opinion DNA',
      text: `${formatCount(productFacts.opinionDnaElements)} elements of personality, values and meta-thinking, each with your score, how sure we are of it and where you stand among members.`,
    },
    {
      title: `${formatCount(productFacts.elementReports)} element reports`,
      text: 'Morality, the Big Five, religiosity, climate, gender, the sixteen types and more, each scored from your answers.',
    },
    {
      title: `A ${formatCount(productFacts.manualPages)} page manual`,
      text: 'Every report, element and statement, and how each score is made: a PDF to keep.',
    },
  ];
}

export function IncludedList() {
  return (
    <ul className={styles.list}>
      {includedItems().map((item) => (
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
  );
}
