/**
 * The feed's ranking rule (docs/decisions/004-feed-ranking.md) as pure functions of the scoring
 * rows and a reference time: no database, no cache. feed.service.ts reads the rows and caches
 * what these functions make (feed.cache.ts).
 */

export const feedPageSize = 20;
const dayMs = 86_400_000;

/** A place in the ranking: the score at the cursor's reference time, and the id breaking ties. */
export type FeedPosition = { score: number; id: number };

/** The score bonus of an opinion in a topic the viewer follows (docs/decisions/004). */
export const followedTopicWeight = 1.5;

/** Rounds a score to the 6 decimals a cursor carries, so that it compares exactly. */
function roundScore(score: number): number {
  return Math.round(score * 1e6) / 1e6;
}

/**
 * The feed score of docs/decisions/004-feed-ranking.md, rounded to 6 decimals so that a cursor
 * holding it compares exactly:
 * ln(1 + recent votes) + 0.3 · ln(1 + all votes) + 2 · e^(−age / 14 days) + 1.5 · [followed topic]
 */
export function feedScore(input: {
  recentVotes: number;
  numVotes: number;
  ageMs: number;
  isInFollowedTopic: boolean;
}): number {
  return roundScore(
    Math.log1p(input.recentVotes) +
      0.3 * Math.log1p(input.numVotes) +
      2 * Math.exp(-Math.max(0, input.ageMs) / (14 * dayMs)) +
      (input.isInFollowedTopic ? followedTopicWeight : 0),
  );
}

/** What an opinion's score is computed from (feed.repository's listScoringInputs). */
export type ScoringRow = {
  id: number;
  authorId: number | null;
  recentVotes: number;
  numVotes: number;
  createdAt: Date;
  topicIds: number[];
};

/** An opinion as the ranking sees it, before the viewer's own terms. */
export type RankedOpinion = {
  id: number;
  authorId: number | null;
  /** The score without the followed-topics term. */
  baseScore: number;
  topicIds: number[];
};

/** The ranking of every listed, live opinion (of a topic) at one reference time, in feed order. */
export type Ranking = { now: Date; opinions: RankedOpinion[] };

/** The higher score first, the newer (higher) id breaking ties. */
function byFeedOrder(a: FeedPosition, b: FeedPosition): number {
  return b.score - a.score || b.id - a.id;
}

/**
 * Ranks the rows at reference time `now`, in feed order, so that a viewer without followed
 * topics reads a page straight off it.
 */
export function rankOpinions(rows: readonly ScoringRow[], now: Date): Ranking {
  const opinions = rows.map((row) => ({
    id: row.id,
    authorId: row.authorId,
    baseScore: feedScore({
      recentVotes: row.recentVotes,
      numVotes: row.numVotes,
      ageMs: now.getTime() - row.createdAt.getTime(),
      isInFollowedTopic: false,
    }),
    topicIds: row.topicIds,
  }));
  opinions.sort((a, b) =>
    byFeedOrder({ score: a.baseScore, id: a.id }, { score: b.baseScore, id: b.id }),
  );
  return { now, opinions };
}

/** Is `position` strictly below the cursor's position in the ranking's order? */
export function isAfter(position: FeedPosition, cursor: FeedPosition): boolean {
  return (
    position.score < cursor.score || (position.score === cursor.score && position.id < cursor.id)
  );
}

/** Who is reading, as far as the ranking is concerned. */
export type RankingViewer = {
  /** Opinions the viewer voted on: a member's feed holds only what they have not. */
  votedIds?: ReadonlySet<number> | ReadonlyMap<number, number> | undefined;
  /** Topics the viewer follows, whose opinions are lifted by followedTopicWeight; null for none. */
  followedTopicIds: ReadonlySet<number> | null;
  /** An author whose opinions are shown above the feed already (the viewer's own recent ones). */
  shownAboveBy?: number | undefined;
};

/**
 * The page after `cursor` (from the top without one) of `pageSize` positions, for the viewer,
 * and whether more follows. Followed topics lift some opinions, so their viewers' order is sorted
 * afresh; everyone else's is the ranking's own, and the scan stops once it has a page and one more.
 */
export function cutPage(
  ranking: Ranking,
  viewer: RankingViewer,
  cursor: FeedPosition | null,
  pageSize = feedPageSize,
): { page: FeedPosition[]; hasMore: boolean } {
  const { votedIds, followedTopicIds, shownAboveBy } = viewer;
  const isReordered = followedTopicIds !== null;
  const positions: FeedPosition[] = [];
  for (const opinion of ranking.opinions) {
    if (votedIds?.has(opinion.id) || opinion.authorId === shownAboveBy) continue;
    const position = {
      id: opinion.id,
      score:
        followedTopicIds && opinion.topicIds.some((topicId) => followedTopicIds.has(topicId))
          ? roundScore(opinion.baseScore + followedTopicWeight)
          : opinion.baseScore,
    };
    if (cursor && !isAfter(position, cursor)) continue;
    positions.push(position);
    if (!isReordered && positions.length > pageSize) break;
  }
  if (isReordered) positions.sort(byFeedOrder);
  return { page: positions.slice(0, pageSize), hasMore: positions.length > pageSize };
}
