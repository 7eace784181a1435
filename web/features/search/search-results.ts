import type { SearchResult } from '../../../contract/search.ts';

/** SPEC.md §2: how each result type is labelled. */
export const resultTypeLabels: Record<SearchResult['ArtifactType'], string> = {
  convo: 'Question',
  pos: 'Position',
  arg: 'Argument',
  tag: 'Tag',
  person: 'Person',
  opinion: 'Opinion',
  topic: 'Topic',
};

/** SPEC.md §9: debounce 150 ms, at most 500 ms. */
export const searchDebounce = { waitMs: 150, maxWaitMs: 500 } as const;
