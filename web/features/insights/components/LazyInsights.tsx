import { Suspense, type ReactNode } from 'react';
import { HydrateInTurn } from '../../../routing/hydration.tsx';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import styles from './LazyInsights.module.css';

/*
 * The insight screens load with their own chunks, after the page that shows them has drawn: the
 * charts, the map and their arithmetic stay off the feed's critical path and out of the opinion
 * and topic pages' first chunk (docs/decisions/044-a-lighter-client.md, 053-insights-screens.md).
 * Each lazily loaded screen has a module of its own (LazyOpinionInsights, LazyTopicGroups), so that
 * a page's code names only the screen it shows, and the server puts only that screen's
 * stylesheets in the page's head (server/plugins/web.render.ts).
 */

/**
 * A screen whose code loads lazily, with a placeholder of about its height meanwhile. On a page's
 * first load it hydrates in a turn of its own: its code is asked for then, not in the first pass,
 * and it hydrates once that code has arrived (docs/decisions/095).
 */
export function LazySection({ height, children }: { height: number; children: ReactNode }) {
  return (
    <HydrateInTurn>
      <Suspense fallback={<SectionPlaceholder height={height} />}>{children}</Suspense>
    </HydrateInTurn>
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
