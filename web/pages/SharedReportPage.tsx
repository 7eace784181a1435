import { useId } from 'react';
import { useParams } from 'react-router';
import { isReportName } from '../../contract/reports.base.ts';
import { pageTitle } from '../../contract/routes.ts';
import { statusOf } from '../api/client.ts';
import { IntervalSwatch, ScoreBar } from '../features/reports/components/ScoreBar.tsx';
import { bandLabel, intervalOf } from '../../contract/report-readings.ts';
import { quizOfReport } from '../features/reports/report-names.ts';
import {
  removedSharedResultHead,
  removedSharedResultText,
  sharedResultHead,
  whoShared,
} from '../features/sharing/shared-result-head.ts';
import {
  sharedResultQuery,
  useSharedResult,
  type SharedResult,
} from '../features/sharing/shares-api.ts';
import { routeQuery, type RouteHandle } from '../routing/route-handle.ts';
import { ButtonLink } from '../ui/Button.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { Page } from '../ui/Page.tsx';
import { LoadingBlocks, QueryState } from '../ui/QueryState.tsx';
import styles from './SharedReportPage.module.css';
import { lazily } from '../ui/lazily.ts';

export const handle: RouteHandle = {
  queries: ({ params }) => [routeQuery(sharedResultQuery(params.token ?? ''))],
  head: ({ params, queryClient }) => {
    const query = queryClient.getQueryState(sharedResultQuery(params.token ?? '').queryKey);
    if (query?.data) return sharedResultHead(params, query.data.Shared);
    const status = statusOf(query?.error);
    if (status === 410) return removedSharedResultHead(params);
    return {
      title: pageTitle(status === 404 || status === 400 ? 'notFound' : 'sharedReport', params),
      noindex: true,
    };
  },
};

// One locale and time zone on the server and in the browser: the page hydrates as it was sent.
const sharedOnFormat = lazily(
  () => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }),
);

type Entry = SharedResult['Entries'][number];

/** What the headline is, by report: the sixteen-type letters or the climate class. */
function headlineLabel(name: string): string {
  if (name === 'sixteen') return 'Type';
  if (name === 'climate') return 'Climate class';
  return 'Result';
}

/** The bar's reading for a screen reader: the same facts the eye gets. */
function describeEntry(entry: Entry): string {
  if (entry.Score === null) return `${entry.Name}: not scored`;
  const parts = [`${entry.Name}: ${entry.Score} out of 100`];
  if (entry.Uncertainty !== null) {
    const [low, high] = intervalOf(entry.Score, entry.Uncertainty);
    parts.push(`90 % interval ${low} to ${high}`);
  }
  parts.push(bandLabel(entry.Score, entry.Uncertainty));
  parts.push(`${entry.Poles.Low} at 0, ${entry.Poles.High} at 100`);
  return parts.join('; ');
}

function EntryRow({ entry }: { entry: Entry }) {
  const label = entry.Score === null ? null : bandLabel(entry.Score, entry.Uncertainty);
  return (
    <li className={entry.IsTotal ? [styles.entry, styles.total].join(' ') : styles.entry}>
      <div className={styles.entryHead}>
        <span className={styles.entryName}>{entry.Name}</span>
        <span className={styles.entryValue}>
          {entry.Score === null ? (
            <span className={styles.unscored}>Not scored</span>
          ) : (
            <>
              <strong>{entry.Score}</strong>
              {label ? <span className={styles.band}>{label}</span> : null}
            </>
          )}
        </span>
      </div>
      <ScoreBar
        score={entry.Score}
        uncertainty={entry.Uncertainty}
        isSample={false}
        description={describeEntry(entry)}
      />
      <div className={styles.poles} aria-hidden="true">
        <span>{entry.Poles.Low}</span>
        <span>{entry.Poles.High}</span>
      </div>
    </li>
  );
}

function SharedResultCard({ shared }: { shared: SharedResult }) {
  const headingId = useId();
  const who = whoShared(shared);
  const quizSlug = isReportName(shared.Name) ? quizOfReport(shared.Name) : shared.Name;
  return (
    <>
      <article className={styles.card} aria-labelledby={headingId}>
        <p className={styles.byline}>
          <span className={styles.who}>{who}</span>
          <span className={styles.separator} aria-hidden="true">
            ·
          </span>
          <span>Shared on {sharedOnFormat().format(new Date(shared.Created))}</span>
        </p>
        <h1 id={headingId} className={styles.title}>
          {shared.Title}
        </h1>
        {shared.Headline ? (
          <p className={styles.headline}>
            <span className={styles.headlineLabel}>{headlineLabel(shared.Name)}</span>
            <span className={styles.headlineValue}>{shared.Headline}</span>
          </p>
        ) : null}
        <p className={styles.legend}>
          <IntervalSwatch /> 90 % interval: where the score most likely lies
        </p>
        <ol className={styles.entries} aria-label="Scores">
          {shared.Entries.map((entry) => (
            <EntryRow key={entry.Name} entry={entry} />
          ))}
        </ol>
        <p className={styles.note}>
          Scores run from 0 to 100. They are as they were when this result was shared: later answers
          do not change them.
        </p>
      </article>
      <section className={styles.cta} aria-labelledby={`${headingId}-cta`}>
        <h2 id={`${headingId}-cta`} className={styles.ctaTitle}>
          Where do you stand?
        </h2>
        <p>
          Answer the same statements and get your own {shared.Title} report, with how sure we are of
          each score and where it stands among Stance members.
        </p>
        <ButtonLink variant="primary" size="large" to={`/q/${encodeURIComponent(quizSlug)}`}>
          Take the quiz yourself
        </ButtonLink>
      </section>
    </>
  );
}

/** sharedReport, `/r/{token}`: a result a member chose to share, as they shared it. */
export default function SharedReportPage() {
  const { token = '' } = useParams();
  const query = useSharedResult(token);

  return (
    <Page width="narrow">
      <QueryState
        query={query}
        loading={<LoadingBlocks heights={[520]} />}
        error={(error) => {
          const status = statusOf(error);
          return (
            <ErrorState
              error={error}
              {...(status === 410 ? { message: removedSharedResultText } : {})}
              {...(status === 400
                ? { message: 'Not found. The URL you entered may be invalid.' }
                : {})}
            />
          );
        }}
      >
        {(shared) => <SharedResultCard shared={shared} />}
      </QueryState>
    </Page>
  );
}
