import { Link } from 'react-router';
import { allCategories } from '../../contract/questions.base.ts';
import { appRoutes } from '../../contract/routes.ts';
import { useQuestionFeed } from '../features/questions/api.ts';
import { FeedFooter } from '../features/questions/components/FeedFooter.tsx';
import { collectUniqueItems } from '../features/questions/question-items.ts';
import { CategoryManager } from '../features/questions/staff/CategoryManager.tsx';
import staffStyles from '../features/questions/staff/QuestionAdmin.module.css';
import { useSession } from '../features/session/session.ts';
import { ButtonLink } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { errorTexts } from '../ui/error-texts.ts';
import { pluralize } from '../ui/format.ts';
import { Page } from '../ui/Page.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { privateHead } from '../features/session/member-route.ts';
import type { RouteHandle } from '../routing/route-handle.ts';

export const handle: RouteHandle = { head: privateHead('questionAdmin') };

/**
 * questionAdmin, `/internal/admin/questions`: staff with CanCreateOpinions manage the categories
 * and reach every question's edit page (docs/decisions/048).
 */
export default function QuestionAdminPage() {
  const session = useSession();
  if (session.loading) return <Spinner isCentered />;
  if (!session.canCreateOpinions) {
    return (
      <Page width="narrow">
        <ErrorState message={errorTexts.accessDenied} />
      </Page>
    );
  }
  return (
    <Page
      title="Questions and categories"
      intro="Questions gather existing opinions as their positions, grouped by category."
      actions={
        <ButtonLink to={appRoutes.newQuestion} variant="primary">
          New question
        </ButtonLink>
      }
    >
      <CategoryManager />
      <QuestionList />
    </Page>
  );
}

function QuestionList() {
  const feed = useQuestionFeed(allCategories);
  const questions = collectUniqueItems(feed.data?.pages ?? []);
  return (
    <Card heading="Questions">
      {feed.isPending ? (
        <Spinner />
      ) : feed.error ? (
        <ErrorState error={feed.error} hasHomeLink={false} />
      ) : questions.length === 0 ? (
        <p>No question yet.</p>
      ) : (
        <>
          <ul className={staffStyles.rows}>
            {questions.map((question) => (
              <li key={question.ID} className={staffStyles.row}>
                <span className={staffStyles.rowTitle}>
                  <Link to={question.Link}>{question.Title}</Link>{' '}
                  <span className={staffStyles.count}>
                    {question.Category.Title} · {pluralize(question.NumPositions, 'position')}
                    {question.ImageSrc ? '' : ' · no image'}
                  </span>
                </span>
                <ButtonLink
                  size="small"
                  to={appRoutes.editQuestion.replace(':slug', question.Slug)}
                  aria-label={`Edit ${question.Title}`}
                >
                  Edit
                </ButtonLink>
              </li>
            ))}
          </ul>
          <FeedFooter
            hasNextPage={feed.hasNextPage}
            isFetchingNextPage={feed.isFetchingNextPage}
            fetchNextPage={feed.fetchNextPage}
            itemCount={questions.length}
            endText="That's every question."
          />
        </>
      )}
    </Card>
  );
}
