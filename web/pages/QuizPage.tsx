import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { quizSlugOf } from '../../contract/reports.base.ts';
import { pageTitle, productName } from '../../contract/routes.ts';
import { statusOf } from '../api/client.ts';
import { LoginRequired } from '../features/accounts/components/LoginRequired.tsx';
import { accountsConfigQuery } from '../features/accounts/api.ts';
import { quizQuery, quizQueryKey, useQuiz, type QuizData } from '../features/quiz/api.ts';
import { currentUserQuery } from '../features/session/api.ts';
import { DemographicsGate } from '../features/quiz/components/DemographicsGate.tsx';
import { QuizCompletion } from '../features/quiz/components/QuizCompletion.tsx';
import { QuizProgressBar } from '../features/quiz/components/QuizProgressBar.tsx';
import { QuizStatement, statementElementId } from '../features/quiz/components/QuizStatement.tsx';
import { useQuizAnswers } from '../features/quiz/hooks/use-quiz-answers.ts';
import { focusAfterAnswer } from '../features/quiz/quiz-keys.ts';
import {
  firstUnansweredIndex,
  isQuizComplete,
  quizProgress,
  statementState,
  timeEstimateText,
} from '../features/quiz/quiz-progress.ts';
import { reportTitle } from '../features/quiz/report-title.ts';
import { pluralize } from '../ui/format.ts';
import { Button } from '../ui/Button.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { Page } from '../ui/Page.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { routeQuery, type RouteHandle, type RouteQuery } from '../routing/route-handle.ts';
import styles from './QuizPage.module.css';

/** The quiz itself, for a member: a visitor is asked to log in or sign up first. */
function memberQuiz(slug: string): RouteQuery {
  return async (queryClient) => {
    const user = await queryClient.ensureQueryData(currentUserQuery());
    if (user.Username !== '') await queryClient.fetchQuery(quizQuery(slug));
  };
}

export const handle: RouteHandle = {
  queries: ({ params }) => [
    routeQuery(accountsConfigQuery()),
    memberQuiz(quizSlugOf(params.slug ?? '')),
  ],
  head: ({ params, queryClient }) => {
    const query = queryClient.getQueryState(quizQuery(quizSlugOf(params.slug ?? '')).queryKey);
    if (statusOf(query?.error) === 404) return { title: pageTitle('notFound', params) };
    const quiz = query?.data?.Quiz;
    return {
      title: pageTitle('quiz', params, quiz?.Title),
      description: quiz?.Desc
        ? quiz.Desc
        : `A quiz on ${productName}: answer its statements by instinct, and get your own report, ` +
          'with how sure each score is and where it stands among the members.',
    };
  },
};

/** quiz, `/q/{slug}`: the gate, the statements, the progress and the completion screen. */
export default function QuizPage() {
  const { slug = '' } = useParams();
  return (
    <LoginRequired
      reason="Please log in or sign up to answer this quiz"
      startPage="signup"
      loading={<QuizSkeleton />}
    >
      <QuizScreen slug={quizSlugOf(slug)} />
    </LoginRequired>
  );
}

function QuizScreen({ slug }: { slug: string }) {
  const quiz = useQuiz(slug);
  const wasGated = useRef(false);

  return (
    <QueryState
      query={quiz}
      loading={<QuizSkeleton />}
      error={(error) => (
        <QuizError
          error={error}
          slug={slug}
          isRetrying={quiz.isFetching}
          onRetry={() => void quiz.refetch()}
        />
      )}
    >
      {(data) => {
        if (!data.MyDemographicsComplete) wasGated.current = true;
        return (
          <Page width="narrow" title={data.Quiz.Title} intro={data.Quiz.Desc}>
            <QuizFacts data={data} />
            {data.MyDemographicsComplete ? (
              <QuizQuestions data={data} slug={slug} focusFirstOnMount={wasGated.current} />
            ) : (
              <DemographicsGate slug={slug} gate={data.Gate} />
            )}
          </Page>
        );
      }}
    </QueryState>
  );
}

function QuizFacts({ data }: { data: QuizData }) {
  const fed = Object.keys(data.Percentages).map((name) => reportTitle(name));
  return (
    <ul className={styles.facts}>
      <li>Takes {timeEstimateText(data.Quiz.Slug, data.Quiz.EstimatedMinutes)}</li>
      <li>{pluralize(data.Opinions.length, 'statement')}</li>
      {fed.length > 0 ? <li>Feeds {listOf(fed)}</li> : null}
    </ul>
  );
}

function listOf(names: readonly string[]): string {
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

function QuizQuestions({
  data,
  slug,
  focusFirstOnMount,
}: {
  data: QuizData;
  slug: string;
  /** Just past the gate: the first unanswered statement takes the focus, ready for the keys. */
  focusFirstOnMount: boolean;
}) {
  const queryClient = useQueryClient();
  const { answers, answer } = useQuizAnswers(slug);
  const opinions = data.Opinions;
  const states = opinions.map((opinion) =>
    statementState(opinion.Rating, answers.get(opinion.ArtifactID)),
  );
  const progress = quizProgress(states);
  const isComplete = isQuizComplete(states);
  const firstUnanswered = firstUnansweredIndex(states);

  const elements = useRef<(HTMLElement | null)[]>([]);
  const completionHeading = useRef<HTMLHeadingElement>(null);
  const isCompletionAwaited = useRef(false);
  // The handlers read the latest state through refs, so that the statements need not re-render.
  const latest = useRef({ opinions, states });
  latest.current = { opinions, states };

  const registerElement = useCallback((index: number, element: HTMLElement | null) => {
    elements.current[index] = element;
  }, []);

  const handleAnswer = useCallback(
    (index: number, rating: number, isFromKey: boolean) => {
      const { opinions: current, states: before } = latest.current;
      answer(current[index]!, rating);
      if (!isFromKey) return;
      const next = focusAfterAnswer(before, index);
      if (next === 'completion') isCompletionAwaited.current = true;
      else elements.current[next]?.focus();
    },
    [answer],
  );

  useEffect(() => {
    if (!focusFirstOnMount) return;
    elements.current[firstUnansweredIndex(latest.current.states) ?? 0]?.focus();
  }, [focusFirstOnMount]);

  const hasAnsweredHere = answers.size > 0;
  const isRefreshing = useIsFetching({ queryKey: quizQueryKey(slug) }) > 0;
  useEffect(() => {
    if (!isComplete) return;
    // Percentages were those of the last load: the answers just given change them.
    if (hasAnsweredHere) void queryClient.invalidateQueries({ queryKey: quizQueryKey(slug) });
    if (isCompletionAwaited.current) {
      isCompletionAwaited.current = false;
      completionHeading.current?.focus();
    }
  }, [isComplete, hasAnsweredHere, queryClient, slug]);

  if (opinions.length === 0) {
    return (
      <EmptyState title="This quiz has no statements yet">
        Its statements are being prepared. Your other quizzes are on the{' '}
        <Link to="/go/opinion-dna">Opinion DNA page</Link>.
      </EmptyState>
    );
  }
  const firstUnansweredOpinion = firstUnanswered === null ? null : opinions[firstUnanswered]!;
  return (
    <>
      {isComplete ? (
        <QuizCompletion
          percentages={data.Percentages}
          isRefreshing={isRefreshing}
          headingRef={completionHeading}
        />
      ) : null}
      <QuizProgressBar
        progress={progress}
        firstUnansweredId={
          firstUnansweredOpinion ? statementElementId(firstUnansweredOpinion) : null
        }
        onJump={() => {
          if (firstUnanswered !== null) elements.current[firstUnanswered]?.focus();
        }}
      />
      <p className={styles.hint}>
        Answer by instinct. Keyboard: press <kbd>1</kbd> (Strongly Agree) to <kbd>5</kbd> (Strongly
        Disagree) on a statement, and the next unanswered one comes up. Each answer is saved as you
        give it.
      </p>
      <ol className={styles.statements} aria-label="Statements">
        {opinions.map((opinion, index) => (
          <QuizStatement
            key={opinion.ArtifactID}
            opinion={opinion}
            index={index}
            total={opinions.length}
            state={states[index]!}
            onAnswer={handleAnswer}
            registerElement={registerElement}
          />
        ))}
      </ol>
      {isComplete ? null : (
        <p className={styles.footer}>
          Your answers are saved as you go: you can leave and come back at any time. Your results
          are in <Link to="/reports/my-opinion-dna">My Opinion DNA</Link>.
        </p>
      )}
    </>
  );
}

/** The page's frame while the quiz loads, at the sizes of what replaces it. */
function QuizSkeleton() {
  return (
    <Page width="narrow">
      <h1 className="visually-hidden">Loading the quiz</h1>
      <div className={styles.skeleton} aria-hidden="true">
        <div className={styles.skeletonHeader}>
          <Skeleton width="70%" height={45} />
          <Skeleton width="100%" height={88} />
          <Skeleton width="60%" height={21} />
        </div>
        <Skeleton height={64} radius="16px" />
        <Skeleton height={44} />
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} height={196} radius="16px" />
        ))}
      </div>
    </Page>
  );
}

function QuizError({
  error,
  slug,
  isRetrying,
  onRetry,
}: {
  error: unknown;
  slug: string;
  isRetrying: boolean;
  onRetry: () => void;
}) {
  const status = statusOf(error);
  if (status === 404) {
    return (
      <Page width="narrow">
        <ErrorState message={`There is no quiz called “${slug}”.`}>
          <p>
            Check the link, or choose a quiz on the{' '}
            <Link to="/go/opinion-dna">Opinion DNA page</Link>.
          </p>
        </ErrorState>
      </Page>
    );
  }
  if (status === 403 || status === 410) {
    return (
      <Page width="narrow">
        <ErrorState error={error} />
      </Page>
    );
  }
  return (
    <Page width="narrow">
      <ErrorState message="The quiz could not be loaded" hasHomeLink={false}>
        <p>
          {status === 0 || status === undefined
            ? 'Stance could not be reached. Check your connection and try again.'
            : 'Something went wrong on our side. Please try again.'}
        </p>
        <div className={styles.retry}>
          <Button variant="primary" onClick={onRetry} disabled={isRetrying}>
            {isRetrying ? 'Trying again…' : 'Try again'}
          </Button>
        </div>
      </ErrorState>
    </Page>
  );
}
