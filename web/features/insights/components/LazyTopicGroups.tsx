import { lazy, Suspense } from 'react';
import { IdScope } from '../../../preact/id-scope.ts';
import { SectionPlaceholder } from './LazyInsights.tsx';

const TopicGroups = lazy(() => import('./TopicGroups.tsx'));

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
