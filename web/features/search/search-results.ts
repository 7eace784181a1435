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
