import type { DetailedReport } from '../report-card.ts';
import styles from './ReportSources.module.css';

/** The card's source footer: the literature its scales follow, as external links. */
export function ReportSources({ sources }: { sources: DetailedReport['Sources'] }) {
  if (sources.length === 0) return null;
  return (
    <footer className={styles.sources} aria-labelledby="report-sources">
      <h2 id="report-sources" className={styles.heading}>
        Sources
      </h2>
      <ul className={styles.list}>
        {sources.map((source) => (
          <li key={source.Url}>
            <a href={source.Url} target="_blank" rel="noopener noreferrer">
              {source.Title}
            </a>
          </li>
        ))}
      </ul>
    </footer>
  );
}
