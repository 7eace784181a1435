import type { SearchResult } from '../../../contract/search.ts';
import type { Db } from '../../db/database.ts';
import * as searchRepository from './search.repository.ts';

/** Opinions, topics and people whose names contain the query, opinions first. */
export async function searchEverything(db: Db, query: string): Promise<SearchResult[]> {
  const [opinions, topics, people] = await Promise.all([
    searchRepository.searchOpinions(db, query, 8),
    searchRepository.searchTopics(db, query, 4),
    searchRepository.searchPeople(db, query, 4),
  ]);
  return [
    ...opinions.map((row) => ({
      ArtifactType: 'opinion' as const,
      ArtifactID: row.id,
      Link: `/o/${row.slug}`,
      Title: row.title,
    })),
    ...topics.map((row) => ({
      ArtifactType: 'topic' as const,
      ArtifactID: row.id,
      Link: `/t/${row.slug}`,
      Title: row.title,
    })),
    ...people.map((row) => ({
      ArtifactType: 'person' as const,
      ArtifactID: row.id,
      Link: `/u/${row.username}`,
      Title: row.username,
    })),
  ];
}
