import type { Ref } from 'react';
import { Link } from 'react-router';
import { formatPercent } from '../../../../contract/numbers.base.ts';
import { reportNames } from '../../../../contract/reports.base.ts';
import { ButtonLink } from '../../../ui/Button.tsx';
import { reportTitle } from '../report-title.ts';
import styles from './QuizCompletion.module.css';

/** The reports a quiz fed, in My Opinion DNA's order, unknown names last. */
function orderedReports(percentages: Record<string, number>): [string, number][] {
  const rank = (name: string) => {
    const index = (reportNames as readonly string[]).indexOf(name);
    return index === -1 ? reportNames.length : index;
  };
  return Object.entries(percentages).sort(([a], [b]) => rank(a) - rank(b));
}

/**
 * The completion screen: the reports this quiz fed, each with how much of it the member has
 * now answered, and the way to My Opinion DNA. The answers stay below it, still changeable.
 */
export function QuizCompletion({
  percentages,
  isRefreshing,
  headingRef,
}: {
  percentages: Record<string, number>;
  /** The percentages are being fetched again after the last answer. */
  isRefreshing: boolean;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const fed = orderedReports(percentages);
  return (
    <section className={styles.completion} aria-labelledby="quiz-complete-heading">
      <svg className={styles.icon} viewBox="0 0 40 40" aria-hidden="true">
        <circle cx="20" cy="20" r="18" fill="currentColor" opacity="0.14" />
        <path
          d="M12 20.5l5.5 5.5L28.5 15"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <h2 id="quiz-complete-heading" ref={headingRef} tabIndex={-1} className={styles.heading}>
        You have answered every statement
      </h2>
      <p className={styles.lead}>
        {fed.length === 1 ? 'Your answers fed this report:' : 'Your answers fed these reports:'}
      </p>
      <ul className={styles.reports} aria-busy={isRefreshing}>
        {fed.map(([name, percent]) => (
          <li key={name} className={styles.report}>
            <Link to={`/reports/details/${name}`} className={styles.reportLink}>
              {reportTitle(name)}
            </Link>
            <span className={styles.meter} aria-hidden="true">
              <span className={styles.fill} style={{ width: `${percent}%` }} />
            </span>
            <span className={styles.percent}>
              {formatPercent(percent)}
              <span className="visually-hidden"> of its statements answered</span>
            </span>
          </li>
        ))}
      </ul>
      <p className={styles.note}>
        A report is most precise once all its statements are answered. You can still change any
        answer below.
      </p>
      <div className={styles.actions}>
        <ButtonLink to="/reports/my-opinion-dna" variant="primary">
          See My Opinion DNA
        </ButtonLink>
      </div>
    </section>
  );
}
