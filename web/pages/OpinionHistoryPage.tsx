import { Link } from 'react-router';
import { directionOf } from '../../contract/minds.base.ts';
import { LoginRequired } from '../features/accounts/components/LoginRequired.tsx';
import { opinionHistoryQuery, useOpinionHistory } from '../features/minds/api.ts';
import { voteLabel } from '../features/opinions/vote-scale.ts';
import { Button } from '../ui/Button.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { Page } from '../ui/Page.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { TimeAgo } from '../ui/TimeAgo.tsx';
import styles from './OpinionHistoryPage.module.css';
import { memberQuery, privateHead } from '../features/session/member-route.ts';
import { routeInfiniteQuery, type RouteHandle } from '../routing/route-handle.ts';

export const handle: RouteHandle = {
  queries: () => [memberQuery(() => routeInfiniteQuery(opinionHistoryQuery()))],
  head: privateHead('opinionHistory'),
};

export const noChangesText = 'You have not changed your mind on an opinion yet';

/**
 * opinionHistory, `/app/history`: the member's own changes of vote, newest first, with the
 * argument each was credited to. Private: no other member, nor staff, can read it
 * (docs/decisions/077-minds-changed.md).
 */
export default function OpinionHistoryPage() {
  return (
    <LoginRequired reason="Please log in to see your changes of mind">
      <Page
        width="narrow"
        title="Your changes of mind"
        intro="Every opinion on which you changed your vote, and what persuaded you. Only you can see this page."
      >
        <History />
      </Page>
    </LoginRequired>
  );
}

function History() {
  const history = useOpinionHistory();
  return (
    <QueryState
      query={history}
      loading={<Spinner isCentered />}
      error={(error) => <ErrorState error={error} hasHomeLink={false} />}
      isEmpty={(data) => data.pages[0]?.Changes.length === 0}
      empty={
        <EmptyState title={noChangesText} actions={<Link to="/">Find opinions to vote on</Link>}>
          When you change your vote on an opinion, the change shows here, with the argument that
          persuaded you if you credit one.
        </EmptyState>
      }
    >
      {(data) => (
        <>
          <ol className={styles.list}>
            {data.pages
              .flatMap((page) => page.Changes)
              .map((change, index) => {
                const direction = directionOf(change.From, change.To);
                return (
                  <li key={`${change.At}-${index}`} className={styles.item}>
                    <Link className={styles.opinion} to={`/o/${change.Opinion.Slug}`}>
                      {change.Opinion.Title}
                    </Link>
                    <p className={styles.move}>
                      <span className={styles.from}>{voteLabel(change.From)}</span>
                      <span aria-hidden="true"> → </span>
                      <span className="visually-hidden"> to </span>
                      <span className={styles.to}>{voteLabel(change.To)}</span>
                      {direction ? (
                        <span className={styles.direction}>
                          toward {direction === 'agree' ? 'Agree' : 'Disagree'}
                        </span>
                      ) : null}
                      <TimeAgo className={styles.time} iso={change.At} />
                    </p>
                    {change.PersuadedBy ? (
                      <p className={styles.persuaded}>
                        Persuaded by{' '}
                        <Link to={change.PersuadedBy.Link}>
                          {change.PersuadedBy.UsernameCased
                            ? `${change.PersuadedBy.UsernameCased}’s argument`
                            : 'an argument since removed'}
                        </Link>
                        {change.PersuadedBy.Excerpt ? (
                          <span className={styles.excerpt}>“{change.PersuadedBy.Excerpt}”</span>
                        ) : null}
                      </p>
                    ) : null}
                  </li>
                );
              })}
          </ol>
          {history.hasNextPage ? (
            <Button
              onClick={() => void history.fetchNextPage()}
              disabled={history.isFetchingNextPage}
            >
              {history.isFetchingNextPage ? 'Loading …' : 'Show earlier changes'}
            </Button>
          ) : null}
        </>
      )}
    </QueryState>
  );
}
