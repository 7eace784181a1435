import { useId } from 'react';
import { downloadEbook, ebookFileName } from '../../../../contract/payments.base.ts';
import { buttonClassName } from '../../../ui/Button.tsx';
import { formatCount } from '../../../ui/format.ts';
import { useSession } from '../../session/session.ts';
import { hasActiveSubscription } from '../pricing.ts';
import { productFacts } from '../product-facts.ts';
import { CheckoutButton } from './CheckoutButton.tsx';

/** My Opinion DNA, where the manual's download is. */
const dnaReportPath = '/reports/my-opinion-dna';
import styles from './Payments.module.css';

/**
 * The ebook block (docs/product/screens.md#modals): the download for an active or past-due
 * subscription, the subscribe button for an inactive or empty one. The manual comes with the
 * subscription and is not sold apart (docs/decisions/049), so the button says it subscribes; the
 * member comes back here, to the download (docs/decisions/069).
 */
export function EbookBlock({ headingLevel: Heading = 'h2' }: { headingLevel?: 'h2' | 'h3' }) {
  const session = useSession();
  const headingId = useId();
  const canDownload = hasActiveSubscription(session.subscriptionStatus);
  return (
    <section className={styles.ebook} aria-labelledby={headingId}>
      <div className={styles.ebookCover} aria-hidden="true">
        <span>Opinion DNA</span>
        <span className={styles.ebookCoverSub}>the manual</span>
      </div>
      <div className={styles.ebookBody}>
        <Heading id={headingId} className={styles.ebookTitle}>
          The Opinion DNA manual
        </Heading>
        <p className={styles.itemText}>
          {formatCount(productFacts.manualPages)} pages: every report, element and statement, and
          how each score is made.
        </p>
        {canDownload ? (
          <a
            className={buttonClassName({ variant: 'primary', className: styles.download })}
            href={downloadEbook.path}
            download={ebookFileName}
          >
            Download the manual (PDF)
          </a>
        ) : (
          <>
            <p className={styles.itemText}>
              It is not sold on its own: it comes with the subscription, with every report.
            </p>
            <CheckoutButton returnTo={dnaReportPath} />
          </>
        )}
      </div>
    </section>
  );
}
