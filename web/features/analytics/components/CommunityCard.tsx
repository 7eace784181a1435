import { useId } from 'react';
import type { CardEntry } from '../../reports/report-card.ts';
import { formatCount } from '../../../ui/format.ts';
import styles from './CommunityCard.module.css';

export type CommunityAnswer = {
  Entries: string[];
  Averages: (number | null)[] | null;
  Users: number | null;
  Withheld: boolean;
  Reason: string | null;
};

/**
 * The report's card as the community stands under the filters: each entry's average on its 0–100
 * scale between its poles. Withheld answers show the reason, never a number.
 */
export function CommunityCard({
  title,
  entries,
  answer,
  isUpdating,
}: {
  title: string;
  entries: readonly CardEntry[];
  answer: CommunityAnswer;
  isUpdating: boolean;
}) {
  const headingId = useId();
  const averageOf = new Map(answer.Entries.map((id, index) => [id, answer.Averages?.[index]]));
  const groups = new Map<string | null, CardEntry[]>();
  for (const entry of entries) groups.set(entry.Group, [...(groups.get(entry.Group) ?? []), entry]);
  const isWithheld = answer.Withheld || answer.Averages === null;

  return (
    <section
      className={styles.card}
      aria-labelledby={headingId}
      aria-busy={isUpdating || undefined}
      data-testid="community-card"
    >
      <header className={styles.header}>
        <h2 id={headingId} className={styles.title}>
          {title}: community averages
        </h2>
        <p className={styles.members}>
          {isWithheld || answer.Users === null
            ? 'Members: withheld'
            : `${formatCount(answer.Users)} ${answer.Users === 1 ? 'member' : 'members'}`}
        </p>
      </header>
      {isWithheld ? (
        <div className={styles.withheld} role="note" data-testid="withheld">
          <p className={styles.withheldTitle}>Averages withheld</p>
          <p>{answer.Reason ?? 'Too few members match these filters to show their averages.'}</p>
          <p>Widen the filters (or reset them) to see the community.</p>
        </div>
      ) : (
        [...groups].map(([group, members]) => (
          <section key={group ?? 'entries'} className={styles.group}>
            {group ? <h3 className={styles.groupName}>{group}</h3> : null}
            <ul className={styles.entries}>
              {members.map((entry) => (
                <AverageRow key={entry.ID} entry={entry} average={averageOf.get(entry.ID)} />
              ))}
            </ul>
          </section>
        ))
      )}
    </section>
  );
}

function AverageRow({ entry, average }: { entry: CardEntry; average: number | null | undefined }) {
  const hasValue = typeof average === 'number';
  const text = hasValue ? average.toFixed(1) : 'withheld';
  return (
    <li className={[styles.entry, entry.IsTotal ? styles.total : ''].join(' ')}>
      <div className={styles.entryHead}>
        <span className={styles.entryName}>{entry.Name}</span>
        <span className={styles.value}>{text}</span>
      </div>
      <div
        className={styles.track}
        role="img"
        aria-label={
          hasValue
            ? `${entry.Name}: community average ${text} of 100 (${entry.Poles.Low} to ${entry.Poles.High})`
            : `${entry.Name}: community average withheld`
        }
      >
        <span className={styles.middle} />
        {hasValue ? (
          <span
            className={styles.marker}
            style={{ left: `${Math.min(100, Math.max(0, average))}%` }}
          />
        ) : null}
      </div>
      <div className={styles.poles} aria-hidden="true">
        <span>{entry.Poles.Low}</span>
        <span>{entry.Poles.High}</span>
      </div>
    </li>
  );
}
