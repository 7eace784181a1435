import { useLoadMore } from '../../feed/hooks/use-load-more.ts';
import { LoadMoreButton } from '../../feed/components/LoadMoreButton.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import styles from './FeedFooter.module.css';

/**
 * The end of a paged list: a scroll trigger and a Load more button, one fetch per the feed's
 * throttle (the For You feed's hook), until the server says the end is reached; then `endText`.
 * Given the next page's address, Load more is a link to it, which a reader without JavaScript
 * follows (web/routing/paging.ts).
 */
export function FeedFooter({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  itemCount,
  endText,
  nextPageHref,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  itemCount: number;
  endText: string;
  nextPageHref?: string | undefined;
}) {
  const { loadMore, triggerRef } = useLoadMore({
    hasNextPage,
    isFetching: isFetchingNextPage,
    fetchNextPage,
    itemCount,
  });
  if (!hasNextPage) return <p className={styles.end}>{endText}</p>;
  return (
    <div className={styles.loadMore}>
      <div ref={triggerRef} className={styles.trigger} aria-hidden="true" />
      {isFetchingNextPage ? (
        <Spinner />
      ) : (
        <LoadMoreButton nextPageHref={nextPageHref} onLoadMore={loadMore} />
      )}
    </div>
  );
}
