import { useParams, useSearchParams } from 'react-router';
import { exportTopicReport } from '../../contract/analytics.base.ts';
import { pageTitle, productName } from '../../contract/routes.ts';
import { statusOf } from '../api/client.ts';
import { CsvDownload } from '../features/analytics/components/CsvDownload.tsx';
import { topicFeedQuery, useTopicFeed } from '../features/feed/api.ts';
import { nextPageHref, pageCursor } from '../routing/paging.ts';
import { FeedView } from '../features/feed/components/FeedView.tsx';
import { collectFeedOpinions } from '../features/feed/feed-items.ts';
import { topicGroupsQuery } from '../features/insights/api.ts';
import { LazyTopicGroups } from '../features/insights/components/LazyTopicGroups.tsx';
import { useSession } from '../features/session/session.ts';
import { FollowTopicButton } from '../features/topics/components/FollowTopicButton.tsx';
import { capitalizeFirst, pluralize } from '../ui/format.ts';
import { ErrorState } from '../ui/ErrorState.tsx';
import { Page } from '../ui/Page.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { routeInfiniteQuery, routeQuery, type RouteHandle } from '../routing/route-handle.ts';
import styles from './TopicPage.module.css';

export const handle: RouteHandle = {
  queries: ({ params, search }) => [
    routeInfiniteQuery(topicFeedQuery(params.slug ?? '', pageCursor(search))),
    // 'Where people stand' sits under the topic's heading, in the first screen.
    routeQuery(topicGroupsQuery(params.slug ?? '')),
  ],
  head: ({ params, search, queryClient }) => {
    const query = queryClient.getQueryState(
      topicFeedQuery(params.slug ?? '', pageCursor(search)).queryKey,
    );
    const topic = query?.data?.pages[0]?.Topic;
    if (!topic) {
      const isMissing = statusOf(query?.error) === 404;
      return { title: pageTitle(isMissing ? 'notFound' : 'topic', params) };
    }
    const about = `${pluralize(topic.NumOpinions, 'opinion')} on ${capitalizeFirst(topic.Title)} on ${productName}: vote, argue for and against, and see where people stand.`;
    return {
      title: pageTitle('topic', params, topic.Title),
      description: topic.Description ? `${topic.Description} ${about}` : about,
      type: 'website',
    };
  },
};

/** Topic slugs whose description shows as an intro banner (docs/product/screens.md#feeds). */
export const topicsWithIntroBanner = new Set([
  'in-the-news',
  'culture-wars',
  'eternals',
  'entertainment',
  'how-to-live',
]);

/** topic, `/t/{slug}`: a topic's feed, after where its voters stand (docs/decisions/053). */
export default function TopicPage() {
  const { slug = '' } = useParams();
  const [search] = useSearchParams();
  const feed = useTopicFeed(slug, pageCursor(search));
  const session = useSession();
  const pages = feed.data?.pages ?? [];
  const topic = pages[0]?.Topic;

  const header = topic ? (
    <header className={styles.header}>
      <div className={styles.titleRow}>
        <h1 className={styles.title}>{capitalizeFirst(topic.Title)}</h1>
        <FollowTopicButton topic={topic} />
      </div>
      <p className={styles.count}>
        {pluralize(topic.NumOpinions, 'opinion')} · {pluralize(topic.NumFollowers, 'follower')}
      </p>
      {topicsWithIntroBanner.has(topic.Slug) && topic.Description ? (
        <p className={styles.intro}>{topic.Description}</p>
      ) : null}
      {session.canListConvos ? (
        <div className={styles.download}>
          <CsvDownload
            label="Download topic report"
            url={`${exportTopicReport.path}?slug=${encodeURIComponent(topic.Slug)}`}
            method="GET"
            fallbackName={`${topic.Slug}-topic-report.csv`}
            variant="secondary"
          />
        </div>
      ) : null}
    </header>
  ) : feed.isPending ? (
    <div className={styles.header} aria-hidden="true">
      <Skeleton width="45%" height={40} />
      <Skeleton width="80%" height={22} />
    </div>
  ) : null;

  if (feed.error) {
    return (
      <Page width="narrow">
        <ErrorState error={feed.error} />
      </Page>
    );
  }

  return (
    <FeedView
      feedTitle={topic ? capitalizeFirst(topic.Title) : 'Topic'}
      header={
        topic ? (
          <>
            {header}
            <LazyTopicGroups slug={topic.Slug} />
          </>
        ) : (
          header
        )
      }
      opinions={collectFeedOpinions(pages)}
      cards={pages[0]?.Cards}
      isPending={feed.isPending}
      error={feed.error}
      hasNextPage={feed.hasNextPage}
      isFetchingNextPage={feed.isFetchingNextPage}
      fetchNextPage={feed.fetchNextPage}
      nextPageHref={nextPageHref(pages)}
    />
  );
}
