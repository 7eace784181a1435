import { Link } from 'react-router';
import type { ConvoTuple } from '../../../../contract/questions.ts';
import { pluralize } from '../../../ui/format.ts';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import styles from './QuestionCard.module.css';
import { QuestionImage } from './QuestionImage.tsx';

/** How wide the card's image shows: the whole card on a phone, a column beside the text above. */
const imageSizes = '(max-width: 640px) calc(100vw - 66px), 240px';

/** A question in the question feed: image, category, title, description and counts. */
export function QuestionCard({ question, isFirst }: { question: ConvoTuple; isFirst: boolean }) {
  const hasImage = question.ImageSrc !== '';
  return (
    <article className={[styles.card, hasImage ? styles.withImage : ''].join(' ')}>
      {hasImage ? (
        <div className={styles.media}>
          <QuestionImage
            className={styles.image}
            image={question}
            sizes={imageSizes}
            isEager={isFirst}
          />
        </div>
      ) : null}
      <div className={styles.text}>
        <p className={styles.category}>{question.Category.Title}</p>
        <h2 className={styles.title}>
          <Link to={question.Link}>{question.Title}</Link>
        </h2>
        {question.Description ? <p className={styles.description}>{question.Description}</p> : null}
        <ul className={styles.stats}>
          <li>{pluralize(question.NumVotes, 'vote')}</li>
          <li>{pluralize(question.NumPositions, 'position')}</li>
          <li>{pluralize(question.NumArguments, 'argument')}</li>
        </ul>
      </div>
    </article>
  );
}

/** The card's shape while the feed loads. */
export function QuestionCardSkeleton() {
  return (
    <div className={[styles.card, styles.withImage].join(' ')} aria-hidden="true">
      <div className={styles.media}>
        <Skeleton height="100%" radius="10px" />
      </div>
      <div className={styles.text}>
        <Skeleton width={90} height={16} />
        <Skeleton width="80%" height={26} />
        <Skeleton height={18} />
        <Skeleton width="60%" height={18} />
      </div>
    </div>
  );
}
