import { useCallback, useEffect, useRef, useState } from 'react';
import { createThrottle, feedFetchThrottleMs } from '../feed-items.ts';

type LoadMoreOptions = {
  hasNextPage: boolean;
  isFetching: boolean;
  fetchNextPage: () => unknown;
  /** Changes whenever a page arrives, so a still-visible trigger fires again. */
  itemCount: number;
};

/**
 * Load more by button or by a scroll trigger, one fetch per 2000 ms at most
 * (docs/product/constants.md#timing). A fetch that the throttle holds back is retried when the
 * interval is over.
 */
export function useLoadMore({
  hasNextPage,
  isFetching,
  fetchNextPage,
  itemCount,
}: LoadMoreOptions) {
  const [throttle] = useState(() => createThrottle(feedFetchThrottleMs));
  const retryTimer = useRef<number | undefined>(undefined);
  // A ref, not state: setting state from a ref re-rendered the whole list as the page hydrated
  // (docs/decisions/087). The trigger is rendered whenever there is a next page, so the effect
  // below, which runs again when that changes, finds it.
  const trigger = useRef<HTMLDivElement>(null);
  const state = useRef({ hasNextPage, isFetching, fetchNextPage });
  useEffect(() => {
    state.current = { hasNextPage, isFetching, fetchNextPage };
  });

  const loadMore = useCallback(() => {
    const { hasNextPage: canLoad, isFetching: isBusy } = state.current;
    if (!canLoad || isBusy) return;
    const now = Date.now();
    if (throttle.tryPass(now)) {
      void state.current.fetchNextPage();
      return;
    }
    window.clearTimeout(retryTimer.current);
    retryTimer.current = window.setTimeout(loadMore, throttle.waitMs(now));
  }, [throttle]);

  useEffect(() => {
    const element = trigger.current;
    if (!element || !hasNextPage || isFetching) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { rootMargin: '0px 0px 800px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetching, itemCount, loadMore]);

  useEffect(() => () => window.clearTimeout(retryTimer.current), []);

  return { loadMore, triggerRef: trigger };
}
