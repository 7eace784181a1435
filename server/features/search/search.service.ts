import { questionLink } from '../../../contract/questions.base.ts';
import { searchPageSize, searchResultsLimit } from '../../../contract/search.base.ts';
import type { SearchResult } from '../../../contract/search.ts';
import { z } from 'zod';
import { decodeCursor, encodeCursor } from '../../cursor.ts';
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

type KindLimits = Record<
  'convos' | 'positions' | 'arguments' | 'opinions' | 'topics' | 'people',
  number
>;

/**
 * Each kind's best matches, at most its limit, in one list in a fixed order of kinds (questions,
 * positions, opinions, arguments, topics, people), each kind in its own order of relevance.
 * `withoutPositions` leaves the opinions a question gathers to the positions in SQL; otherwise they
 * are left out of the opinions found here when found as positions.
 */
async function findEachKind(
  trx: Db,
  query: string,
  kindLimits: KindLimits,
  { withoutPositions }: { withoutPositions: boolean },
): Promise<Ranked[]> {
  const convos = await searchRepository.searchConvos(trx, query, kindLimits.convos);
  const positions = await searchRepository.searchPositions(trx, query, kindLimits.positions);
  const argumentRows = await searchRepository.searchArguments(trx, query, kindLimits.arguments);
  const opinions = await searchRepository.searchOpinions(trx, query, kindLimits.opinions, {
    withoutPositions,
  });
  const topics = await searchRepository.searchTopics(trx, query, kindLimits.topics);
  const people = await searchRepository.searchPeople(trx, query, kindLimits.people);
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
}

/** Most relevant first; Array.prototype.sort is stable, so equal relevance keeps the kinds' order. */
function byRelevance(results: Ranked[]): Ranked[] {
  return results.sort((a, b) => b.relevance - a.relevance);
}

/**
 * Questions, positions, arguments, opinions, topics and people matching the query by full-text
 * search or trigram similarity, ranked together by relevance (docs/decisions/016-search.md,
 * 047-questions-and-arguments.md): the search box's suggestions, a few of each kind. An opinion
 * that a question gathers is found as its position (on the question's page) rather than twice.
 */
export async function searchEverything(db: Db, query: string): Promise<SearchResult[]> {
  const ranked = await searchRepository.withSearchThreshold(db, (trx) =>
    findEachKind(trx, query, limits, { withoutPositions: false }),
  );
  return byRelevance(ranked).slice(0, limits.all).map(withoutRelevance);
}

/** Where a page of the results page starts: the number of results before it. */
const resultsCursor = z.object({ n: z.number().int().min(0).max(searchResultsLimit) }).strict();

/**
 * A page of the search results page: every kind ranked together by relevance, `searchPageSize`
 * at a time, down to the best `searchResultsLimit` (docs/decisions/081-search-page-and-sitemap.md).
 * The first n + pageSize + 1 results of the merged ranking lie within the first n + pageSize + 1
 * of each kind, so asking each kind for that many and merging gives exactly the page, and one
 * more to tell whether another follows.
 */
export async function searchResultsPage(
  db: Db,
  query: string,
  after: string | undefined,
): Promise<{ Results: SearchResult[]; EndReached: boolean; After: string }> {
  const start = after ? decodeCursor(after, resultsCursor).n : 0;
  const end = Math.min(start + searchPageSize, searchResultsLimit);
  const wanted = end + 1;
  const ranked = await searchRepository.withSearchThreshold(db, (trx) =>
    findEachKind(
      trx,
      query,
      {
        convos: wanted,
        positions: wanted,
        arguments: wanted,
        opinions: wanted,
        topics: wanted,
        people: wanted,
      },
      { withoutPositions: true },
    ),
  );
  const merged = byRelevance(ranked);
  const isEndReached = merged.length <= end || end >= searchResultsLimit;
  return {
    Results: merged.slice(start, end).map(withoutRelevance),
    EndReached: isEndReached,
    After: isEndReached ? '' : encodeCursor({ n: end }),
  };
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
