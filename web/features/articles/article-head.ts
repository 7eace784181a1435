import { pageTitle, type AppRouteName, type Head } from '../../../contract/routes.ts';
import { accountsConfigQuery } from '../accounts/api.ts';
import { routeQuery, type RouteHandle } from '../../routing/route-handle.ts';
import { shorten } from '../../ui/shorten.ts';
import type { Article } from './articles.ts';

/** An article's standfirst as plain text: its links' labels, its contact mark in words. */
function plainText(text: string): string {
  return text.replace(/\[([^\]]+)\]\((\/[^)\s]*)\)/g, '$1').replaceAll('{contact}', 'us');
}

/** An article's head: its title, and its standfirst as the description. */
export function articleHead(
  name: AppRouteName,
  params: Record<string, string>,
  article: Article,
): Head {
  return {
    title: pageTitle(name, params, name === 'article' ? article.title : undefined),
    description: shorten(plainText(article.standfirst), 200),
    type: 'article',
  };
}

/** A page showing one article: the contact address its text may name, then its head. */
export function articlePageHandle(name: AppRouteName, article: Article): RouteHandle {
  return {
    queries: () => [routeQuery(accountsConfigQuery())],
    head: ({ params }) => articleHead(name, params, article),
  };
}
