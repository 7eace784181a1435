import { useId } from 'react';
import { Link } from 'react-router';
import type { ArgumentTuple, Position } from '../../../../contract/questions.ts';
import { OpinionVote } from '../../opinions/components/OpinionVote.tsx';
import { pluralize } from '../../../ui/format.ts';
import { ArgumentCard } from './ArgumentCard.tsx';
import styles from './PositionSection.module.css';

/**
 * One position of a question: its vote widget (results once the member has voted) and its
 * strongest arguments for and against, each linking to the comment in the position's thread.
 */
export function PositionSection({
  position,
  index,
  isLinked,
}: {
  position: Position;
  index: number;
  /** The URL's hash names this position (`#position-{id}`, a search result's link). */
  isLinked: boolean;
}) {
  const headingId = useId();
  const { Opinion: opinion } = position;
  const threadLink = `/o/${opinion.Slug}#comments`;
  const moreText =
    position.NumArguments > 0
      ? `All ${pluralize(position.NumArguments, 'argument')} on this position`
      : 'Write the first argument';
  return (
    <section
      id={positionAnchor(opinion.ArtifactID)}
      className={[styles.position, isLinked ? styles.linked : ''].join(' ')}
      aria-labelledby={headingId}
      tabIndex={-1}
    >
      <header className={styles.header}>
        <span className={styles.number} aria-hidden="true">
          {index + 1}
        </span>
        <h2 className={styles.title} id={headingId}>
          <Link to={`/o/${opinion.Slug}`}>{opinion.Title}</Link>
        </h2>
      </header>
      <OpinionVote opinion={opinion} results={position.Results} />
      <div className={styles.sides}>
        <ArgumentSide
          title="Strongest for"
          emptyText="No argument for it yet."
          items={position.For}
          threadLink={threadLink}
        />
        <ArgumentSide
          title="Strongest against"
          emptyText="No argument against it yet."
          items={position.Against}
          threadLink={threadLink}
        />
      </div>
      <p className={styles.more}>
        <Link to={threadLink} aria-label={`${moreText}: ${opinion.Title}`}>
          {moreText}
        </Link>
      </p>
    </section>
  );
}

/** The id of a position's section, which a search result's `#position-{id}` links to. */
export function positionAnchor(opinionId: number): string {
  return `position-${opinionId}`;
}

function ArgumentSide({
  title,
  emptyText,
  items,
  threadLink,
}: {
  title: string;
  emptyText: string;
  items: readonly ArgumentTuple[];
  threadLink: string;
}) {
  const headingId = useId();
  return (
    <div className={styles.side}>
      <h3 className={styles.sideTitle} id={headingId}>
        {title}
      </h3>
      {items.length === 0 ? (
        <p className={styles.none}>
          {emptyText} <Link to={threadLink}>Write one</Link>
        </p>
      ) : (
        <ol className={styles.arguments} aria-labelledby={headingId}>
          {items.map((argument) => (
            <li key={argument.ID}>
              <ArgumentCard argument={argument} variant="compact" />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
