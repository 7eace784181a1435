import { useParams } from 'react-router';
import { pageTitle } from '../../contract/routes.ts';
import { ApiError } from '../api/client.ts';
import { accountsConfigQuery } from '../features/accounts/api.ts';
import { articleHead } from '../features/articles/article-head.ts';
import { articles } from '../features/articles/articles.ts';
import { routeQuery, type RouteHandle } from '../routing/route-handle.ts';
import { ArticleView } from './ArticleView.tsx';
import NotFoundPage from './NotFoundPage.tsx';

function articleOf(slug: string | undefined) {
  return slug !== undefined && Object.hasOwn(articles, slug) ? articles[slug] : undefined;
}

export const handle: RouteHandle = {
  queries: ({ params }) => [
    routeQuery(accountsConfigQuery()),
    // An unknown article is the Not found page, with its status.
    ...(articleOf(params.slug)
      ? []
      : [() => Promise.reject(new ApiError(404, 'There is no such article'))]),
  ],
  head: ({ params }) => {
    const article = articleOf(params.slug);
    if (!article) return { title: pageTitle('notFound', params) };
    return articleHead('article', params, article);
  },
};

/** article, `/article/{slug}`. */
export default function ArticlePage() {
  const { slug } = useParams();
  const article = articleOf(slug);
  if (!article) return <NotFoundPage />;
  return <ArticleView article={article} />;
}
