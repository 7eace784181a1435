import { articlePageHandle } from '../features/articles/article-head.ts';
import { articles } from '../features/articles/articles.ts';
import { ArticleView } from './ArticleView.tsx';

export const handle = articlePageHandle('privacy', articles.privacy!);

/** privacy: the policy text, shared with /article/privacy. */
export default function PrivacyPage() {
  return <ArticleView article={articles.privacy!} />;
}
