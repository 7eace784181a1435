import { useSearchParams } from 'react-router';
import { noArgumentsText } from '../../contract/questions.base.ts';
import { pageTitle, productName } from '../../contract/routes.ts';
import { argumentFeedQuery, useArgumentFeed } from '../features/questions/api.ts';
import {
  ArgumentCard,
  ArgumentCardSkeleton,
} from '../features/questions/components/ArgumentCard.tsx';
import { FeedFooter } from '../features/questions/components/FeedFooter.tsx';
import {
  argumentSortFromParam,
  argumentSortOptions,
  collectUniqueItems,
} from '../features/questions/question-items.ts';
import { Button } from '../ui/Button.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { Page } from '../ui/Page.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { nextPageHref, pageCursor } from '../routing/paging.ts';
import { routeInfiniteQuery, type RouteHandle } from '../routing/route-handle.ts';
import styles from './ArgumentsPage.module.css';

export const handle: RouteHandle = {
  queries: ({ search }) => [
    routeInfiniteQuery(
      argumentFeedQuery(argumentSortFromParam(search.get('sort')), pageCursor(search)),
    ),
  ],
  head: ({ params }) => ({
    title: pageTitle('argFeed', params),
    description:
      `The arguments on ${productName} for and against the positions of every question, first ` +
      'those that members on the other side found good points.',
  }),
};

/**
 * argFeed, `/arguments`: the arguments on every question's positions, by default those members
 * on the other side found good points first (decision 047's bridging rank); the order is the
 * URL's `?sort=`.
 */
export default function ArgumentsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const sort = argumentSortFromParam(searchParams.get('sort'));
  const feed = useArgumentFeed(sort, pageCursor(searchParams));
  const argumentsShown = collectUniqueItems(feed.data?.pages ?? []);

  return (
    <Page
      title="Arguments on Stance"
      intro="The arguments for and against the positions of every question. By default, first come those that members on the other side found good points."
    >
      {/* Without JavaScript the order is the form's address (`?sort=`), asked for by its button;
          with it there is no button, and a choice reorders at once. */}
      <form method="get" action="/arguments">
        <fieldset className={styles.sorts}>
          <legend className={styles.legend}>Order</legend>
          {argumentSortOptions.map((option) => (
            <label key={option.value} className={styles.sort}>
              <input
                type="radio"
                name="sort"
                value={option.value}
                checked={sort === option.value}
                onChange={() =>
                  setSearchParams(option.value === 'bridging' ? {} : { sort: option.value }, {
                    replace: true,
                    preventScrollReset: true,
                  })
                }
              />
              {option.label}
            </label>
          ))}
          <noscript>
            <Button type="submit" size="small">
              Show
            </Button>
          </noscript>
        </fieldset>
      </form>

      {feed.isPending ? (
        <div className={styles.list} aria-busy="true">
          <Spinner />
          {[0, 1, 2].map((index) => (
            <ArgumentCardSkeleton key={index} />
          ))}
        </div>
      ) : feed.error ? (
        <ErrorState error={feed.error} hasHomeLink={false} />
      ) : argumentsShown.length === 0 ? (
        <EmptyState title={noArgumentsText}>
          Arguments are the members’ comments for and against the positions of each question.
        </EmptyState>
      ) : (
        <>
          <ul className={styles.list} aria-label="Arguments">
            {argumentsShown.map((argument) => (
              <li key={argument.ID}>
                <ArgumentCard argument={argument} />
              </li>
            ))}
          </ul>
          <FeedFooter
            hasNextPage={feed.hasNextPage}
            isFetchingNextPage={feed.isFetchingNextPage}
            fetchNextPage={feed.fetchNextPage}
            itemCount={argumentsShown.length}
            endText="That's every argument (for now)."
            nextPageHref={nextPageHref(feed.data?.pages ?? [], searchParams)}
          />
        </>
      )}
    </Page>
  );
}
