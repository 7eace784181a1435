import { useId } from 'react';
import { Link } from 'react-router';
import { couldBeText } from '../../../../contract/report-readings.ts';
import type { ReportName } from '../../../../contract/reports.ts';
import { Button } from '../../../ui/Button.tsx';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { useModals } from '../../modals/modal-store.tsx';
import { quizOfReport, reportSummaries } from '../report-names.ts';
import { rowHeadline, type RowHeadline, type UserReports } from '../row-headline.ts';
import { LockIcon } from './LockIcon.tsx';
import styles from './ReportRow.module.css';

/**
 * One My Opinion DNA row: the report, the member's completion, their headline result, and the
 * way on (the quiz while unfinished, Explore always). Without `answer` (loading) the data parts
 * are skeletons of the same size, so nothing moves when it arrives.
 */
export function ReportRow({ name, answer }: { name: ReportName; answer: UserReports | undefined }) {
  const headingId = useId();
  const { title, summary } = reportSummaries[name];
  const completion = answer?.Completion[name] ?? 0;
  const isLocked = answer?.Locked[name] ?? false;
  const { openModal } = useModals();
  return (
    <article className={styles.row} aria-labelledby={headingId}>
      <header className={styles.head}>
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
        {isLocked ? (
          <span className={styles.lock}>
            <LockIcon /> Subscribers
          </span>
        ) : null}
      </header>
      <p className={styles.summary}>{summary}</p>

      <div className={styles.completion}>
        {answer ? (
          <>
            <div
              className={styles.track}
              role="progressbar"
              aria-label={`${title}: share of statements answered`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={completion}
            >
              <span className={styles.fill} style={{ width: `${completion}%` }} />
            </div>
            <span className={styles.percent}>{completion} % answered</span>
          </>
        ) : (
          <Skeleton height={20} />
        )}
      </div>

      <div className={styles.result}>
        {answer ? <Result headline={rowHeadline(name, answer)} /> : <Skeleton height={40} />}
      </div>

      <footer className={styles.actions}>
        {answer && completion < 100 ? (
          <Link
            className={styles.quiz}
            to={`/q/${quizOfReport(name)}`}
            aria-label={`${completion === 0 ? 'Take' : 'Continue'} the quiz for ${title}`}
          >
            {completion === 0 ? 'Take the quiz' : 'Continue the quiz'}
          </Link>
        ) : null}
        {isLocked ? (
          <Button
            size="small"
            variant="secondary"
            onClick={() => openModal({ kind: 'buyReport', report: name })}
            aria-label={`Unlock ${title}`}
          >
            Unlock
          </Button>
        ) : null}
        <Link
          className={styles.explore}
          to={`/reports/details/${name}`}
          aria-label={`Explore ${title}`}
        >
          Explore <span aria-hidden="true">→</span>
        </Link>
      </footer>
    </article>
  );
}

function Result({ headline }: { headline: RowHeadline }) {
  switch (headline.kind) {
    case 'locked':
      return <p className={styles.muted}>Your result is open to subscribers.</p>;
    case 'none':
      return <p className={styles.muted}>No result yet.</p>;
    case 'letters': {
      const notes = [
        headline.slight.length > 0
          ? `${joinLetters(headline.slight)} ${headline.slight.length === 1 ? 'is' : 'are'} slight: a retake could turn ${headline.slight.length === 1 ? 'it' : 'them'}`
          : 'Every letter is clear',
        headline.letters.includes('X') ? 'X: exactly between the poles' : null,
      ].filter((note): note is string => note !== null);
      return (
        <div className={styles.headline}>
          <p className={styles.big}>{headline.letters}</p>
          <p className={styles.muted}>{notes.join('. ')}.</p>
        </div>
      );
    }
    case 'class':
      return (
        <p className={styles.headline}>
          <span className={styles.big}>{headline.value}</span>
        </p>
      );
    case 'scored':
      return (
        <p className={styles.headline}>
          <span className={styles.big}>{headline.scored}</span> of {headline.total} elements scored
        </p>
      );
    case 'score':
      return (
        <div className={styles.headline}>
          <p className={styles.scoreLine}>
            {headline.name}{' '}
            <span className={styles.big}>{headline.score === null ? '–' : headline.score}</span>
            {headline.band ? (
              <>
                {' '}
                <span className={styles.band}>{headline.band.band}</span>
                {headline.band.couldBe.length > 0 ? (
                  <span className={styles.couldBe}>
                    <span className="visually-hidden">,</span> {couldBeText(headline.band.couldBe)}
                  </span>
                ) : null}
              </>
            ) : null}
            {headline.score === null ? <span className={styles.muted}> not scored yet</span> : null}
          </p>
          {headline.percentile ? <p className={styles.muted}>{headline.percentile}</p> : null}
        </div>
      );
    case 'bars':
      return <MiniBars bars={headline.bars} />;
  }
}

/** 'N', 'N and P', 'E, N and P'. */
function joinLetters(letters: readonly string[]): string {
  if (letters.length < 2) return letters.join('');
  return `${letters.slice(0, -1).join(', ')} and ${letters.at(-1)}`;
}

/** Big Five's five scores as a small bar chart, read out as text by screen readers. */
function MiniBars({
  bars,
}: {
  bars: { name: string; score: number | null; label: string | null }[];
}) {
  const description = bars
    .map((bar) =>
      bar.score === null ? `${bar.name} not scored` : `${bar.name} ${bar.score} ${bar.label}`,
    )
    .join('; ');
  return (
    <div className={styles.mini} role="img" aria-label={description}>
      {bars.map((bar) => (
        <span key={bar.name} className={styles.miniBar}>
          <span className={styles.miniTrack}>
            <span className={styles.miniFill} style={{ height: `${bar.score ?? 0}%` }} />
          </span>
          <span className={styles.miniLabel} aria-hidden="true">
            {bar.name.charAt(0)}
          </span>
        </span>
      ))}
    </div>
  );
}
