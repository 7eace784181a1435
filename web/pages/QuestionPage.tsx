import { useEffect, useSyncExternalStore } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { appRoutes, pageTitle } from '../../contract/routes.ts';
import { statusOf } from '../api/client.ts';
import { questionQuery, useQuestion } from '../features/questions/api.ts';
import { questionHead } from '../features/questions/question-head.ts';
import {
  PositionSection,
  positionAnchor,
} from '../features/questions/components/PositionSection.tsx';
import { QuestionImage } from '../features/questions/components/QuestionImage.tsx';
import { useSession } from '../features/session/session.ts';
import { ButtonLink } from '../ui/Button.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { pluralize } from '../ui/format.ts';
import { QueryState } from '../ui/QueryState.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { routeQuery, type RouteHandle } from '../routing/route-handle.ts';
import styles from './QuestionPage.module.css';

export const handle: RouteHandle = {
  queries: ({ params }) => [routeQuery(questionQuery(params.slug ?? ''))],
  head: ({ params, queryClient }) => {
    const query = queryClient.getQueryState(questionQuery(params.slug ?? '').queryKey);
    if (query?.data) return questionHead(query.data.Convo, query.data.Positions.length);
    const isMissing = statusOf(query?.error) === 404;
    return { title: pageTitle(isMissing ? 'notFound' : 'question', params) };
  },
};

const noChange = () => () => {};

/** The question's image at most this wide: the page's column, or the phone's width. */
const imageSizes = '(max-width: 860px) calc(100vw - 32px), 820px';

/**
 * question, `/question/{slug}`: the question's image, title and description, then each position
 * with its vote widget and its strongest arguments for and against (docs/decisions/048).
 */
export default function QuestionPage() {
  const { slug = '' } = useParams();
  const question = useQuestion(slug);
  const session = useSession();
  const location = useLocation();
  // The server never sees the address's #fragment: the page hydrates without it, then marks it.
  const hash = useSyncExternalStore(
    noChange,
    () => location.hash,
    () => '',
  );
  const hasPositions = question.data !== undefined;

  // A search result links to one position (`#position-{id}`): once the page has drawn it, scroll
  // to it and give it the focus, so that a screen reader starts there too.
  useEffect(() => {
    if (!hasPositions || !hash.startsWith('#position-')) return;
    const target = document.getElementById(hash.slice(1));
    target?.scrollIntoView({ block: 'start' });
    target?.focus({ preventScroll: true });
  }, [hash, hasPositions]);

  return (
    <div className={styles.layout}>
      <QueryState
        query={question}
        loading={
          <div className={styles.loading} aria-busy="true">
            <Spinner />
            <Skeleton height={40} width="70%" />
            <Skeleton height={22} />
            <Skeleton height={320} radius="16px" />
          </div>
        }
        error={(error) => <ErrorState error={error} isPageHeading />}
      >
        {({ Convo: convo, Positions: positions }) => (
          <>
            <header className={styles.header}>
              <p className={styles.crumbs}>
                <Link to={appRoutes.questionFeed}>Questions</Link>
                <span aria-hidden="true"> › </span>
                <Link to={`${appRoutes.questionFeed}?category=${convo.Category.ID}`}>
                  {convo.Category.Title}
                </Link>
              </p>
              <h1 className={styles.title}>{convo.Title}</h1>
              {convo.ImageSrc ? (
                <div className={styles.media}>
                  <QuestionImage
                    className={styles.image}
                    image={convo}
                    sizes={imageSizes}
                    isEager
                  />
                </div>
              ) : null}
              {convo.Description ? <p className={styles.description}>{convo.Description}</p> : null}
              <p className={styles.stats}>
                {pluralize(convo.NumVotes, 'vote')} · {pluralize(positions.length, 'position')} ·{' '}
                {pluralize(convo.NumArguments, 'argument')}
              </p>
              {session.canCreateOpinions ? (
                <ButtonLink
                  className={styles.edit}
                  size="small"
                  to={appRoutes.editQuestion.replace(':slug', convo.Slug)}
                >
                  Edit question
                </ButtonLink>
              ) : null}
            </header>
            <p className={styles.lead}>Where do you stand on each position?</p>
            <ol className={styles.positions} aria-label="Positions">
              {positions.map((position, index) => (
                <li key={position.Opinion.ArtifactID}>
                  <PositionSection
                    position={position}
                    index={index}
                    isLinked={hash === `#${positionAnchor(position.Opinion.ArtifactID)}`}
                  />
                </li>
              ))}
            </ol>
          </>
        )}
      </QueryState>
    </div>
  );
}
