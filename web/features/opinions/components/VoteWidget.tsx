import { useEffect, useRef, useState } from 'react';
import type { VoteResults } from '../../../../contract/entities.ts';
import { formatPercent } from '../../../../contract/numbers.base.ts';
import { useModals } from '../../modals/modal-store.tsx';
import { useSession } from '../../session/session.ts';
import { toResultBars, voteLabel, voteScale } from '../vote-scale.ts';
import styles from './VoteWidget.module.css';

/**
 * Where a visitor's vote goes without JavaScript: the sign-up page, as the sign-up prompt the
 * buttons open with it.
 */
export const visitorVoteHref = '/signup';

/** How long the chosen button animates before the results show (docs/product/constants.md). */
export const voteAnimationMs = 700;

/** Spelled as in the product (docs/product/errors.md#alerts). */
export const voteFailureText = 'An error occured when submitting your vote';

type VoteWidgetProps = {
  title: string;
  /** The current user's vote, 0 when none. */
  rating: number;
  results: VoteResults | null;
  /** Casts the vote; resolves once the server has recorded it, rejects when it could not. */
  onVote: (rating: number) => Promise<unknown>;
  /** 'compact' in feed cards: shorter buttons, kept in one row on narrow screens. */
  size?: 'regular' | 'compact';
};

/**
 * Five buttons while unvoted; once results exist, the result bars with 'Update your vote', which
 * returns to the buttons (docs/product/behaviour.md#vote-widget). The chosen button animates for
 * 700 ms; the results show when both the animation and the vote are done. An anonymous vote
 * attempt opens signup and casts nothing; a failed vote alerts and leaves the buttons.
 */
export function VoteWidget({ title, rating, results, onVote, size = 'regular' }: VoteWidgetProps) {
  const session = useSession();
  const { openModal } = useModals();
  const [isChoosing, setIsChoosing] = useState(false);
  const [animatingRating, setAnimatingRating] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const isMounted = useRef(true);
  const updateButtonRef = useRef<HTMLButtonElement>(null);
  const buttonsRef = useRef<HTMLDivElement>(null);
  const focusAfterRender = useRef<'update' | 'buttons' | null>(null);

  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);

  const visibleResults = isChoosing || animatingRating !== 0 ? null : results;
  const showsResults = visibleResults !== null;

  useEffect(() => {
    // Keyboard users keep their place: the control that replaced the one they used gets focus.
    if (focusAfterRender.current === 'update' && showsResults) {
      updateButtonRef.current?.focus();
    } else if (focusAfterRender.current === 'buttons' && !showsResults) {
      const pressed = buttonsRef.current?.querySelector<HTMLButtonElement>('[aria-pressed="true"]');
      (pressed ?? buttonsRef.current?.querySelector<HTMLButtonElement>('button'))?.focus();
    } else {
      return;
    }
    focusAfterRender.current = null;
  }, [showsResults]);

  async function handleVote(value: number) {
    if (animatingRating !== 0) return;
    if (!session.loggedIn) {
      openModal({ kind: 'loginSignup', page: 'signup', reason: 'Sign up to vote' });
      return;
    }
    setAnimatingRating(value);
    setAnnouncement('');
    const animation = new Promise((resolve) => setTimeout(resolve, voteAnimationMs));
    const [vote] = await Promise.allSettled([onVote(value), animation]);
    if (!isMounted.current) return;
    setAnimatingRating(0);
    if (vote.status === 'rejected') {
      window.alert(voteFailureText);
      return;
    }
    focusAfterRender.current = 'update';
    setIsChoosing(false);
    setAnnouncement(`Your vote, ${voteLabel(value)}, is recorded.`);
  }

  function handleUpdateVote() {
    focusAfterRender.current = 'buttons';
    setIsChoosing(true);
    setAnnouncement('');
  }

  return (
    <div className={[styles.widget, size === 'compact' ? styles.compact : ''].join(' ')}>
      {visibleResults ? (
        <>
          <div className={styles.resultsHeader}>
            <p className={styles.question}>
              {rating > 0 ? (
                <>
                  You voted <strong className={styles.yourVote}>{voteLabel(rating)}</strong>
                </>
              ) : (
                'How people voted'
              )}
            </p>
            <button
              ref={updateButtonRef}
              type="button"
              className={styles.update}
              onClick={handleUpdateVote}
            >
              Update your vote
            </button>
          </div>
          <ResultBars percentages={visibleResults.Percentages} rating={rating} />
        </>
      ) : (
        <>
          <p className={styles.question}>
            {rating > 0 ? 'Change your vote' : 'Where do you stand?'}
          </p>
          <div
            ref={buttonsRef}
            className={styles.buttons}
            role="group"
            aria-label={`Your vote on “${title}”`}
            aria-busy={animatingRating !== 0}
          >
            {voteScale.map((step) =>
              session.loggedIn ? (
                <button
                  key={step.value}
                  type="button"
                  className={[
                    styles.vote,
                    animatingRating === step.value ? styles.animating : '',
                  ].join(' ')}
                  aria-pressed={(animatingRating || rating) === step.value}
                  onClick={() => void handleVote(step.value)}
                >
                  <span className={styles.dot} aria-hidden="true" />
                  {step.label}
                </button>
              ) : (
                // A visitor's vote asks them to sign up: the prompt with JavaScript, the sign-up
                // page without it (a real link, as the server sends it).
                <a
                  key={step.value}
                  href={visitorVoteHref}
                  role="button"
                  className={styles.vote}
                  aria-pressed={false}
                  onClick={(event) => {
                    event.preventDefault();
                    void handleVote(step.value);
                  }}
                  onKeyDown={(event) => {
                    if (event.key !== ' ') return;
                    event.preventDefault();
                    void handleVote(step.value);
                  }}
                >
                  <span className={styles.dot} aria-hidden="true" />
                  {step.label}
                </a>
              ),
            )}
          </div>
        </>
      )}
      <span className="visually-hidden" role="status">
        {announcement}
      </span>
    </div>
  );
}

export function ResultBars({
  percentages,
  rating,
}: {
  percentages: readonly number[];
  rating: number;
}) {
  const bars = toResultBars(percentages);
  return (
    <ul className={styles.bars} aria-label="How people voted">
      {bars.map((bar) => (
        <li
          key={bar.value}
          className={[
            styles.bar,
            bar.isEmpty ? styles.empty : '',
            bar.value === rating ? styles.mine : '',
          ].join(' ')}
        >
          <span className={styles.barLabel}>{bar.label}</span>
          <span className={styles.track} aria-hidden="true">
            <span className={styles.fill} style={{ width: `${bar.percent}%` }} />
          </span>
          <span className={styles.percent}>{formatPercent(bar.percent)}</span>
        </li>
      ))}
    </ul>
  );
}
