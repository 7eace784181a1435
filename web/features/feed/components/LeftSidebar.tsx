import { Link } from 'react-router';
import type { Contributor } from '../../../../contract/entities.ts';
import { useModals } from '../../modals/modal-store.tsx';
import { useSession } from '../../session/session.ts';
import { Button } from '../../../ui/Button.tsx';
import { DnaIcon, PlusIcon } from '../../../ui/icons.tsx';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import styles from './LeftSidebar.module.css';
import { TopContributorsCard } from './SidebarCards.tsx';
import { TopicsMenu } from './TopicsMenu.tsx';

export function NewOpinionButton() {
  const session = useSession();
  const { openModal } = useModals();
  if (!session.canCreateOpinions) return null;
  return (
    <Button
      variant="primary"
      block
      onClick={() =>
        // A visitor opening a new opinion sees the vote prompt instead
        // (docs/product/behaviour.md#members-only-actions).
        openModal(session.loggedIn ? { kind: 'opinion' } : { kind: 'votePrompt' })
      }
    >
      <PlusIcon />
      New opinion
    </Button>
  );
}

export function LeftSidebar({
  currentTitle,
  contributors,
  isLoading,
}: {
  currentTitle: string;
  contributors: readonly Contributor[] | undefined;
  isLoading: boolean;
}) {
  return (
    <div className={styles.sidebar}>
      <nav className={styles.nav} aria-label="Feeds">
        <NewOpinionButton />
        <TopicsMenu currentTitle={currentTitle} />
        <Link className={styles.dnaLink} to="/reports/my-opinion-dna">
          <DnaIcon />
          Opinion DNA
        </Link>
      </nav>
      <div className={styles.contributors}>
        {contributors && contributors.length > 0 ? (
          <TopContributorsCard contributors={contributors} />
        ) : isLoading ? (
          <Skeleton height={320} radius="16px" />
        ) : null}
      </div>
    </div>
  );
}
