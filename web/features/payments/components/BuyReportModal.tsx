import type { ReportName } from '../../../../contract/reports.ts';
import { Modal } from '../../../ui/Modal.tsx';
import { reportSummaries } from '../../reports/report-names.ts';
import { CheckoutButton } from './CheckoutButton.tsx';
import { IncludedList } from './IncludedList.tsx';
import styles from './Payments.module.css';

/** A report's own page: where a member who paid from its offer lands (docs/decisions/069). */
function reportPath(report: ReportName): string {
  return `/reports/details/${report}`;
}

/**
 * Opened from a locked report card: the report the member wanted, and that the subscription
 * opening it opens every other report and the manual with it.
 */
export default function BuyReportModal({
  report,
  onClose,
}: {
  report?: ReportName | undefined;
  onClose: () => void;
}) {
  const title = report ? reportSummaries[report].title : null;
  return (
    <Modal title={title ? `Unlock your ${title} report` : 'Unlock this report'} onClose={onClose}>
      <div className={styles.content}>
        <p className={styles.lead}>
          {title ? (
            <>
              See your own <strong>{title}</strong> result: your scores from your answers, how sure
              we are of each and where you stand among members.
            </>
          ) : (
            'See your own result: your scores from your answers, how sure we are of each and where you stand among members.'
          )}{' '}
          It comes with the subscription, which opens everything else too:
        </p>
        <IncludedList />
        <CheckoutButton returnTo={report ? reportPath(report) : undefined} />
      </div>
    </Modal>
  );
}
