import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { allCategories } from '../../contract/questions.base.ts';
import type { Category } from '../../contract/questions.ts';
import { appRoutes, pageTitle, productName } from '../../contract/routes.ts';
import {
  questionFeedQuery,
  useQuestionFeed,
  type CategoryChoice,
} from '../features/questions/api.ts';
import { CategoryTabs } from '../features/questions/components/CategoryTabs.tsx';
import { FeedFooter } from '../features/questions/components/FeedFooter.tsx';
import {
  QuestionCard,
  QuestionCardSkeleton,
} from '../features/questions/components/QuestionCard.tsx';
import { categoryFromParam, collectUniqueItems } from '../features/questions/question-items.ts';
import { useSession } from '../features/session/session.ts';
import { ButtonLink } from '../ui/Button.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { Page } from '../ui/Page.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { nextPageHref, pageCursor } from '../routing/paging.ts';
import { routeInfiniteQuery, type RouteHandle } from '../routing/route-handle.ts';
import styles from './QuestionsPage.module.css';

export const handle: RouteHandle = {
  queries: ({ search }) => [
    routeInfiniteQuery(
      questionFeedQuery(categoryFromParam(search.get('category')), pageCursor(search)),
    ),
  ],
  head: ({ params }) => ({
    title: pageTitle('questionFeed', params),
    description:
      `The questions on ${productName}: each gathers the positions people take on it. ` +
      'Vote on them, and read the strongest arguments on every side.',
  }),
};

/**
 * questionFeed, `/questions`: the questions of one category tab (All first; the tab is the URL's
 * `?category=`), newest first, paged by Load more or the scroll trigger (without JavaScript, by
 * Load more's link to `?after=`).
 */
export default function QuestionsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const category = categoryFromParam(searchParams.get('category'));
  const feed = useQuestionFeed(category, pageCursor(searchParams));
  const session = useSession();

  // The tabs stay while another tab's first page loads.
  const loadedCategories = feed.data?.pages[0]?.Categories;
  const [categories, setCategories] = useState<readonly Category[]>([]);
  if (loadedCategories && loadedCategories !== categories) setCategories(loadedCategories);

  function handleCategoryChange(next: CategoryChoice) {
    setSearchParams(next === allCategories ? {} : { category: String(next) }, {
      replace: true,
      preventScrollReset: true,
    });
  }

  const questions = collectUniqueItems(feed.data?.pages ?? []);
  const categoryTitle = categories.find((item) => item.ID === category)?.Title;

  return (
    <Page
      title="Questions on Stance"
      intro="Each question gathers the positions people take on it: vote on them, and read the strongest arguments on every side."
      actions={
        session.canCreateOpinions ? (
          <div className={styles.staff}>
            <ButtonLink to={appRoutes.newQuestion} variant="primary">
              New question
            </ButtonLink>
            <ButtonLink to={appRoutes.questionAdmin}>Manage questions</ButtonLink>
          </div>
        ) : null
      }
    >
      <CategoryTabs categories={categories} current={category} onChange={handleCategoryChange}>
        {feed.isPending ? (
          <div className={styles.list} aria-busy="true">
            <Spinner />
            {[0, 1, 2].map((index) => (
              <QuestionCardSkeleton key={index} />
            ))}
          </div>
        ) : feed.error ? (
          <ErrorState error={feed.error} hasHomeLink={false} />
        ) : questions.length === 0 ? (
          <EmptyState
            title={categoryTitle ? `No questions in ${categoryTitle} yet` : 'No questions yet'}
          >
            Questions gather related opinions into one conversation.
          </EmptyState>
        ) : (
          <>
            <ul className={styles.list}>
              {questions.map((question, index) => (
                <li key={question.ID}>
                  <QuestionCard question={question} isFirst={index === 0} />
                </li>
              ))}
            </ul>
            <FeedFooter
              hasNextPage={feed.hasNextPage}
              isFetchingNextPage={feed.isFetchingNextPage}
              fetchNextPage={feed.fetchNextPage}
              itemCount={questions.length}
              endText="That's every question here (for now)."
              nextPageHref={nextPageHref(feed.data?.pages ?? [], searchParams)}
            />
          </>
        )}
      </CategoryTabs>
    </Page>
  );
}
