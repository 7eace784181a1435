import type { ReactNode } from 'react';
import { MemberLink } from '../../people/components/MemberLink.tsx';
import { Link } from 'react-router';
import type { Opinion, VoteResults } from '../../../../contract/entities.ts';
import { LazyOpinionInsights } from '../../insights/components/LazyOpinionInsights.tsx';
import { useModals } from '../../modals/modal-store.tsx';
import { useSession } from '../../session/session.ts';
import { absoluteUrl, copyText } from '../../sharing/clipboard.ts';
import { TopicChips } from '../../topics/components/TopicChips.tsx';
import { HydrateInTurn } from '../../../routing/hydration.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { formatCount } from '../../../ui/format.ts';
import { CommentsIcon, ShareIcon, VotesIcon } from '../../../ui/icons.tsx';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { useSetOpinionDeleted } from '../api.ts';
import styles from './OpinionDetail.module.css';
import { OpinionVote } from './OpinionVote.tsx';

/** The confirmation before an opinion is deleted (docs/product/permissions.md#capabilities). */
export const deleteConfirmText = 'Delete opinion?';

/**
 * The opinion card of the opinion page, with the vote widget and the share panel; below it, the
 * opinion's insights (docs/decisions/053-insights-screens.md).
 */
export function OpinionDetail({
  opinion,
  results,
  afterCard,
}: {
  opinion: Opinion;
  results: VoteResults | null;
  /** Shown right below the card, above the insights (the "What changed your mind?" prompt). */
  afterCard?: ReactNode;
}) {
  const session = useSession();
  // Counted figures only: Stance does not count page views, so it shows none (decision 069).
  const figures = [
    {
      label: opinion.NumVotes === 1 ? 'vote' : 'votes',
      value: opinion.NumVotes,
      icon: <VotesIcon />,
    },
    {
      label: opinion.NumComments === 1 ? 'comment' : 'comments',
      value: opinion.NumComments,
      icon: <CommentsIcon />,
    },
    {
      label: opinion.NumShares === 1 ? 'share' : 'shares',
      value: opinion.NumShares,
      icon: <ShareIcon />,
    },
  ];
  return (
    <>
      <HydrateInTurn>
        <Card as="article" padding="none" className={styles.card}>
          <TopicChips topics={opinion.Topics} />
          <h1 className={styles.title}>{opinion.Title}</h1>
          {opinion.Deleted ? <span className={styles.deletedBadge}>Deleted</span> : null}
          {opinion.AuthorUsername ? (
            <p className={styles.byline}>
              Opinion by <MemberLink username={opinion.AuthorUsername} />
            </p>
          ) : null}
          <dl className={styles.stats}>
            {figures.map((figure) => (
              <div key={figure.label.split(' ')[0]!.replace(/s$/, '')} className={styles.stat}>
                {figure.icon}
                <dt>{figure.label}</dt>
                <dd>{formatCount(figure.value)}</dd>
              </div>
            ))}
          </dl>
          {opinion.Tidbit ? (
            <aside className={styles.tidbit} aria-label="Insight">
              <span className={styles.tidbitLabel}>Insight</span>
              <p>{opinion.Tidbit.Desc}</p>
            </aside>
          ) : null}
          {opinion.Deleted ? null : <OpinionVote opinion={opinion} results={results} />}
          <SharePanel opinion={opinion} />
          <ModerationActions opinion={opinion} />
          {session.canSeeDetailedOpinionReport ? (
            <Link className={styles.reportLink} to={`/o/${opinion.Slug}/report`}>
              Detailed opinion report
            </Link>
          ) : null}
        </Card>
      </HydrateInTurn>
      {afterCard}
      {opinion.Deleted ? null : (
        <LazyOpinionInsights opinionID={opinion.ArtifactID} rating={opinion.Rating} />
      )}
    </>
  );
}

/**
 * Edit for editors (CanDeleteContent, or the role contributor or admin) and for the author while
 * nobody else has voted; Delete and Restore for members who may delete content
 * (docs/product/permissions.md#capabilities).
 */
function ModerationActions({ opinion }: { opinion: Opinion }) {
  const session = useSession();
  const { openModal } = useModals();
  const setDeleted = useSetOpinionDeleted(opinion);
  const votesByOthers = opinion.NumVotes - (opinion.Rating > 0 ? 1 : 0);
  const isEditor = session.canDeleteContent || session.role !== '';
  const isAuthor = session.loggedIn && session.userID === opinion.UID;
  const canEdit =
    !opinion.Deleted &&
    (isEditor || (isAuthor && session.canCreateOpinions && votesByOthers === 0));
  if (!canEdit && !session.canDeleteContent) return null;

  function handleDelete(deleted: boolean) {
    if (deleted && !window.confirm(deleteConfirmText)) return;
    setDeleted.mutate(deleted, {
      onError: (error) => window.alert(error.message),
    });
  }

  return (
    <div className={styles.moderation}>
      {canEdit ? (
        <Button
          size="small"
          variant="ghost"
          onClick={() =>
            openModal({
              kind: 'opinion',
              opinion: { id: opinion.ArtifactID, title: opinion.Title, topics: opinion.Topics },
            })
          }
        >
          Edit opinion
        </Button>
      ) : null}
      {session.canDeleteContent ? (
        <Button
          size="small"
          variant={opinion.Deleted ? 'secondary' : 'danger'}
          disabled={setDeleted.isPending}
          onClick={() => handleDelete(!opinion.Deleted)}
        >
          {opinion.Deleted ? 'Restore opinion' : 'Delete opinion'}
        </Button>
      ) : null}
    </div>
  );
}

function SharePanel({ opinion }: { opinion: Opinion }) {
  const { openModal } = useModals();
  // The page's own address, read when the reader shares it (the server has no window).
  const url = () => absoluteUrl(`/o/${opinion.Slug}`);
  return (
    <div className={styles.share}>
      <p className={styles.shareText}>Know someone with a strong view on this?</p>
      <div className={styles.shareActions}>
        <Button size="small" onClick={() => void copyText(url())}>
          Copy link
        </Button>
        <Button
          size="small"
          variant="primary"
          onClick={() =>
            openModal({
              kind: 'linkShare',
              url: url(),
              title: opinion.Title,
              text: `What do you think? “${opinion.Title}” — vote on Stance.`,
            })
          }
        >
          <ShareIcon />
          Share
        </Button>
      </div>
    </div>
  );
}

export function OpinionDetailSkeleton() {
  return (
    <Card as="div" padding="none" className={styles.card} aria-hidden="true">
      <Skeleton width={180} height={26} radius="999px" />
      <Skeleton width="90%" height={40} />
      <Skeleton width="40%" height={20} />
      <Skeleton height={46} />
      <Skeleton height={84} />
      <Skeleton height={32} />
    </Card>
  );
}
