import { articles } from '../features/articles/articles.ts';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { ArticleView } from './ArticleView.tsx';

/** termsOfService: the policy text, shared with /article/terms. */
export default function TermsPage() {
  usePageTitle('termsOfService');
  return <ArticleView article={articles.terms!} />;
}
