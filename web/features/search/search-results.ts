import { appRoutes } from '../../../contract/routes.ts';
import type { SearchResult } from '../../../contract/search.ts';

/** How each result type is labelled (docs/product/screens.md#search-results). */
export const resultTypeLabels: Record<SearchResult['ArtifactType'], string> = {
  convo: 'Question',
  pos: 'Position',
  arg: 'Argument',
  tag: 'Tag',
  person: 'Person',
  opinion: 'Opinion',
  topic: 'Topic',
};

/** The results page's address for a query, from after a page's cursor when given. */
export function searchPagePath(query: string, after = ''): string {
  const params = new URLSearchParams({ q: query.trim() });
  if (after !== '') params.set('after', after);
  return `${appRoutes.search}?${params.toString()}`;
}
