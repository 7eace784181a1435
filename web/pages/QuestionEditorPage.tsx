import { useLocation, useParams } from 'react-router';
import { appRoutes } from '../../contract/routes.ts';
import { useQuestion } from '../features/questions/api.ts';
import {
  QuestionForm,
  type EditorLocationState,
} from '../features/questions/staff/QuestionForm.tsx';
import { useSession } from '../features/session/session.ts';
import { ButtonLink } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { errorTexts } from '../ui/error-texts.ts';
import { Page } from '../ui/Page.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { pageTitle } from '../../contract/routes.ts';
import type { RouteHandle } from '../routing/route-handle.ts';

export const handle: RouteHandle = {
  head: ({ name, params }) => ({ title: pageTitle(name, params), noindex: true }),
};

/**
 * newQuestion, `/internal/admin/questions/new`, and editQuestion,
 * `/internal/admin/questions/edit/{slug}`: staff with CanCreateOpinions write a question, choose
 * its positions and upload its image (docs/decisions/048).
 */
export default function QuestionEditorPage() {
  const { slug } = useParams();
  const isEditing = slug !== undefined;
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
      width="narrow"
      title={isEditing ? 'Edit question' : 'New question'}
      actions={<ButtonLink to={appRoutes.questionAdmin}>All questions</ButtonLink>}
    >
      <Card>{isEditing ? <EditQuestion slug={slug} /> : <QuestionForm start={null} />}</Card>
    </Page>
  );
}

function EditQuestion({ slug }: { slug: string }) {
  const question = useQuestion(slug);
  const location = useLocation();
  const state = location.state as EditorLocationState;
  if (question.isPending) return <Spinner />;
  if (question.error) return <ErrorState error={question.error} hasHomeLink={false} />;
  const { Convo: convo, Positions: positions } = question.data;
  return (
    <QuestionForm
      key={convo.ID}
      initialImageError={state?.imageError ?? ''}
      start={{
        id: convo.ID,
        slug: convo.Slug,
        title: convo.Title,
        description: convo.Description,
        categoryID: convo.Category.ID,
        positions: positions.map((position) => ({
          opinionID: position.Opinion.ArtifactID,
          title: position.Opinion.Title,
        })),
        image: convo,
      }}
    />
  );
}
