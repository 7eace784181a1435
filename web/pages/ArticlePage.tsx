import { useParams } from 'react-router';
import { articles } from '../features/articles/articles.ts';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { ArticleView } from './ArticleView.tsx';
import NotFoundPage from './NotFoundPage.tsx';

/** article, `/article/{slug}`. */
export default function ArticlePage() {
  const { slug = '' } = useParams();
  const article = Object.hasOwn(articles, slug) ? articles[slug] : undefined;
  usePageTitle('article', article?.title);
  if (!article) return <NotFoundPage />;
  return <ArticleView article={article} />;
}
