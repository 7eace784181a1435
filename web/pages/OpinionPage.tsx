import { Link, useParams } from 'react-router';
import { statusOf } from '../api/client.ts';
import { CommentThread } from '../features/comments/components/CommentThread.tsx';
import { useOpinion } from '../features/opinions/api.ts';
import {
  OpinionDetail,
  OpinionDetailSkeleton,
} from '../features/opinions/components/OpinionDetail.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { ErrorState } from '../ui/ErrorState.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import styles from './OpinionPage.module.css';

/** opinion, `/o/{slug}`: the opinion card, vote widget, share panel and comment thread. */
export default function OpinionPage() {
  const { slug = '' } = useParams();
  const opinion = useOpinion(slug);
  const isMissing = statusOf(opinion.error) === 404;
  usePageTitle(
    isMissing ? 'notFound' : 'opinion',
    isMissing ? undefined : (opinion.data?.Opinion.Title ?? null),
  );

  return (
    <div className={styles.layout}>
      {opinion.isPending ? (
        <>
          <Spinner />
          <OpinionDetailSkeleton />
        </>
      ) : opinion.error ? (
        <ErrorState error={opinion.error} isPageHeading />
      ) : (
        <>
          <OpinionDetail opinion={opinion.data.Opinion} results={opinion.data.Results} />
          {opinion.data.Quiz ? (
            <p className={styles.quizNote}>
              This statement is part of the quiz{' '}
              <Link to={`/q/${opinion.data.Quiz.Slug}`}>{opinion.data.Quiz.Title}</Link>.
            </p>
          ) : null}
          <CommentThread
            threadID={String(opinion.data.Opinion.ArtifactID)}
            commentCount={opinion.data.Opinion.NumComments}
          />
        </>
      )}
    </div>
  );
}
