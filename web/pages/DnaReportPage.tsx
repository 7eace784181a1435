import { Link } from 'react-router';
import { useModals } from '../features/modals/modal-store.tsx';
import { reports, type ReportName } from '../features/reports/report-names.ts';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { Button } from '../ui/Button.tsx';
import { Page } from '../ui/Page.tsx';
import styles from './DnaReportPage.module.css';

/** dnaReport, `/reports/my-opinion-dna`: the report rows, each with an Explore link. */
export default function DnaReportPage() {
  usePageTitle('dnaReport');
  const { openModal } = useModals();
  return (
    <Page
      title="My Opinion DNA"
      intro="Your votes and quiz answers, turned into a picture of how you think."
      actions={
        <Button variant="primary" onClick={() => openModal({ kind: 'checkout' })}>
          Unlock the full Opinion DNA
        </Button>
      }
    >
      <ul className={styles.rows}>
        {(Object.entries(reports) as [ReportName, (typeof reports)[ReportName]][]).map(
          ([name, report]) => (
            <li key={name}>
              <article className={styles.row}>
                <h2 className={styles.rowTitle}>{report.title}</h2>
                <p className={styles.rowSummary}>{report.summary}</p>
                <Link
                  className={styles.explore}
                  to={`/reports/details/${name}`}
                  aria-label={`Explore ${report.title}`}
                >
                  Explore
                </Link>
              </article>
            </li>
          ),
        )}
      </ul>
    </Page>
  );
}
