import { Link } from 'react-router';
import { pageTitle, productName } from '../../contract/routes.ts';
import { allTopicsQuery, useAllTopics } from '../features/topics/api.ts';
import { groupTopicsByLetter, type TopicListEntry } from '../features/topics/topic-list.ts';
import { QueryState } from '../ui/QueryState.tsx';
import { capitalizeFirst, pluralize } from '../ui/format.ts';
import { Page } from '../ui/Page.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { routeQuery, type RouteHandle } from '../routing/route-handle.ts';
import styles from './AllTopicsPage.module.css';

export const handle: RouteHandle = {
  queries: () => [routeQuery(allTopicsQuery())],
  head: ({ params, queryClient }) => {
    const count = queryClient.getQueryData(allTopicsQuery().queryKey)?.Topics.length;
    return {
      title: pageTitle('allTopics', params),
      description: `${count ? `All ${pluralize(count, 'topic')}` : 'Every topic'} on ${productName}, from A to Z: pick one to vote on its opinions and see where people stand.`,
      type: 'website',
    };
  },
};

/** allTopics, `/topics`: every topic, alphabetically, grouped by first letter. */
export default function AllTopicsPage() {
  const topics = useAllTopics();

  return (
    <Page title="All topics" intro="Every topic on Stance, from A to Z.">
      <QueryState
        query={topics}
        loading={
          <>
            <Spinner />
            <div className={styles.groups} aria-hidden="true">
              {[0, 1, 2, 3, 4, 5].map((index) => (
                <div key={index} className={styles.group}>
                  <Skeleton width={32} height={32} />
                  <Skeleton height={90} />
                </div>
              ))}
            </div>
          </>
        }
      >
        {(data) => <TopicGroups entries={data.Topics} />}
      </QueryState>
    </Page>
  );
}

/** The letters to jump to, and the topics under each. */
function TopicGroups({ entries }: { entries: readonly TopicListEntry[] }) {
  const groups = groupTopicsByLetter(entries);
  return (
    <>
      <nav aria-label="Jump to letter">
        <ul className={styles.letters}>
          {groups.map((group) => (
            <li key={group.letter}>
              <a href={`#letter-${group.letter}`}>{group.letter}</a>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.groups}>
        {groups.map((group) => (
          <section
            key={group.letter}
            id={`letter-${group.letter}`}
            className={styles.group}
            aria-labelledby={`letter-heading-${group.letter}`}
          >
            <h2 id={`letter-heading-${group.letter}`} className={styles.letter}>
              {group.letter}
            </h2>
            <ul className={styles.list}>
              {group.topics.map((topic) => (
                <li key={topic.ArtifactID} className={styles.topic}>
                  <Link to={`/t/${topic.Slug}`}>{capitalizeFirst(topic.Title)}</Link>
                  {topic.NumOpinions === undefined ? null : (
                    <span className={styles.count}>{pluralize(topic.NumOpinions, 'opinion')}</span>
                  )}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </>
  );
}
