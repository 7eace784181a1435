import { isPlainClick } from '../../../routing/plain-click.ts';
import { useModals } from '../../modals/modal-store.tsx';
import { useSession } from '../../session/session.ts';
import { Button, ButtonLink } from '../../../ui/Button.tsx';
import { CheckIcon, PlusIcon } from '../../../ui/icons.tsx';
import { useFollowTopic } from '../api.ts';

/**
 * Follow or unfollow a topic; followed topics rise in the member's For You feed. A visitor is
 * asked to log in or sign up first.
 */
export function FollowTopicButton({
  topic,
}: {
  topic: { ArtifactID: number; Slug: string; Title: string; FollowedByMe: boolean };
}) {
  const session = useSession();
  const { openModal } = useModals();
  const follow = useFollowTopic(topic);
  const isFollowed = topic.FollowedByMe;

  function handleClick() {
    if (!session.loggedIn) {
      openModal({ kind: 'loginSignup', page: 'signup', reason: 'Sign up to follow topics' });
      return;
    }
    follow.mutate(!isFollowed, { onError: (error) => window.alert(error.message) });
  }

  if (!session.loggedIn) {
    // The sign-up prompt with JavaScript; without it, a link to the sign-up page.
    return (
      <ButtonLink
        to="/signup"
        size="small"
        variant="primary"
        aria-label={`Follow ${topic.Title}`}
        onClick={(event) => {
          if (!isPlainClick(event)) return;
          event.preventDefault();
          handleClick();
        }}
      >
        <PlusIcon />
        Follow
      </ButtonLink>
    );
  }

  return (
    <Button
      size="small"
      variant={isFollowed ? 'secondary' : 'primary'}
      aria-label={`Follow ${topic.Title}`}
      aria-pressed={isFollowed}
      disabled={follow.isPending}
      onClick={handleClick}
    >
      {isFollowed ? <CheckIcon /> : <PlusIcon />}
      {isFollowed ? 'Following' : 'Follow'}
    </Button>
  );
}
