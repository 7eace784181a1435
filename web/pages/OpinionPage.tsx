import { Link, useParams } from 'react-router';
import { statusOf } from '../api/client.ts';
import { CommentThread } from '../features/comments/components/CommentThread.tsx';
import { OpinionMovement } from '../features/minds/components/Movement.tsx';
import { PersuasionPrompt } from '../features/minds/components/PersuasionPrompt.tsx';
import { opinionQuery, useOpinion } from '../features/opinions/api.ts';
import {
  OpinionDetail,
  OpinionDetailSkeleton,
} from '../features/opinions/components/OpinionDetail.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { ErrorState } from '../ui/ErrorState.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import type { RouteHandle } from '../routing/route-handle.ts';
import styles from './OpinionPage.module.css';

export const handle: RouteHandle = {
  queries: ({ params }) => [opinionQuery(params.slug ?? '')],
};

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
      <QueryState
        query={opinion}
        loading={
          <>
            <Spinner />
            <OpinionDetailSkeleton />
          </>
        }
        error={(error) => <ErrorState error={error} isPageHeading />}
      >
        {(data) => (
          <>
            <OpinionDetail
              opinion={data.Opinion}
              results={data.Results}
              afterCard={
                <>
                  <PersuasionPrompt opinionId={data.Opinion.ArtifactID} />
                  <OpinionMovement movement={data.Movement} opinionId={data.Opinion.ArtifactID} />
                </>
              }
            />
            {data.Quiz ? (
              <p className={styles.quizNote}>
                This statement is part of the quiz{' '}
                <Link to={`/q/${data.Quiz.Slug}`}>{data.Quiz.Title}</Link>.
              </p>
            ) : null}
            <CommentThread
              threadID={String(data.Opinion.ArtifactID)}
              commentCount={data.Opinion.NumComments}
            />
          </>
        )}
      </QueryState>
    </div>
  );
}
