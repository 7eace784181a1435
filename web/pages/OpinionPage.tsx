import { Link, useParams } from 'react-router';
import { pageTitle } from '../../contract/routes.ts';
import { statusOf } from '../api/client.ts';
import { commentThreadQuery } from '../features/comments/api.ts';
import { CommentThread } from '../features/comments/components/CommentThread.tsx';
import { insightsQuery } from '../features/insights/api.ts';
import { opinionTrendQuery } from '../features/minds/api.ts';
import { OpinionMovement } from '../features/minds/components/Movement.tsx';
import { PersuasionPrompt } from '../features/minds/components/PersuasionPrompt.tsx';
import { opinionQuery, useOpinion } from '../features/opinions/api.ts';
import { opinionHead } from '../features/opinions/opinion-head.ts';
import {
  OpinionDetail,
  OpinionDetailSkeleton,
} from '../features/opinions/components/OpinionDetail.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { errorTexts } from '../ui/error-texts.ts';
import { QueryState } from '../ui/QueryState.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { HydrateInTurn } from '../routing/hydration.tsx';
import { type RouteHandle, type RouteQuery } from '../routing/route-handle.ts';
import styles from './OpinionPage.module.css';

/**
 * The opinion, then what its page shows of it on the first screen and just below: the comment
 * thread's first sort, the movement's chart and the insights (drawn by their own lazy chunk; its
 * data comes with the page, so the server's markup stays as it is until the chunk hydrates it).
 */
function opinionWithItsParts(slug: string): RouteQuery {
  return async (queryClient) => {
    const { Opinion } = await queryClient.fetchQuery(opinionQuery(slug));
    await Promise.all([
      queryClient.fetchQuery(commentThreadQuery(String(Opinion.ArtifactID), 'score')),
      queryClient.fetchQuery(opinionTrendQuery(Opinion.ArtifactID)),
      // A deleted opinion shows no insights.
      Opinion.Deleted
        ? null
        : queryClient.fetchQuery(insightsQuery(Opinion.ArtifactID, Opinion.Rating)),
    ]);
  };
}

export const handle: RouteHandle = {
  queries: ({ params }) => [opinionWithItsParts(params.slug ?? '')],
  head: ({ params, queryClient }) => {
    const query = queryClient.getQueryState(opinionQuery(params.slug ?? '').queryKey);
    const data = query?.data;
    if (data) return opinionHead(params, data.Opinion, data.Results);
    const status = statusOf(query?.error);
    if (status === 410) return { title: pageTitle('opinion', params, errorTexts.removed) };
    return { title: pageTitle(status === 404 ? 'notFound' : 'opinion', params) };
  },
  opinion: ({ params, queryClient }) => {
    const opinion = queryClient.getQueryData(opinionQuery(params.slug ?? '').queryKey)?.Opinion;
    return opinion
      ? { id: opinion.ArtifactID, topicIds: opinion.Topics.map((topic) => topic.ArtifactID) }
      : undefined;
  },
};

/** opinion, `/o/{slug}`: the opinion card, vote widget, share panel and comment thread. */
export default function OpinionPage() {
  const { slug = '' } = useParams();
  const opinion = useOpinion(slug);

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
                  <HydrateInTurn>
                    <OpinionMovement movement={data.Movement} opinionId={data.Opinion.ArtifactID} />
                  </HydrateInTurn>
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
