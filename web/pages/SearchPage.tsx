import { useEffect, useId, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { appRoutes, pageTitle, productName } from '../../contract/routes.ts';
import { minimumSearchLength } from '../../contract/search.base.ts';
import type { SearchResult } from '../../contract/search.ts';
import { searchResultsPagesQuery, useSearchResultsPages } from '../features/search/api.ts';
import { resultTypeLabels, searchPagePath } from '../features/search/search-results.ts';
import { Button, buttonClassName } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { Page } from '../ui/Page.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { routeInfiniteQuery, type RouteHandle } from '../routing/route-handle.ts';
import styles from './SearchPage.module.css';

/** The query and the page the address asks for. */
function searchOf(search: URLSearchParams) {
  return { query: (search.get('q') ?? '').trim(), startAfter: search.get('after') ?? '' };
}

export const handle: RouteHandle = {
  queries: ({ search }) => {
    const { query, startAfter } = searchOf(search);
    if (query.length < minimumSearchLength) return [];
    return [routeInfiniteQuery(searchResultsPagesQuery(query, startAfter))];
  },
  head: ({ params, search }) => {
    const { query } = searchOf(search);
    return {
      title: pageTitle('search', params, query === '' ? undefined : `“${query}”`),
      description:
        query === ''
          ? `Search ${productName}: questions, positions, arguments, opinions, topics and people.`
          : `What ${productName} has on “${query}”: questions, positions, arguments, opinions, ` +
            'topics and people.',
      // A results page is the reader's own question, not a page to list.
      noindex: true,
    };
  },
};

/**
 * search, `/search?q=`: every kind of result for the query, ranked together, a page at a time
 * (docs/decisions/081-search-page-and-sitemap.md). `after` in the address starts after a page,
 * so More results is a real link; a plain click fills the next page in below instead.
 */
export default function SearchPage() {
  const [searchParams] = useSearchParams();
  const { query, startAfter } = searchOf(searchParams);
  const isSearchable = query.length >= minimumSearchLength;

  return (
    <Page width="narrow" title={isSearchable ? `Results for “${query}”` : 'Search'}>
      <SearchForm key={query} query={query} />
      {isSearchable ? (
        <Results query={query} startAfter={startAfter} />
      ) : (
        <EmptyState title={`Type at least ${minimumSearchLength} characters to search.`}>
          Search finds questions, positions, arguments, opinions, topics and people.
        </EmptyState>
      )}
    </Page>
  );
}

/** Another query without going back to the top bar; a plain GET form, as the address reads. */
function SearchForm({ query }: { query: string }) {
  const navigate = useNavigate();
  const inputId = useId();
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = new FormData(event.currentTarget).get('q');
    void navigate(searchPagePath(typeof text === 'string' ? text : ''));
  }
  return (
    <form
      className={styles.form}
      action={appRoutes.search}
      method="get"
      role="search"
      aria-label="Search again"
      onSubmit={handleSubmit}
    >
      <label className="visually-hidden" htmlFor={inputId}>
        Search for
      </label>
      <input
        id={inputId}
        className={styles.input}
        type="search"
        name="q"
        defaultValue={query}
        maxLength={200}
        enterKeyHint="search"
      />
      <Button type="submit" variant="primary">
        Search
      </Button>
    </form>
  );
}

function Results({ query, startAfter }: { query: string; startAfter: string }) {
  const pages = useSearchResultsPages(query, startAfter);
  const listRef = useRef<HTMLOListElement>(null);
  // After More results, the keyboard goes on from the first new result, not back to the top.
  const [firstNewIndex, setFirstNewIndex] = useState<number | null>(null);
  const resultCount = pages.data?.pages.reduce((sum, page) => sum + page.Results.length, 0) ?? 0;
  useEffect(() => {
    if (firstNewIndex === null || resultCount <= firstNewIndex) return;
    listRef.current?.querySelectorAll('a')[firstNewIndex]?.focus();
    setFirstNewIndex(null);
  }, [firstNewIndex, resultCount]);
  if (pages.isPending) {
    return (
      <Card padding="compact" aria-busy="true">
        <Spinner label="Searching…" />
        <div className={styles.skeletons}>
          {[0, 1, 2, 3, 4, 5].map((index) => (
            <Skeleton key={index} height={22} />
          ))}
        </div>
      </Card>
    );
  }
  if (pages.isError) {
    return (
      <ErrorState error={pages.error} hasHomeLink={false}>
        {startAfter === '' ? null : (
          <Link to={searchPagePath(query)}>Back to the first results</Link>
        )}
      </ErrorState>
    );
  }
  const results = pages.data.pages.flatMap((page) => page.Results);
  if (results.length === 0) {
    return (
      <EmptyState
        title={`No results for “${query}”.`}
        actions={
          startAfter === '' ? null : (
            <Link to={searchPagePath(query)}>Back to the first results</Link>
          )
        }
      >
        {startAfter === ''
          ? 'Try other words, fewer of them, or a shorter form of a word.'
          : 'There are no more results after the ones before.'}
      </EmptyState>
    );
  }
  const nextAfter = pages.data.pages.at(-1)?.After ?? '';

  function handleMore(event: MouseEvent<HTMLAnchorElement>) {
    // A plain click fills the next page in below; a new tab or window follows the link.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    if (pages.isFetchingNextPage) return;
    setFirstNewIndex(results.length);
    void pages.fetchNextPage();
  }

  return (
    <>
      <Card padding="compact">
        <ol ref={listRef} className={styles.list} aria-label={`Results for “${query}”`}>
          {results.map((result) => (
            <li key={resultKey(result)} className={styles.row}>
              <span className={styles.type}>{resultTypeLabels[result.ArtifactType]}</span>
              <Link className={styles.title} to={result.Link}>
                {result.Title}
              </Link>
            </li>
          ))}
        </ol>
      </Card>
      <div className={styles.footer}>
        {startAfter === '' ? null : (
          <Link to={searchPagePath(query)}>Back to the first results</Link>
        )}
        {pages.hasNextPage ? (
          // Kept while the next page loads, so that the focus is not lost with it.
          <Link
            className={buttonClassName({ variant: 'secondary' })}
            to={searchPagePath(query, nextAfter)}
            onClick={handleMore}
            aria-disabled={pages.isFetchingNextPage}
          >
            More results
          </Link>
        ) : (
          <p className={styles.end}>That is every result.</p>
        )}
        {pages.isFetchingNextPage ? <Spinner label="Loading more results…" /> : null}
        {pages.isFetchNextPageError ? (
          <p className={styles.end} role="alert">
            The next results could not be loaded. Try again.
          </p>
        ) : null}
      </div>
    </>
  );
}

function resultKey(result: SearchResult): string {
  return `${result.ArtifactType}-${result.ArtifactID}`;
}
