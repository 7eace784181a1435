import { lazy, Suspense } from 'react';
import { IdScope } from '../../../preact/id-scope.ts';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import styles from './LazyInsights.module.css';

/*
 * The insight screens load with their own chunks, after the page that shows them has drawn: the
 * charts, the map and their arithmetic stay off the feed's critical path and out of the opinion
 * and topic pages' first chunk (docs/decisions/044-a-lighter-client.md, 053-insights-screens.md).
 */
const OpinionInsights = lazy(() => import('./OpinionInsights.tsx'));
const TopicGroups = lazy(() => import('./TopicGroups.tsx'));

/** The opinion page's insights: personal insights, charts and the groups' positions. */
export function LazyOpinionInsights({ opinionID, rating }: { opinionID: number; rating: number }) {
  return (
    <IdScope>
      <Suspense fallback={<SectionPlaceholder height={320} />}>
        <OpinionInsights opinionID={opinionID} rating={rating} />
      </Suspense>
    </IdScope>
  );
}

/** 'Where people stand' on a topic page. */
export function LazyTopicGroups({ slug }: { slug: string }) {
  return (
    <IdScope>
      <Suspense fallback={<SectionPlaceholder height={240} />}>
        <TopicGroups slug={slug} />
      </Suspense>
    </IdScope>
  );
}

function SectionPlaceholder({ height }: { height: number }) {
  return (
    <div className={styles.placeholder} aria-hidden="true">
      <Skeleton height={28} width={200} />
      <Skeleton height={height} radius="10px" />
    </div>
  );
}
