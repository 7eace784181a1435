import { articlePageHandle } from '../features/articles/article-head.ts';
import { articles } from '../features/articles/articles.ts';
import { ArticleView } from './ArticleView.tsx';

export const handle = articlePageHandle('termsOfService', articles.terms!);

/** termsOfService: the policy text, shared with /article/terms. */
export default function TermsPage() {
  return <ArticleView article={articles.terms!} />;
}
