import { questionLink } from '../../../contract/questions.base.ts';
import type { SearchResult } from '../../../contract/search.ts';
import type { Db } from '../../db/database.ts';
import { argumentTitle, positionLink } from '../questions/questions.service.ts';
import * as searchRepository from './search.repository.ts';

type Ranked = SearchResult & { relevance: number };

const limits = {
  opinions: 8,
  topics: 4,
  people: 4,
  convos: 4,
  positions: 4,
  arguments: 4,
  all: 12,
} as const;

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
 * Questions, positions, arguments, opinions, topics and people matching the query by full-text
 * search or trigram similarity, ranked together by relevance (docs/decisions/016-search.md,
 * 047-questions-and-arguments.md). An opinion that a question gathers is found as its position
 * (on the question's page) rather than twice.
 */
export async function searchEverything(db: Db, query: string): Promise<SearchResult[]> {
  const ranked = await searchRepository.withSearchThreshold(db, async (trx) => {
    const convos = await searchRepository.searchConvos(trx, query, limits.convos);
    const positions = await searchRepository.searchPositions(trx, query, limits.positions);
    const argumentRows = await searchRepository.searchArguments(trx, query, limits.arguments);
    const opinions = await searchRepository.searchOpinions(trx, query, limits.opinions);
    const topics = await searchRepository.searchTopics(trx, query, limits.topics);
    const people = await searchRepository.searchPeople(trx, query, limits.people);
    const positionIds = new Set(positions.map((row) => row.id));
    return [
      ...convos.map((row): Ranked => ({
        ArtifactType: 'convo',
        ArtifactID: row.id,
        Link: questionLink(row.slug),
        Title: row.title,
        relevance: Number(row.relevance),
      })),
      ...positions.map((row): Ranked => ({
        ArtifactType: 'pos',
        ArtifactID: row.id,
        Link: positionLink(row.convoSlug, row.id),
        Title: row.title,
        relevance: Number(row.relevance),
      })),
      ...toOpinionResults(opinions.filter((row) => !positionIds.has(row.id))),
      ...argumentRows.map((row): Ranked => ({
        ArtifactType: 'arg',
        ArtifactID: row.id,
        Link: `/o/${row.opinionSlug}#comment-${row.id}`,
        Title: argumentTitle(row.bodyHtml),
        relevance: Number(row.relevance),
      })),
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
  // Array.prototype.sort is stable: equal relevance keeps the order above.
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
