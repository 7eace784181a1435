import type { VoteResults } from '../../../../contract/entities.ts';
import { useModals } from '../../modals/modal-store.tsx';
import { useSession } from '../../session/session.ts';
import { toResultBars, voteScale } from '../vote-scale.ts';
import styles from './VoteWidget.module.css';

const percentFormat = new Intl.NumberFormat(undefined, { style: 'percent' });

type VoteWidgetProps = {
  title: string;
  /** The current user's vote, 0 when none. */
  rating: number;
  results: VoteResults | null;
  /** Casts a vote; the voting issue provides it. Without it a member's click does nothing yet. */
  onVote?: (rating: number) => void;
};

/** SPEC.md §4: five buttons; an anonymous vote attempt opens signup and does not vote. */
export function VoteWidget({ title, rating, results, onVote }: VoteWidgetProps) {
  const session = useSession();
  const { openModal } = useModals();

  function handleVote(value: number) {
    if (!session.loggedIn) {
      openModal({ kind: 'loginSignup', page: 'signup', reason: 'Sign up to vote' });
      return;
    }
    onVote?.(value);
  }

  return (
    <div className={styles.widget}>
      <p className={styles.question}>{rating > 0 ? 'Your vote' : 'Where do you stand?'}</p>
      <div className={styles.buttons} role="group" aria-label={`Your vote on “${title}”`}>
        {voteScale.map((step) => (
          <button
            key={step.value}
            type="button"
            className={styles.vote}
            aria-pressed={rating === step.value}
            onClick={() => handleVote(step.value)}
          >
            <span className={styles.dot} aria-hidden="true" />
            {step.label}
          </button>
        ))}
      </div>
      {results ? <ResultBars percentages={results.Percentages} rating={rating} /> : null}
    </div>
  );
}

export function ResultBars({
  percentages,
  rating,
}: {
  percentages: readonly number[];
  rating: number;
}) {
  const bars = toResultBars(percentages);
  return (
    <ul className={styles.bars} aria-label="How people voted">
      {bars.map((bar) => (
        <li
          key={bar.value}
          className={[
            styles.bar,
            bar.isEmpty ? styles.empty : '',
            bar.value === rating ? styles.mine : '',
          ].join(' ')}
        >
          <span className={styles.barLabel}>{bar.label}</span>
          <span className={styles.track} aria-hidden="true">
            <span className={styles.fill} style={{ width: `${bar.percent}%` }} />
          </span>
          <span className={styles.percent}>{percentFormat.format(bar.percent / 100)}</span>
        </li>
      ))}
    </ul>
  );
}
