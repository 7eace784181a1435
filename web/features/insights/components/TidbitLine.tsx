import type { Tidbit } from '../../../../contract/entities.ts';
import { DirectionMark } from './DirectionMark.tsx';
import styles from './TidbitLine.module.css';

/** An opinion card's insight tidbit: one line, with its direction's mark. */
export function TidbitLine({ tidbit }: { tidbit: Tidbit }) {
  return (
    <p className={styles.tidbit}>
      <DirectionMark direction={tidbit.AgreementDirection} />
      <span>
        <span className="visually-hidden">Insight: </span>
        {tidbit.Desc}
      </span>
    </p>
  );
}
