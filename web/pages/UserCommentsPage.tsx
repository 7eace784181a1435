import { useParams } from 'react-router';
import { useUserComments } from '../features/people/api.ts';
import { ProfileHeader } from '../features/people/components/ProfileHeader.tsx';
import { UserCommentItem } from '../features/people/components/UserCommentList.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { statusOf } from '../api/client.ts';
import { Button, ButtonLink } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { errorTexts } from '../ui/error-texts.ts';
import { formatCount } from '../ui/format.ts';
import { Page } from '../ui/Page.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { Spinner } from '../ui/Spinner.tsx';

/** SPEC.md §8: the comments history's text for a missing user. */
const userNotFoundText = 'User not found';

/** userComments, `/comments/{username}`: a member's comments, newest first, with their opinions. */
export default function UserCommentsPage() {
  const { username = '' } = useParams();
  usePageTitle('userComments');
  const query = useUserComments(username);

  if (query.isPending) {
    return (
      <Page width="narrow">
        <Spinner />
        <Skeleton height={140} radius="16px" />
        <Skeleton height={360} radius="16px" />
      </Page>
    );
  }
  if (query.isError) {
    return (
      <Page width="narrow">
        <ErrorState
          error={query.error}
          {...(statusOf(query.error) === 404 ? { message: userNotFoundText } : {})}
        />
      </Page>
    );
  }
  const profile = query.data.pages[0]!.Profile;
  const comments = query.data.pages.flatMap((page) => page.Comments);
  return (
    <Page width="narrow">
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
    </Page>
  );
}
