import type { Profile, ProfileComment } from '../../contract/people.ts';
import { useParams, useSearchParams } from 'react-router';
import { pageTitle, productName } from '../../contract/routes.ts';
import { userCommentsQuery, useUserComments } from '../features/people/api.ts';
import { ProfileHeader } from '../features/people/components/ProfileHeader.tsx';
import { UserCommentItem } from '../features/people/components/UserCommentList.tsx';
import { statusOf } from '../api/client.ts';
import { Button, ButtonLink } from '../ui/Button.tsx';
import { LoadMoreButton } from '../features/feed/components/LoadMoreButton.tsx';
import { Card } from '../ui/Card.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { errorTexts } from '../ui/error-texts.ts';
import { formatCount, pluralize } from '../ui/format.ts';
import { Page } from '../ui/Page.tsx';
import { LoadingBlocks, QueryState } from '../ui/QueryState.tsx';
import { nextPageHref, pageCursor } from '../routing/paging.ts';
import { routeInfiniteQuery, type RouteHandle } from '../routing/route-handle.ts';

export const handle: RouteHandle = {
  queries: ({ params, search }) => [
    routeInfiniteQuery(userCommentsQuery(params.username ?? '', pageCursor(search))),
  ],
  head: ({ params, search, queryClient }) => {
    const query = queryClient.getQueryState(
      userCommentsQuery(params.username ?? '', pageCursor(search)).queryKey,
    );
    const profile = query?.data?.pages[0]?.Profile;
    if (!profile) {
      const isMissing = statusOf(query?.error) === 404;
      return { title: pageTitle(isMissing ? 'notFound' : 'userComments', params) };
    }
    return {
      // The name as its member spells it, whatever the address's case.
      title: pageTitle('userComments', { username: profile.UsernameCased }),
      description:
        `${profile.UsernameCased}’s ${pluralize(profile.NumComments, 'comment')} on ` +
        `${productName}, newest first, each with the opinion it argues about.`,
    };
  },
};

/** The comments history's text for a missing user (docs/product/errors.md#page-states). */
const userNotFoundText = 'User not found';

/**
 * userComments, `/comments/{username}`: a member's comments, newest first, with their opinions
 * (from `?after=`'s cursor, when a reader pages without JavaScript).
 */
export default function UserCommentsPage() {
  const { username = '' } = useParams();
  const [search] = useSearchParams();
  const query = useUserComments(username, pageCursor(search));

  return (
    <Page width="narrow">
      <QueryState
        query={query}
        loading={<LoadingBlocks heights={[140, 360]} />}
        error={(error) => (
          <ErrorState
            error={error}
            {...(statusOf(error) === 404 ? { message: userNotFoundText } : {})}
          />
        )}
      >
        {(data) => (
          <UserComments
            pages={data.pages}
            query={query}
            nextPageHref={nextPageHref(data.pages, search)}
          />
        )}
      </QueryState>
    </Page>
  );
}

function UserComments({
  pages,
  query,
  nextPageHref,
}: {
  pages: ReadonlyArray<{
    Profile: Profile;
    Comments: ProfileComment[];
    After: string;
    EndReached: boolean;
  }>;
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  /** Load more's own address, for a reader without JavaScript (web/routing/paging.ts). */
  nextPageHref: string | undefined;
}) {
  const profile = pages[0]!.Profile;
  const comments = pages.flatMap((page) => page.Comments);
  return (
    <>
      <Card>
        <ProfileHeader profile={profile}>
          <p>
            <ButtonLink to={`/u/${encodeURIComponent(profile.UsernameCased)}`} size="small">
              View profile
            </ButtonLink>
          </p>
        </ProfileHeader>
      </Card>
      <Card heading={`Comments (${formatCount(profile.NumComments)})`}>
        {comments.length === 0 ? (
          <EmptyState title="No comments" />
        ) : (
          <div>
            {comments.map((comment) => (
              <UserCommentItem key={comment.CommentID} comment={comment} />
            ))}
          </div>
        )}
      </Card>
      {!query.hasNextPage ? null : query.isFetchingNextPage ? (
        <Button disabled block>
          {errorTexts.loading}
        </Button>
      ) : (
        <LoadMoreButton
          nextPageHref={nextPageHref}
          onLoadMore={() => void query.fetchNextPage()}
          block
        />
      )}
    </>
  );
}
