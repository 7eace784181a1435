import { articlePageHandle } from '../features/articles/article-head.ts';
import { articles } from '../features/articles/articles.ts';
import { ArticleView } from './ArticleView.tsx';

export const handle = articlePageHandle('cookies', articles.cookies!);

/** cookies: the policy text, shared with /article/cookies. */
export default function CookiesPage() {
  return <ArticleView article={articles.cookies!} />;
}
