import type { SearchResult } from '../../../contract/search.ts';
import type { Db } from '../../db/database.ts';
import * as searchRepository from './search.repository.ts';

type Ranked = SearchResult & { relevance: number };

const limits = { opinions: 8, topics: 4, people: 4, all: 12 } as const;

function toOpinionResults(rows: Awaited<ReturnType<typeof searchRepository.searchOpinions>>) {
  return rows.map((row): Ranked => ({
    ArtifactType: 'opinion',
    ArtifactID: row.id,
    Link: `/o/${row.slug}`,
    Title: row.title,
    relevance: Number(row.relevance),
  }));
}

function toTopicResults(rows: Awaited<ReturnType<typeof searchRepository.searchTopics>>) {
  return rows.map((row): Ranked => ({
    ArtifactType: 'topic',
    ArtifactID: row.id,
    Link: `/t/${row.slug}`,
    Title: row.title,
    relevance: Number(row.relevance),
  }));
}

function withoutRelevance({ relevance: _relevance, ...result }: Ranked): SearchResult {
  return result;
}

/**
 * Opinions, topics and people matching the query by full-text search or trigram similarity,
 * ranked together by relevance (docs/decisions/016-search.md).
 */
export async function searchEverything(db: Db, query: string): Promise<SearchResult[]> {
  const ranked = await searchRepository.withSearchThreshold(db, async (trx) => {
    const opinions = await searchRepository.searchOpinions(trx, query, limits.opinions);
    const topics = await searchRepository.searchTopics(trx, query, limits.topics);
    const people = await searchRepository.searchPeople(trx, query, limits.people);
    return [
      ...toOpinionResults(opinions),
      ...toTopicResults(topics),
      ...people.map((row): Ranked => ({
        ArtifactType: 'person',
        ArtifactID: row.id,
        Link: `/u/${row.username}`,
        Title: row.username,
        relevance: Number(row.relevance),
      })),
    ];
  });
  // Array.prototype.sort is stable: equal relevance keeps opinions before topics before people.
  return ranked
    .sort((a, b) => b.relevance - a.relevance)
    .slice(0, limits.all)
    .map(withoutRelevance);
}

export async function searchOpinions(db: Db, query: string): Promise<SearchResult[]> {
  const rows = await searchRepository.withSearchThreshold(db, (trx) =>
    searchRepository.searchOpinions(trx, query, limits.all),
  );
  return toOpinionResults(rows).map(withoutRelevance);
}

export async function searchTopics(db: Db, query: string): Promise<SearchResult[]> {
  const rows = await searchRepository.withSearchThreshold(db, (trx) =>
    searchRepository.searchTopics(trx, query, limits.all),
  );
  return toTopicResults(rows).map(withoutRelevance);
}
