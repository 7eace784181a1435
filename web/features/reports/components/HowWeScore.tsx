import { Link } from 'react-router';
import type { DetailedReport } from '../report-card.ts';
import styles from './HowWeScore.module.css';

const keyings = {
  '+': { sign: '+', meaning: 'agreeing raises' },
  '-': { sign: '−', meaning: 'agreeing lowers' },
} as const;

/**
 * The open key of a card: the formula, then every entry's statements with their keying, each
 * linking to the statement's page, so anyone can check a score by hand.
 */
export function HowWeScore({ scoring }: { scoring: DetailedReport['Scoring'] }) {
  return (
    <details className={styles.panel}>
      <summary className={styles.summary}>How we score this</summary>
      <div className={styles.body}>
        <p className={styles.formula}>{scoring.Formula}</p>
        {scoring.Entries.map((entry) => (
          <section key={entry.Name} className={styles.entry}>
            <h4 className={styles.entryName}>{entry.Name}</h4>
            {entry.Items.length === 0 ? (
              <p className={styles.total}>The rounded mean of the scores above.</p>
            ) : (
              <ul className={styles.items}>
                {entry.Items.map((item) => (
                  <li key={item.Link} className={styles.item}>
                    <span
                      className={[
                        styles.key,
                        item.Keying === '+' ? styles.plus : styles.minus,
                      ].join(' ')}
                    >
                      <span aria-hidden="true">{keyings[item.Keying].sign}</span>
                      <span className={styles.meaning}>{keyings[item.Keying].meaning}</span>
                    </span>
                    <Link to={item.Link} className={styles.statement}>
                      {item.Text}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
    </details>
  );
}
