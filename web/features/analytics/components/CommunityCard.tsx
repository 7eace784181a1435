import { useId } from 'react';
import { tooNoisyMargin } from '../../../../contract/analytics.base.ts';
import type { CardEntry } from '../../reports/report-card.ts';
import { formatCount } from '../../../ui/format.ts';
import styles from './CommunityCard.module.css';

export type CommunityAnswer = {
  Entries: string[];
  Averages: (number | null)[] | null;
  /** Each average's 95 % half-width (the figures are noisy, docs/decisions/082). */
  Margins: (number | null)[] | null;
  Users: number | null;
  UsersMargin: number;
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
  const marginOf = new Map(answer.Entries.map((id, index) => [id, answer.Margins?.[index]]));
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
            : `${formatCount(answer.Users)} ± ${formatCount(answer.UsersMargin)} ${answer.Users === 1 ? 'member' : 'members'}`}
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
                <AverageRow
                  key={entry.ID}
                  entry={entry}
                  average={averageOf.get(entry.ID)}
                  margin={marginOf.get(entry.ID)}
                />
              ))}
            </ul>
          </section>
        ))
      )}
    </section>
  );
}

function AverageRow({
  entry,
  average,
  margin,
}: {
  entry: CardEntry;
  average: number | null | undefined;
  margin: number | null | undefined;
}) {
  const hasValue = typeof average === 'number';
  const hasMargin = typeof margin === 'number';
  // Too noisy to read: shown, marked, and drawn faint, never hidden.
  const isTooNoisy = hasMargin && margin >= tooNoisyMargin;
  const text = hasValue ? average.toFixed(1) : 'withheld';
  const range = hasValue && hasMargin ? ` ± ${margin.toFixed(1)}` : '';
  return (
    <li className={[styles.entry, entry.IsTotal ? styles.total : ''].join(' ')}>
      <div className={styles.entryHead}>
        <span className={styles.entryName}>{entry.Name}</span>
        <span className={styles.value}>
          {text}
          {range ? <span className={styles.margin}>{range}</span> : null}
          {hasValue && isTooNoisy ? (
            <span className={styles.tooNoisy} data-testid="too-noisy">
              too noisy to read
            </span>
          ) : null}
        </span>
      </div>
      <div
        className={styles.track}
        role="img"
        aria-label={
          hasValue
            ? `${entry.Name}: community average ${text}${range} of 100 (${entry.Poles.Low} to ${entry.Poles.High})${isTooNoisy ? ', too noisy to read' : ''}`
            : `${entry.Name}: community average withheld`
        }
      >
        <span className={styles.middle} />
        {hasValue ? (
          <span
            className={[styles.marker, isTooNoisy ? styles.faint : ''].join(' ')}
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
