import { lazy } from 'react';
import { LazySection } from './LazyInsights.tsx';

const OpinionInsights = lazy(() => import('./OpinionInsights.tsx'));

/** The opinion page's insights: personal insights, charts and the groups' positions. */
export function LazyOpinionInsights({ opinionID, rating }: { opinionID: number; rating: number }) {
  return (
    <LazySection height={320}>
      <OpinionInsights opinionID={opinionID} rating={rating} />
    </LazySection>
  );
}
