import type { Profile, ProfileComment } from '../../contract/people.ts';
import { useParams } from 'react-router';
import { pageTitle, productName } from '../../contract/routes.ts';
import { userCommentsQuery, useUserComments } from '../features/people/api.ts';
import { ProfileHeader } from '../features/people/components/ProfileHeader.tsx';
import { UserCommentItem } from '../features/people/components/UserCommentList.tsx';
import { statusOf } from '../api/client.ts';
import { Button, ButtonLink } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { errorTexts } from '../ui/error-texts.ts';
import { formatCount, pluralize } from '../ui/format.ts';
import { Page } from '../ui/Page.tsx';
import { LoadingBlocks, QueryState } from '../ui/QueryState.tsx';
import { routeInfiniteQuery, type RouteHandle } from '../routing/route-handle.ts';

export const handle: RouteHandle = {
  queries: ({ params }) => [routeInfiniteQuery(userCommentsQuery(params.username ?? ''))],
  head: ({ params, queryClient }) => {
    const query = queryClient.getQueryState(userCommentsQuery(params.username ?? '').queryKey);
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

/** userComments, `/comments/{username}`: a member's comments, newest first, with their opinions. */
export default function UserCommentsPage() {
  const { username = '' } = useParams();
  const query = useUserComments(username);

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
        {(data) => <UserComments pages={data.pages} query={query} />}
      </QueryState>
    </Page>
  );
}

function UserComments({
  pages,
  query,
}: {
  pages: ReadonlyArray<{ Profile: Profile; Comments: ProfileComment[] }>;
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
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
      {query.hasNextPage ? (
        <Button
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
          block
        >
          {query.isFetchingNextPage ? errorTexts.loading : 'Load more'}
        </Button>
      ) : null}
    </>
  );
}
