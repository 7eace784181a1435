import { useParams } from 'react-router';
import { quizSlugOf } from '../features/quiz/quiz-slug.ts';
import { LoginRequired } from '../features/accounts/components/LoginRequired.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { ButtonLink } from '../ui/Button.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { Page } from '../ui/Page.tsx';

/** quiz, `/q/{slug}`: requires login; the quizzes issue brings the questions. */
export default function QuizPage() {
  const { slug = '' } = useParams();
  usePageTitle('quiz');
  const quizSlug = quizSlugOf(slug);
  return (
    <LoginRequired reason="Please log in or sign up to answer this quiz" startPage="signup">
      <Page width="narrow" title="Quiz">
        <EmptyState
          title="This quiz is not open yet"
          actions={
            <ButtonLink to="/reports/my-opinion-dna">See the Opinion DNA reports</ButtonLink>
          }
        >
          The quiz “{quizSlug}” will be available here soon. Your answers will feed your Opinion
          DNA.
        </EmptyState>
      </Page>
    </LoginRequired>
  );
}
