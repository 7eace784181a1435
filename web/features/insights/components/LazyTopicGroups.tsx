import { lazy } from 'react';
import { LazySection } from './LazyInsights.tsx';

const TopicGroups = lazy(() => import('./TopicGroups.tsx'));

/** 'Where people stand' on a topic page. */
export function LazyTopicGroups({ slug }: { slug: string }) {
  return (
    <LazySection height={240}>
      <TopicGroups slug={slug} />
    </LazySection>
  );
}
