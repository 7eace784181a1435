import { voteScale } from '../../opinions/vote-scale.ts';
import { sharesOf, totalOf, type VoteCounts } from '../vote-breakdown.ts';
import styles from './VoteBar.module.css';

const toneClass = [styles.r1, styles.r2, styles.r3, styles.r4, styles.r5];

/** Five counts as one stacked bar, its accessible name giving each rating's share and count. */
export function VoteBar({ counts, subject }: { counts: VoteCounts; subject: string }) {
  const shares = sharesOf(counts);
  const total = totalOf(counts);
  const description = `${subject}: ${voteScale
    .map((step, index) => `${step.label} ${shares[index]} % (${counts[index] ?? 0})`)
    .join(', ')}; ${total} ${total === 1 ? 'vote' : 'votes'}`;
  return (
    <div className={styles.bar} role="img" aria-label={description}>
      {voteScale.map((step, index) =>
        (shares[index] ?? 0) > 0 ? (
          <span
            key={step.value}
            className={[styles.segment, toneClass[index]].join(' ')}
            style={{ width: `${shares[index]}%` }}
            title={`${step.label}: ${shares[index]} %`}
          />
        ) : null,
      )}
    </div>
  );
}

/** The five colours and their ratings. */
export function VoteLegend() {
  return (
    <ul className={styles.legend} aria-label="Ratings">
      {voteScale.map((step, index) => (
        <li key={step.value}>
          <span className={[styles.swatch, toneClass[index]].join(' ')} aria-hidden="true" />
          {step.label}
        </li>
      ))}
    </ul>
  );
}
