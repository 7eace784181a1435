import type { Opinion, VoteResults } from '../../../contract/entities.ts';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { HttpError, notFound } from '../../http.ts';
import * as opinionsRepository from './opinions.repository.ts';
import type { OpinionWithAuthor } from './opinions.repository.ts';

/** Marks a rating nobody chose, shown grey by the client. */
export const noVotesMarker = 999;

/**
 * Whole percentages for ratings 1..5 that sum to exactly 100 over the ratings chosen (largest
 * remainder method, ties to the lower rating), with 999 for a rating nobody chose.
 */
export function computePercentages(counts: readonly number[]): number[] {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return counts.map(() => noVotesMarker);
  const exact = counts.map((count) => (count * 100) / total);
  const floors = exact.map(Math.floor);
  let missing = 100 - floors.reduce((sum, value) => sum + value, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .filter(({ index }) => (counts[index] ?? 0) > 0)
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (missing === 0) break;
    floors[index] = (floors[index] ?? 0) + 1;
    missing--;
  }
  return floors.map((value, index) => ((counts[index] ?? 0) === 0 ? noVotesMarker : value));
}

export function sharesShown(numVotes: number): number {
  return Math.max(0, Math.round((numVotes - 20) / 25));
}

function countsOf(row: OpinionWithAuthor): number[] {
  return [row.votes1, row.votes2, row.votes3, row.votes4, row.votes5];
}

/** Maps opinion rows to the contract's Opinion, with topics and the viewer's ratings, in order. */
export async function toOpinions(
  db: Db,
  rows: readonly OpinionWithAuthor[],
  viewer: UserRow | null,
): Promise<Opinion[]> {
  const ids = rows.map((row) => row.id);
  const [topicRows, ratingRows] = await Promise.all([
    opinionsRepository.listTopicsOfOpinions(db, ids),
    viewer ? opinionsRepository.listRatingsOfUser(db, viewer.id, ids) : Promise.resolve([]),
  ]);
  const ratings = new Map(ratingRows.map((row) => [row.opinionId, row.rating]));
  return rows.map((row) => ({
    UID: row.authorId ?? 0,
    Slug: row.slug,
    Title: row.title,
    Link: `/o/${row.slug}`,
    ArtifactID: row.id,
    NumVotes: row.numVotes,
    NumComments: row.numComments,
    NumShares: sharesShown(row.numVotes),
    Rating: ratings.get(row.id) ?? 0,
    Deleted: row.deleted,
    Topics: topicRows
      .filter((topic) => topic.opinionId === row.id)
      .map((topic) => ({
        ArtifactID: topic.id,
        Slug: topic.slug,
        Title: topic.title,
        Link: `/t/${topic.slug}`,
        ArtifactType: 'topic' as const,
      })),
    Tidbit: row.tidbit
      ? {
          Desc: row.tidbit.Desc,
          AgreementWording: row.tidbit.AgreementWording,
          AgreementDirection: Math.sign(row.tidbit.AgreementDirection) as -1 | 0 | 1,
        }
      : null,
    Created: row.createdAt.toISOString(),
    AuthorUsername: row.authorUsername ?? '',
  }));
}

/** Loads opinions by id and returns them in the order of `ids`. */
export async function getOpinionsInOrder(db: Db, ids: readonly number[], viewer: UserRow | null) {
  const rows = await opinionsRepository.findOpinionsByIds(db, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
  return toOpinions(db, ordered, viewer);
}

export async function getOpinionPage(
  db: Db,
  slug: string,
  viewer: UserRow | null,
): Promise<{ Opinion: Opinion; Results: VoteResults | null }> {
  const row = await opinionsRepository.findOpinionBySlug(db, slug);
  if (!row) throw notFound();
  if (row.deleted) throw new HttpError(410, 'This content has been removed');
  const [mapped] = await toOpinions(db, [row], viewer);
  const opinion = mapped!;
  return {
    Opinion: opinion,
    Results: opinion.Rating > 0 ? { Percentages: computePercentages(countsOf(row)) } : null,
  };
}

/** The title of a live opinion, for the page's <title> rendered by the server. */
export async function findOpinionTitle(db: Db, slug: string): Promise<string | null> {
  const row = await opinionsRepository.findOpinionBySlug(db, slug);
  return row && !row.deleted ? row.title : null;
}
