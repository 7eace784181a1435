import { useId } from 'react';
import { Link } from 'react-router';
import {
  clarityText,
  couldBeText,
  intervalOf,
  percentileText,
} from '../../../../contract/report-readings.ts';
import type { ReportName } from '../../../../contract/reports.ts';
import { Button, ButtonLink } from '../../../ui/Button.tsx';
import {
  axisReadingOf,
  bandReadingOf,
  barDescription,
  communityText,
  buildCard,
  headlineOf,
  letterMeaning,
  unscoredText,
  type CardView,
  type DetailedReport,
  type EntryView,
} from '../report-card.ts';
import { quizOfReport } from '../report-names.ts';
import { CommunityMarker, IntervalSwatch, ScoreBar } from './ScoreBar.tsx';
import { HelpTip } from './HelpTip.tsx';
import { HowWeScore } from './HowWeScore.tsx';
import styles from './ProfileCard.module.css';

const sampleReasons = {
  locked: 'Subscribers see their own scores here, with how sure we are of each.',
  unanswered: 'Answer the quiz and your own scores replace them.',
  'wrong-length': 'Your scores could not be drawn on this card. Please try again later.',
} as const;

/**
 * The profile card of one report: every entry the server sends with its poles, its score on a
 * 0–100 bar with its 90 % interval, its label and its percentile; the four letters or the
 * climate class on top; sample values, marked as such, when the member's own cannot be shown.
 */
export function ProfileCard({
  name,
  report,
  onUnlock,
}: {
  name: ReportName;
  report: DetailedReport;
  onUnlock: () => void;
}) {
  const headingId = useId();
  const card = buildCard(name, report);
  const isSample = card.sampleReason !== null;
  const headline = headlineOf(name, report, card);
  const quizLink = `/q/${report.Quizzes[0]?.Slug ?? quizOfReport(name)}`;
  const hasGroups = card.groups.some((group) => group.name !== null);

  return (
    <section
      className={[styles.card, isSample ? styles.sampleCard : ''].join(' ')}
      aria-labelledby={headingId}
    >
      <header className={styles.header}>
        <h2 id={headingId} className={styles.title}>
          {isSample ? `${report.Title}: sample card` : `Your ${report.Title} profile`}
        </h2>
        {isSample ? <span className={styles.sampleBadge}>Sample</span> : null}
      </header>

      {card.sampleReason ? (
        <div className={styles.sampleNotice}>
          <p>
            <strong>These are sample values, not yours.</strong> {sampleReasons[card.sampleReason]}
          </p>
          {card.sampleReason === 'locked' ? (
            <Button variant="primary" onClick={onUnlock}>
              Unlock your {report.Title} report
            </Button>
          ) : card.sampleReason === 'unanswered' ? (
            <ButtonLink variant="primary" to={quizLink}>
              Take the quiz
            </ButtonLink>
          ) : null}
        </div>
      ) : null}

      {headline ? (
        <Headline name={name} headline={headline} card={card} isSample={isSample} />
      ) : null}

      <Legend hasCommunity={card.hasCommunity} />

      {card.groups.map((group) =>
        group.name ? (
          <section key={group.name} className={styles.group}>
            <h3 className={styles.groupName}>{group.name}</h3>
            <EntryList
              entries={group.entries}
              isSample={isSample}
              headingLevel="h4"
              quizLink={quizLink}
              typeLetters={null}
            />
          </section>
        ) : (
          <EntryList
            key="entries"
            entries={group.entries}
            isSample={isSample}
            headingLevel={hasGroups ? 'h4' : 'h3'}
            quizLink={quizLink}
            typeLetters={name === 'sixteen' ? headline : null}
          />
        ),
      )}

      <HowWeScore scoring={report.Scoring} />
    </section>
  );
}

function Legend({ hasCommunity }: { hasCommunity: boolean }) {
  return (
    <p className={styles.legend}>
      <span className={styles.legendItem}>
        <IntervalSwatch /> 90 % interval: where your score most likely lies
      </span>
      {hasCommunity ? (
        <span className={styles.legendItem}>
          <CommunityMarker /> Community average
        </span>
      ) : null}
    </p>
  );
}

function Headline({
  name,
  headline,
  card,
  isSample,
}: {
  name: ReportName;
  headline: string;
  card: CardView;
  isSample: boolean;
}) {
  if (name === 'sixteen') {
    const axes = card.groups.flatMap((group) => group.entries).sort((a, b) => a.index - b.index);
    const readings = axes.map(axisReadingOf);
    const label = isSample ? 'Sample type' : 'Your type';
    return (
      <div className={styles.headline}>
        <p className={styles.headlineLabel}>{label}</p>
        <p className={styles.typeName} aria-label={`${label}: ${headline.split('').join(' ')}`}>
          {headline}
        </p>
        <ul
          className={styles.letters}
          aria-label={`${isSample ? 'Sample letters' : 'Your letters'} and how clear each one is`}
        >
          {axes.map((axis, index) => {
            const reading = readings[index];
            const letter = reading?.letter ?? headline[index] ?? 'X';
            return (
              <li key={axis.entry.ID}>
                <span className={styles.letter}>{letter}</span>{' '}
                <span>{letterMeaning(letter, axis.entry)}</span>
                {reading ? (
                  <span
                    className={[
                      styles.clarity,
                      reading.clarity === 'slight' ? styles.slight : '',
                    ].join(' ')}
                  >
                    {reading.clarity === 'even' ? 'exactly 50' : clarityText(reading)}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
        <p className={styles.headlineNote}>
          A letter is clear when its whole 90 % interval is on its side of the middle, and slight
          when the interval reaches the other side: a retake could turn a slight letter.
          {headline.includes('X')
            ? ' X marks an axis at exactly 50, or one without a score yet.'
            : null}
        </p>
      </div>
    );
  }
  return (
    <div className={styles.headline}>
      <p className={styles.headlineLabel}>{isSample ? 'Sample class' : 'Your class'}</p>
      <p className={styles.className}>{headline}</p>
    </div>
  );
}

function EntryList({
  entries,
  isSample,
  headingLevel,
  quizLink,
  typeLetters,
}: {
  entries: EntryView[];
  isSample: boolean;
  headingLevel: 'h3' | 'h4';
  quizLink: string;
  typeLetters: string | null;
}) {
  return (
    <ul className={styles.entries}>
      {entries.map((view) => (
        <Entry
          key={view.entry.ID}
          view={view}
          isSample={isSample}
          headingLevel={headingLevel}
          quizLink={quizLink}
          letter={typeLetters ? (typeLetters[view.index] ?? null) : null}
        />
      ))}
    </ul>
  );
}

function Entry({
  view,
  isSample,
  headingLevel: Heading,
  quizLink,
  letter,
}: {
  view: EntryView;
  isSample: boolean;
  headingLevel: 'h3' | 'h4';
  quizLink: string;
  letter: string | null;
}) {
  const { entry, score } = view;
  const band = bandReadingOf(view);
  return (
    <li className={[styles.entry, entry.IsTotal ? styles.total : ''].join(' ')}>
      <div className={styles.entryHead}>
        <span className={styles.nameLine}>
          <Heading className={styles.entryName}>{entry.Name}</Heading>
          <HelpTip subject={entry.Name} text={entry.Help} />
        </span>
        {score !== null && band ? (
          <span className={styles.reading}>
            {letter ? <span className={styles.axisLetter}>{letter}</span> : null}
            <span className={styles.score}>{score}</span>
            <span className={styles.label}>{band.band}</span>
            {band.couldBe.length > 0 ? (
              <span className={styles.couldBe}>
                <span className="visually-hidden">, </span>
                {couldBeText(band.couldBe)}
              </span>
            ) : null}
          </span>
        ) : null}
      </div>
      <ScoreBar
        score={score}
        uncertainty={view.uncertainty}
        community={view.community}
        isSample={isSample}
        description={barDescription(view, isSample)}
        size={entry.IsTotal ? 'large' : 'normal'}
      />
      <div className={styles.poles} aria-hidden="true">
        <span>{entry.Poles.Low}</span>
        <span>{entry.Poles.High}</span>
      </div>
      <EntryFacts view={view} isSample={isSample} quizLink={quizLink} />
    </li>
  );
}

function EntryFacts({
  view,
  isSample,
  quizLink,
}: {
  view: EntryView;
  isSample: boolean;
  quizLink: string;
}) {
  const community = communityText(view);
  if (view.score === null) {
    return (
      <p className={styles.facts}>
        {unscoredText(view.entry, view.statements, view.answered)}.{' '}
        {view.entry.IsTotal ? null : <Link to={quizLink}>Answer more statements</Link>}
        {community ? ` · ${community}` : null}
      </p>
    );
  }
  if (isSample) {
    return <p className={styles.facts}>Sample value</p>;
  }
  const facts: string[] = [];
  if (view.uncertainty !== null) {
    const [low, high] = intervalOf(view.score, view.uncertainty);
    facts.push(`90 % interval ${low}–${high}`);
  }
  facts.push(percentileText(view.percentile, view.members));
  if (community) facts.push(community);
  return <p className={styles.facts}>{facts.join(' · ')}</p>;
}
