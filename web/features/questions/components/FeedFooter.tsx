import { useLoadMore } from '../../feed/hooks/use-load-more.ts';
import { Button } from '../../../ui/Button.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import styles from './FeedFooter.module.css';

/**
 * The end of a paged list: a scroll trigger and a Load more button, one fetch per the feed's
 * throttle (the For You feed's hook), until the server says the end is reached; then `endText`.
 */
export function FeedFooter({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  itemCount,
  endText,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  itemCount: number;
  endText: string;
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
        <Button variant="secondary" onClick={loadMore}>
          Load more
        </Button>
      )}
    </div>
  );
}
