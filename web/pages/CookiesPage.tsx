import { articles } from '../features/articles/articles.ts';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { ArticleView } from './ArticleView.tsx';

/** cookies: the policy text, shared with /article/cookies. */
export default function CookiesPage() {
  usePageTitle('cookies');
  return <ArticleView article={articles.cookies!} />;
}
