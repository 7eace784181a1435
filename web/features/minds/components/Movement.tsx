import { useId } from 'react';
import type { ResponseOf } from '../../../../contract/calls.ts';
import type { getOpinion } from '../../../../contract/opinions.base.ts';
import { formatCount } from '../../../ui/format.ts';
import styles from './Movement.module.css';
import { OpinionTrend } from './Trend.tsx';

type Movement = ResponseOf<typeof getOpinion>['Movement'];

/** One side's figure: the count of members, or why it is not shown. */
function figure(count: number | null): string {
  if (count === null) return 'too few to show';
  return `${formatCount(count)} ${count === 1 ? 'member' : 'members'}`;
}

/**
 * An opinion's movement: how many members changed their vote toward Agree, and toward Disagree,
 * of where they started. A figure about fewer members than the site's minimum is withheld by the
 * server, so that nobody's change can be told (docs/decisions/077-minds-changed.md).
 */
export function OpinionMovement({
  movement,
  opinionId,
}: {
  movement: Movement;
  /** Given: the small chart of vote shares over time follows the figures. */
  opinionId?: number;
}) {
  const headingId = useId();
  const isWithheld = movement.TowardAgree === null && movement.TowardDisagree === null;
  return (
    <section className={styles.movement} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Movement
      </h2>
      {isWithheld ? (
        <p className={styles.note}>
          Too few members have changed their vote here to show which way they moved.
        </p>
      ) : (
        <dl className={styles.figures}>
          <div className={styles.figure}>
            <dt>Moved toward Agree</dt>
            <dd>{figure(movement.TowardAgree)}</dd>
          </div>
          <div className={styles.figure}>
            <dt>Moved toward Disagree</dt>
            <dd>{figure(movement.TowardDisagree)}</dd>
          </div>
        </dl>
      )}
      {opinionId === undefined ? null : <OpinionTrend opinionId={opinionId} />}
    </section>
  );
}
