import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { Tidbit } from '../../../../contract/entities.ts';
import { chartsShownFirst, insightsShownFirst } from '../../../../contract/insights.base.ts';
import type { ResponseOf } from '../../../../contract/calls.ts';
import type { getInsights } from '../../../../contract/insights.ts';
import { useSession } from '../../session/session.ts';
import { Card } from '../../../ui/Card.tsx';
import { ErrorState } from '../../../ui/ErrorState.tsx';
import { pluralize } from '../../../ui/format.ts';
import { QueryState } from '../../../ui/QueryState.tsx';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { useInsights } from '../api.ts';
import { matrixCharts, groupCharts, visibleItems, type ChartRow } from '../chart-data.ts';
import { DirectionMark } from './DirectionMark.tsx';
import styles from './OpinionInsights.module.css';
import { VoteDistributionChart, VoteLegend } from './VoteDistributionChart.tsx';

type InsightsData = ResponseOf<typeof getInsights>;

/**
 * The opinion page's insights (docs/decisions/053-insights-screens.md): the voter's personal
 * insights (two until 'See more'), one chart per demographic field (the first until 'See more'),
 * and how each opinion group of the opinion's topics voted. Loaded apart from the page's own code.
 */
export default function OpinionInsights({
  opinionID,
  rating,
}: {
  opinionID: number;
  rating: number;
}) {
  const insights = useInsights(opinionID, rating);
  const headingId = useId();
  return (
    <Card className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Insights
      </h2>
      <QueryState
        query={insights}
        loading={<InsightsSkeleton />}
        error={(error) => <ErrorState error={error} />}
      >
        {(data) => <InsightsBody data={data} hasVoted={rating > 0} />}
      </QueryState>
    </Card>
  );
}

function InsightsBody({ data, hasVoted }: { data: InsightsData; hasVoted: boolean }) {
  const session = useSession();
  const groupsHeadingId = useId();
  const charts = matrixCharts(data.Matrix);
  const groups = groupCharts(data.Groups);
  // The figures are a voter's (docs/decisions/052): before the vote the answer holds none.
  const figuresAfterVote =
    !hasVoted && charts.length === 0 && data.Groups.every((group) => group.Percentages === null);
  return (
    <>
      <section className={styles.part} aria-label="About you">
        {hasVoted ? (
          data.Insights.length > 0 ? (
            <InsightList insights={data.Insights} />
          ) : (
            <p className={styles.note}>
              No personal insights yet: they compare your vote with people who share your{' '}
              {session.loggedIn ? (
                <Link to="/settings/details">personal details</Link>
              ) : (
                'personal details'
              )}
              , once enough of them have voted.
            </p>
          )
        ) : (
          <p className={styles.note}>
            {figuresAfterVote
              ? 'Vote to see how you compare with other people, how different people voted and where each opinion group stands.'
              : 'Vote to see how you compare with other people.'}
          </p>
        )}
      </section>
      {figuresAfterVote ? null : (
        <MatrixCharts charts={charts} voters={data.Voters} minGroupSize={data.MinGroupSize} />
      )}
      {groups.length > 0 ? (
        <section className={styles.part} aria-labelledby={groupsHeadingId}>
          <h3 id={groupsHeadingId} className={styles.subheading}>
            Where the groups stand
          </h3>
          <p className={styles.note}>Opinion groups are people who vote alike across a topic.</p>
          {groups.map((topic) => (
            <div key={topic.slug} className={styles.topicGroups}>
              {figuresAfterVote ? null : (
                <VoteDistributionChart
                  title={`Groups in ${topic.title}`}
                  rows={topic.rows}
                  minGroupSize={null}
                  withheldNote="Too few of their members voted on this"
                  headingLevel={4}
                />
              )}
              <Link className={styles.topicLink} to={`/t/${topic.slug}#where-people-stand`}>
                Where people stand on {topic.title}
              </Link>
            </div>
          ))}
        </section>
      ) : null}
    </>
  );
}

/** The personal insights, two until 'See more'. */
export function InsightList({ insights }: { insights: readonly Tidbit[] }) {
  const [isExpanded, setIsExpanded] = useState(false);
  const listId = useId();
  const { shown, hiddenCount } = visibleItems(insights, insightsShownFirst, isExpanded);
  return (
    <div className={styles.insights}>
      <ul id={listId} className={styles.insightList} aria-label="Your insights">
        {shown.map((insight, index) => (
          <li key={index} className={styles.insight}>
            <DirectionMark direction={insight.AgreementDirection} />
            <span>{insight.Desc}</span>
          </li>
        ))}
      </ul>
      {insights.length > insightsShownFirst ? (
        <button
          type="button"
          className={styles.more}
          aria-expanded={isExpanded}
          aria-controls={listId}
          onClick={() => setIsExpanded(!isExpanded)}
        >
          {isExpanded ? 'See less' : `See more (${hiddenCount})`}
        </button>
      ) : null}
    </div>
  );
}

function MatrixCharts({
  charts,
  voters,
  minGroupSize,
}: {
  charts: { key: string; title: string; rows: ChartRow[] }[];
  voters: number;
  minGroupSize: number;
}) {
  const [isExpanded, setIsExpanded] = useState(false);
  const chartsId = useId();
  const { shown, hiddenCount } = visibleItems(charts, chartsShownFirst, isExpanded);
  return (
    <section className={styles.part} aria-labelledby={`${chartsId}-heading`}>
      <h3 id={`${chartsId}-heading`} className={styles.subheading}>
        How different people voted
      </h3>
      <p className={styles.note}>
        {voters === 0
          ? 'Nobody has voted yet.'
          : `${pluralize(voters, 'member has', 'members have')} voted.`}{' '}
        Each answer counts the members who gave it in their personal details; answers with too few
        voters are not shown, so that nobody&rsquo;s vote can be told.
      </p>
      {charts.length > 0 ? (
        <>
          <VoteLegend />
          <div id={chartsId} className={styles.charts}>
            {shown.map((chart) => (
              <VoteDistributionChart
                key={chart.key}
                title={chart.title}
                rows={chart.rows}
                minGroupSize={minGroupSize}
                headingLevel={4}
              />
            ))}
          </div>
        </>
      ) : (
        <p className={styles.note}>No answer has enough voters to show yet.</p>
      )}
      {charts.length > chartsShownFirst ? (
        <button
          type="button"
          className={styles.more}
          aria-expanded={isExpanded}
          aria-controls={chartsId}
          onClick={() => setIsExpanded(!isExpanded)}
        >
          {isExpanded ? 'See less' : `See more (${hiddenCount} more charts)`}
        </button>
      ) : null}
    </section>
  );
}

export function InsightsSkeleton() {
  return (
    <div className={styles.skeleton} aria-hidden="true">
      <Skeleton height={22} width="70%" />
      <Skeleton height={22} width="60%" />
      <Skeleton height={180} radius="10px" />
    </div>
  );
}
