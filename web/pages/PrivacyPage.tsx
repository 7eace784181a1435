import { articles } from '../features/articles/articles.ts';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { ArticleView } from './ArticleView.tsx';

/** privacy: the policy text, shared with /article/privacy. */
export default function PrivacyPage() {
  usePageTitle('privacy');
  return <ArticleView article={articles.privacy!} />;
}
