import { isPlainClick } from '../../../routing/plain-click.ts';
import { Button, ButtonLink } from '../../../ui/Button.tsx';

/**
 * A paged list's 'Load more'. Given the next page's address it is a link to it, which a reader
 * without JavaScript follows to the next page rendered by the server; with JavaScript a plain click
 * loads the next page below instead (web/routing/paging.ts), and one for a new tab opens it there.
 */
export function LoadMoreButton({
  nextPageHref,
  onLoadMore,
  block = false,
}: {
  nextPageHref: string | undefined;
  onLoadMore: () => void;
  /** Stretch to the list's width. */
  block?: boolean;
}) {
  if (!nextPageHref) {
    return (
      <Button variant="secondary" block={block} onClick={onLoadMore}>
        Load more
      </Button>
    );
  }
  return (
    <ButtonLink
      to={nextPageHref}
      variant="secondary"
      block={block}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        onLoadMore();
      }}
    >
      Load more
    </ButtonLink>
  );
}
