import type { ArgumentSort } from '../../../contract/questions.base.ts';

/**
 * The argument ranking of docs/decisions/047-questions-and-arguments.md as pure functions: no
 * database, no cache. questions.service.ts reads the rows (each argument's good points split by
 * how the givers voted on its position, and the position's voters by side) and pages what these
 * functions make.
 *
 * A member's side on a position is their vote on it: Strongly Agree or Agree (1, 2) is the agree
 * side, Disagree or Strongly Disagree (4, 5) the disagree side; Neutral (3) and no vote are
 * neither, and their good points count only in the plain 'most liked' order.
 *
 * Bridging score: for each side s, p_s = (good points from side s + 1) / (voters on side s + 2),
 * the share of that side that gave the argument a good point, pulled towards one half while there
 * are few votes (Laplace's rule). The score is the geometric mean √(p_agree · p_disagree): it
 * orders arguments exactly as the product does, and reads as "the share of a typical side that
 * found it a good point". The side that likes an argument less holds the product down, so a
 * 'for' argument climbs only with good points from members who disagree with the position, and
 * ten cheers from its own camp are worth less than five from each.
 */

export const argumentPageSize = 20;

/** Good points each side must have given before the badge is considered. */
export const convincingMinimumPerSide = 3;

/**
 * The badge's balance: the side less taken with the argument (the smaller p_s) must find it at
 * least this fraction as convincing as the side more taken with it.
 */
export const convincingMinimumBalance = 0.5;

export type Side = 'agree' | 'disagree';

/** The side of a vote (1 … 5) on a position; null for Neutral or anything else. */
export function sideOfRating(rating: number | null | undefined): Side | null {
  if (rating === 1 || rating === 2) return 'agree';
  if (rating === 4 || rating === 5) return 'disagree';
  return null;
}

/** What an argument's rank is computed from. */
export type ArgumentInputs = {
  /** Good points from members whose vote on the position is on the agree / disagree side. */
  likesAgree: number;
  likesDisagree: number;
  /** Members who voted on the position, by side. */
  votersAgree: number;
  votersDisagree: number;
};

/** p_s for each side: (likes from s + 1) / (voters on s + 2). */
export function sideShares(input: ArgumentInputs): { agree: number; disagree: number } {
  // A like from a member counts on their side, so a side has at least as many voters as likers
  // (a vote withdrawn after the like cannot make the share exceed 1).
  const votersAgree = Math.max(input.votersAgree, input.likesAgree);
  const votersDisagree = Math.max(input.votersDisagree, input.likesDisagree);
  return {
    agree: (input.likesAgree + 1) / (votersAgree + 2),
    disagree: (input.likesDisagree + 1) / (votersDisagree + 2),
  };
}

/**
 * The bridging score √(p_agree · p_disagree), in 0–1, computed as
 * √(((L_agree + 1)(L_disagree + 1)) / ((V_agree + 2)(V_disagree + 2))): two exact integer
 * products, one division and one square root, each rounded once by IEEE 754, so that the database
 * (questions.repository.ts, `bridgingScoreSql`) computes the very same double and orders exactly as
 * this function does, and a cursor carries it through JSON unchanged. For one position (one pair of
 * voter counts) it grows strictly with (L_agree + 1)(L_disagree + 1): a position's arguments are in
 * bridging order in the index on that product.
 */
export function bridgingScore(input: ArgumentInputs): number {
  const votersAgree = Math.max(input.votersAgree, input.likesAgree);
  const votersDisagree = Math.max(input.votersDisagree, input.likesDisagree);
  const liked = (input.likesAgree + 1) * (input.likesDisagree + 1);
  return Math.sqrt(liked / ((votersAgree + 2) * (votersDisagree + 2)));
}

/**
 * 'Convincing across sides': at least `convincingMinimumPerSide` good points from each side, and
 * the less convinced side's share at least `convincingMinimumBalance` of the other's.
 */
export function isConvincing(input: ArgumentInputs): boolean {
  if (Math.min(input.likesAgree, input.likesDisagree) < convincingMinimumPerSide) return false;
  const shares = sideShares(input);
  const low = Math.min(shares.agree, shares.disagree);
  const high = Math.max(shares.agree, shares.disagree);
  return low >= convincingMinimumBalance * high;
}

/** An argument as the ranking reads it. */
export type ArgumentRow = ArgumentInputs & {
  id: number;
  /** All good points counted at the ranking's time, whatever the givers' votes. */
  likes: number;
  createdAt: Date;
  /** Live "this changed my mind" credits (docs/decisions/077-minds-changed.md). */
  persuaded: number;
};

/** A place in an order: the sort key at the cursor's reference time, and the id breaking ties. */
export type ArgumentPosition = { key: number; id: number };

export type RankedArgument<Row extends ArgumentRow = ArgumentRow> = {
  row: Row;
  key: number;
  bridging: number;
  convincing: boolean;
};

/**
 * The sort key of a row: its bridging score, its good points, its creation time in ms, or for
 * `persuasive` the minds it changed plus its bridging score. The score is below 1, so the key
 * orders by minds changed, then by bridging; the database adds the same two doubles
 * (questions.repository.ts), so both compute the same key.
 */
export function sortKey(row: ArgumentRow, sort: ArgumentSort): number {
  if (sort === 'liked') return row.likes;
  if (sort === 'recent') return row.createdAt.getTime();
  if (sort === 'persuasive') return row.persuaded + bridgingScore(row);
  return bridgingScore(row);
}

/** The higher key first, the higher id breaking ties. */
function byOrder(a: ArgumentPosition, b: ArgumentPosition): number {
  return b.key - a.key || b.id - a.id;
}

/** Every row in the order of `sort`, with its bridging score and badge. */
export function rankArguments<Row extends ArgumentRow>(
  rows: readonly Row[],
  sort: ArgumentSort,
): RankedArgument<Row>[] {
  return rows
    .map((row) => ({
      row,
      key: sortKey(row, sort),
      bridging: bridgingScore(row),
      convincing: isConvincing(row),
    }))
    .sort((a, b) => byOrder({ key: a.key, id: a.row.id }, { key: b.key, id: b.row.id }));
}

/** Whether `position` comes after `cursor` in an order (higher key first, then higher id). */
export function isAfter(position: ArgumentPosition, cursor: ArgumentPosition): boolean {
  return byOrder(cursor, position) < 0;
}

/**
 * The page after `cursor` (the start without one): at most `size` entries, and whether the list
 * ends with them.
 */
export function cutArgumentPage<Row extends ArgumentRow>(
  ranked: readonly RankedArgument<Row>[],
  cursor: ArgumentPosition | null,
  size = argumentPageSize,
): { page: RankedArgument<Row>[]; endReached: boolean } {
  const start = cursor
    ? ranked.findIndex((entry) => isAfter({ key: entry.key, id: entry.row.id }, cursor))
    : 0;
  if (start === -1) return { page: [], endReached: true };
  const page = ranked.slice(start, start + size);
  return { page, endReached: start + size >= ranked.length };
}
