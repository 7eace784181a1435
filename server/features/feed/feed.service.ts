import type { FeedCards, Opinion } from '../../../contract/entities.ts';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { HttpError } from '../../http.ts';
import * as opinionsRepository from '../opinions/opinions.repository.ts';
import type { FeedPosition } from '../opinions/opinions.repository.ts';
import { getOpinionsInOrder } from '../opinions/opinions.service.ts';
import { listTopContributors } from '../users/users.service.ts';

export const feedPageSize = 20;
const recentOwnOpinionsWindowMs = 7 * 86_400_000;

/** What a cursor carries: the ranking's reference time and the last position served. */
type FeedCursor = { now: Date; position: FeedPosition };

export function encodeFeedCursor(cursor: FeedCursor): string {
  const raw = JSON.stringify({
    t: cursor.now.getTime(),
    s: cursor.position.score,
    i: cursor.position.id,
  });
  return Buffer.from(raw).toString('base64url');
}

export function decodeFeedCursor(after: string): FeedCursor {
  const invalid = new HttpError(400, 'after: not a valid cursor; start again without one');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
  } catch {
    throw invalid;
  }
  const { t, s, i } = (parsed ?? {}) as { t?: unknown; s?: unknown; i?: unknown };
  if (
    typeof t !== 'number' ||
    !Number.isFinite(t) ||
    typeof s !== 'number' ||
    !Number.isFinite(s) ||
    typeof i !== 'number' ||
    !Number.isSafeInteger(i)
  ) {
    throw invalid;
  }
  const now = new Date(t);
  if (Number.isNaN(now.getTime())) throw invalid;
  return { now, position: { score: s, id: i } };
}

export type FeedPage = {
  Feed: number[];
  Opinions: Opinion[];
  After: string;
  EndReached: boolean;
  Recent?: Opinion[];
  Cards?: FeedCards;
};

/**
 * A page of the For You feed (all topics) or a topic feed. Members see what they have not voted
 * on yet, their own recent opinions first; visitors see the trending ranking.
 */
export async function listFeed(
  db: Db,
  options: { viewer: UserRow | null; after: string | undefined; topicId?: number },
): Promise<FeedPage> {
  const isFirstPage = !options.after;
  const cursor = options.after ? decodeFeedCursor(options.after) : null;
  const now = cursor?.now ?? new Date();
  const viewer = options.viewer;

  const recentIds =
    isFirstPage && viewer && options.topicId === undefined
      ? (
          await opinionsRepository.listRecentOpinionsOfAuthor(
            db,
            viewer.id,
            new Date(now.getTime() - recentOwnOpinionsWindowMs),
            5,
          )
        ).map((row) => row.id)
      : [];

  const page = await opinionsRepository.listFeedPage(db, {
    now,
    limit: feedPageSize,
    after: cursor?.position ?? null,
    ...(options.topicId !== undefined ? { topicId: options.topicId } : {}),
    ...(viewer ? { excludeVotedBy: viewer.id } : {}),
    // The viewer's own recent opinions are shown above the feed already.
    ...(viewer && recentIds.length > 0 ? { excludeAuthoredBy: viewer.id } : {}),
  });
  const ids = page.positions.map((position) => position.id);
  const [opinions, recent, cards] = await Promise.all([
    getOpinionsInOrder(db, ids, viewer),
    isFirstPage && options.topicId === undefined ? getOpinionsInOrder(db, recentIds, viewer) : null,
    isFirstPage ? getFeedCards(db, now) : null,
  ]);
  const last = page.positions.at(-1);
  return {
    Feed: ids,
    Opinions: opinions,
    After: page.hasMore && last ? encodeFeedCursor({ now, position: last }) : '',
    EndReached: !page.hasMore,
    ...(recent ? { Recent: recent } : {}),
    ...(cards ? { Cards: cards } : {}),
  };
}

export async function getFeedCards(db: Db, now: Date): Promise<FeedCards> {
  const [totals, topCommenters, trending, latest] = await Promise.all([
    opinionsRepository.countSiteTotals(db),
    listTopContributors(db, 5),
    opinionsRepository.listTrendingOpinions(db, now, 5),
    opinionsRepository.listLatestComments(db, 5),
  ]);
  return {
    Stats: { Opinions: totals.opinions, Comments: totals.comments, Votes: totals.votes },
    TopCommenters: topCommenters,
    TrendingOpinions: trending.map((row) => ({ Slug: row.slug, Title: row.title })),
    LatestActivity: latest.map((row) => ({
      CommentID: row.id,
      OpinionTitle: row.opinionTitle,
      Username: row.username,
      Link: `/o/${row.opinionSlug}#comment-${row.id}`,
      Created: row.createdAt.toISOString(),
    })),
  };
}
