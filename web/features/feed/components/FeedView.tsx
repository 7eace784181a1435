import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { FeedCards, Opinion } from '../../../../contract/entities.ts';
import { useModals } from '../../modals/modal-store.tsx';
import { absoluteUrl } from '../../sharing/clipboard.ts';
import {
  OpinionSummaryCard,
  OpinionSummaryCardSkeleton,
} from '../../opinions/components/OpinionSummaryCard.tsx';
import { Button, ButtonLink } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { ErrorState } from '../../../ui/ErrorState.tsx';
import { DnaIcon, ArrowRightIcon } from '../../../ui/icons.tsx';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { buildFeedItems, type SidebarCardKind } from '../feed-items.ts';
import { useLoadMore } from '../hooks/use-load-more.ts';
import { HydrateInTurn } from '../../../routing/hydration.tsx';
import { LoadMoreButton } from './LoadMoreButton.tsx';
import styles from './FeedView.module.css';
import { LeftSidebar } from './LeftSidebar.tsx';
import { LatestActivityCard, StatsCard, TrendingCard } from './SidebarCards.tsx';

/** The end card's texts (docs/product/screens.md#feeds). */
export const endCardTexts = {
  title: "That's all we got! (for now)",
  text: "Can you believe it! You've voted on everything!",
} as const;

type FeedViewProps = {
  /** The feed's name in the Topics dropdown ('For You', a topic's title). */
  feedTitle: string;
  /** Shown above the feed (a topic's heading and intro). */
  header?: ReactNode;
  opinions: readonly Opinion[];
  cards: FeedCards | undefined;
  isPending: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  /**
   * The next page's own address ('?after={cursor}'): 'Load more' is a link to it, which the
   * server renders for a reader without JavaScript; with it, the next page is added below.
   */
  nextPageHref: string | undefined;
};

/**
 * The For You and topic feeds: left sidebar, the feed, and the right sidebar on wide screens.
 * Both layouts are rendered, and CSS shows one (from 1100 px the sidebar, below it the same cards
 * inside the feed): the server cannot know the reader's width, and the page must not change
 * once the app starts (docs/decisions/085).
 */
export function FeedView(props: FeedViewProps) {
  const { cards } = props;
  return (
    <div className={styles.layout}>
      <HydrateInTurn>
        <aside className={styles.left} aria-label="Feeds and contributors">
          <LeftSidebar
            currentTitle={props.feedTitle}
            contributors={cards?.TopCommenters}
            isLoading={props.isPending}
          />
        </aside>
      </HydrateInTurn>
      <div className={styles.feed}>
        {props.header}
        <DnaBanner />
        <FeedList {...props} />
      </div>
      <HydrateInTurn>
        <aside className={styles.right} aria-label="Stats, trending and latest activity">
          {cards ? (
            <>
              <StatsCard stats={cards.Stats} />
              {cards.TrendingOpinions.length > 0 ? (
                <TrendingCard trending={cards.TrendingOpinions} />
              ) : null}
              {cards.LatestActivity.length > 0 ? (
                <LatestActivityCard activity={cards.LatestActivity} />
              ) : null}
            </>
          ) : props.isPending ? (
            <>
              <Skeleton height={104} radius="16px" />
              <Skeleton height={420} radius="16px" />
            </>
          ) : null}
        </aside>
      </HydrateInTurn>
    </div>
  );
}

function FeedList(props: FeedViewProps) {
  const { opinions, cards, hasNextPage, isFetchingNextPage, fetchNextPage, nextPageHref } = props;
  const { loadMore, triggerRef } = useLoadMore({
    hasNextPage,
    isFetching: isFetchingNextPage,
    fetchNextPage,
    itemCount: opinions.length,
  });

  if (props.isPending) {
    return (
      <div className={styles.list} aria-busy="true">
        <Spinner />
        {[0, 1, 2, 3].map((index) => (
          <OpinionSummaryCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  if (props.error) return <ErrorState error={props.error} />;

  const endReached = !hasNextPage;
  const items = buildFeedItems(opinions, {
    cards,
    includeCards: true,
    endReached,
  });

  return (
    <>
      {opinions.length === 0 ? <Card className={styles.empty}>No opinions here yet.</Card> : null}
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.key} className={item.type === 'card' ? styles.inlineCard : undefined}>
            {item.type === 'opinion' ? (
              <HydrateInTurn>
                <OpinionSummaryCard opinion={item.opinion} />
              </HydrateInTurn>
            ) : cards ? (
              <HydrateInTurn>
                <FeedCard kind={item.card} cards={cards} />
              </HydrateInTurn>
            ) : null}
          </li>
        ))}
      </ul>
      {endReached ? (
        <EndCard />
      ) : (
        <div className={styles.loadMore}>
          <div ref={triggerRef} className={styles.trigger} aria-hidden="true" />
          {isFetchingNextPage ? (
            <Spinner />
          ) : (
            <LoadMoreButton nextPageHref={nextPageHref} onLoadMore={loadMore} />
          )}
        </div>
      )}
    </>
  );
}

function FeedCard({ kind, cards }: { kind: SidebarCardKind; cards: FeedCards }) {
  if (kind === 'stats') return <StatsCard stats={cards.Stats} />;
  if (kind === 'trending') return <TrendingCard trending={cards.TrendingOpinions} />;
  return <LatestActivityCard activity={cards.LatestActivity} />;
}

export function DnaBanner() {
  return (
    <Link className={styles.banner} to="/reports/my-opinion-dna">
      <DnaIcon className={styles.bannerIcon} />
      <span className={styles.bannerText}>
        <span className={styles.bannerTitle}>Discover your Opinion DNA</span>
        <span className={styles.bannerCaption}>
          See how your views map onto 48 elements of personality, values and thinking.
        </span>
      </span>
      <ArrowRightIcon />
    </Link>
  );
}

function EndCard() {
  const { openModal } = useModals();
  return (
    <Card className={styles.endCard}>
      <h2 className={styles.endTitle}>{endCardTexts.title}</h2>
      <p className={styles.endText}>{endCardTexts.text}</p>
      <div className={styles.endActions}>
        <ButtonLink to="/reports/my-opinion-dna" variant="primary">
          See your Opinion DNA
        </ButtonLink>
        <Button
          onClick={() =>
            openModal({
              kind: 'linkShare',
              url: absoluteUrl('/'),
              title: 'Stance',
              text: 'Vote on opinions, argue for and against, and see where people stand.',
            })
          }
        >
          Invite a friend
        </Button>
      </div>
    </Card>
  );
}
