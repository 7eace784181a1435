import { useEffect, useId } from 'react';
import { Link } from 'react-router';
import type { ResponseOf } from '../../../../contract/calls.ts';
import type { getTopicGroups } from '../../../../contract/insights.ts';
import { Card } from '../../../ui/Card.tsx';
import { ErrorState } from '../../../ui/ErrorState.tsx';
import { LocalTime } from '../../../ui/LocalTime.tsx';
import { formatCount, pluralize } from '../../../ui/format.ts';
import { QueryState } from '../../../ui/QueryState.tsx';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { useTopicGroups } from '../api.ts';
import { consensusText, groupStyles, mapSummary, stanceText } from '../chart-data.ts';
import { GroupMap, GroupSwatch } from './GroupMap.tsx';
import styles from './TopicGroups.module.css';

type TopicGroupsData = ResponseOf<typeof getTopicGroups>;

/** The text of the empty state: no grouping yet, or too few voters for one. */
export const groupsEmptyTitle = 'Groups appear once enough people have voted';

/** The section's anchor: the opinion page links to it. */
const sectionId = 'where-people-stand';

/** Shown opinions per group; the server orders them most representative first. */
const representativeShown = 3;

/**
 * 'Where people stand' on a topic page (docs/decisions/053-insights-screens.md): the opinion
 * groups as a map of voters with a legend, each group's representative opinions, what unites
 * everyone and what divides the groups. Loaded apart from the topic feed's code.
 */
export default function TopicGroups({ slug }: { slug: string }) {
  const groups = useTopicGroups(slug);
  const headingId = useId();
  const isSettled = !groups.isPending;
  useEffect(() => {
    // A link to '#where-people-stand' (from an opinion page) arrives before this section exists.
    if (isSettled && window.location.hash === `#${sectionId}`) {
      document.getElementById(sectionId)?.scrollIntoView();
    }
  }, [isSettled]);
  return (
    <Card className={styles.card} id={sectionId} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Where people stand
      </h2>
      <QueryState
        query={groups}
        loading={<TopicGroupsSkeleton />}
        error={(error) => <ErrorState error={error} />}
        isEmpty={(data) => data.Groups.length === 0}
        empty={
          <div className={styles.empty}>
            <p className={styles.emptyTitle}>{groupsEmptyTitle}</p>
            <p className={styles.note}>
              When enough members have voted on this topic&rsquo;s opinions, the people who vote
              alike are grouped here, with the opinions each group stands for and the ones that
              unite everyone.
            </p>
          </div>
        }
      >
        {(data) => <GroupsBody data={data} />}
      </QueryState>
    </Card>
  );
}

function GroupsBody({ data }: { data: TopicGroupsData }) {
  const groups = groupStyles(data.Groups);
  const myGroupId = data.Me?.Group ?? null;
  const consensusId = useId();
  const divisiveId = useId();
  return (
    <>
      <p className={styles.note}>
        {pluralize(data.Map.length, 'voter')} in {groups.length} groups of people who vote alike.
        Each dot is a voter; the closer two dots, the more alike they voted.
        {data.ComputedAt ? (
          <>
            {' '}
            Updated <LocalTime iso={data.ComputedAt} />.
          </>
        ) : null}
      </p>
      <div className={styles.mapRow}>
        <GroupMap
          groups={groups}
          points={data.Map}
          me={data.Me}
          label={mapSummary(groups, data.Map.length, myGroupId)}
        />
        <ul className={styles.legend} aria-label="Groups">
          {groups.map((group) => (
            <li key={group.ID} className={styles.legendItem}>
              <GroupSwatch group={group} />
              <span className={styles.legendName}>{group.name}</span>
              <span className={styles.legendSize}>{pluralize(group.Size, 'person', 'people')}</span>
              {group.ID === myGroupId ? <span className={styles.youBadge}>You</span> : null}
            </li>
          ))}
        </ul>
      </div>
      <div className={styles.groups}>
        {groups.map((group) => (
          <section
            key={group.ID}
            className={[styles.group, group.ID === myGroupId ? styles.myGroup : ''].join(' ')}
            aria-labelledby={`${consensusId}-group-${group.ID}`}
          >
            <h3 id={`${consensusId}-group-${group.ID}`} className={styles.groupHeading}>
              <GroupSwatch group={group} />
              {group.name}
              <span className={styles.groupSize}>
                {formatCount(group.Size)} {group.Size === 1 ? 'person' : 'people'}
                {group.ID === myGroupId ? ', your group' : ''}
              </span>
            </h3>
            {group.Representative.length > 0 ? (
              <ul className={styles.opinions}>
                {group.Representative.slice(0, representativeShown).map((opinion) => (
                  <li key={opinion.Slug}>
                    <Link to={`/o/${opinion.Slug}`}>{opinion.Title}</Link>
                    <span className={styles.stance}>{stanceText(opinion, 'of this group')}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className={styles.note}>No opinion sets this group apart yet.</p>
            )}
          </section>
        ))}
      </div>
      <section className={styles.part} aria-labelledby={consensusId}>
        <h3 id={consensusId} className={styles.subheading}>
          What unites everyone
        </h3>
        {data.Consensus.length > 0 ? (
          <ul className={styles.opinions}>
            {data.Consensus.map((opinion) => (
              <li key={opinion.Slug}>
                <Link to={`/o/${opinion.Slug}`}>{opinion.Title}</Link>
                <span className={styles.stance}>{consensusText(opinion.Agree)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.note}>No opinion has every group on the same side yet.</p>
        )}
      </section>
      {data.Divisive.length > 0 ? (
        <section className={styles.part} aria-labelledby={divisiveId}>
          <h3 id={divisiveId} className={styles.subheading}>
            Where the groups split
          </h3>
          <ul className={styles.opinions}>
            {data.Divisive.map((opinion) => (
              <li key={opinion.Slug}>
                <Link to={`/o/${opinion.Slug}`}>{opinion.Title}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

export function TopicGroupsSkeleton() {
  return (
    <div className={styles.skeleton} aria-hidden="true">
      <Skeleton height={18} width="80%" />
      <Skeleton height={260} radius="10px" />
      <Skeleton height={120} radius="10px" />
    </div>
  );
}
