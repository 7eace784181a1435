import { lazy, Suspense } from 'react';
import { IdScope } from '../../../preact/id-scope.ts';
import { SectionPlaceholder } from './LazyInsights.tsx';

const OpinionInsights = lazy(() => import('./OpinionInsights.tsx'));

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
