import { z } from 'zod';
import { directionOf, opinionHistoryPageSize, sideMovedToward } from '../../../contract/minds.ts';
import type { VoteChange } from '../../../contract/minds.ts';
import { cursorId, decodeCursor, encodeCursor } from '../../cursor.ts';
import { inTransaction, type Db } from '../../db/database.ts';
import type { SessionUser } from '../../db/schema.ts';
import { HttpError } from '../../http.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { announceChange } from '../../cache-changes.ts';
import { cachesPerDatabase, createReadCache } from '../../read-cache.ts';
import { mayShowWhole, shownParts } from '../privacy/index.ts';
import { toPlainExcerpt } from '../comments/comments.service.ts';
import { enqueueMilestoneCheck } from '../milestones/milestones.service.ts';
import { karmaPerMindChanged } from '../users/users.service.ts';
import * as mindsRepository from './minds.repository.ts';

/*
 * Minds changed (docs/decisions/077-minds-changed.md): a member's own history of vote changes,
 * "this changed my mind" credits for the arguments that moved them, and an opinion's movement.
 */

/** The job that tells an argument's author it changed a mind (server/jobs/handlers.ts). */
export const notifyPersuasionJobKind = 'notify-persuasion';

const historyCursor = z.object({ i: cursorId }).strict();

const sideName = { pro: 'For', con: 'Against' } as const;
const directionName = { agree: 'Agree', disagree: 'Disagree' } as const;

/** A page of the member's own vote changes, newest first; nobody else's can be asked for. */
export async function listOpinionHistory(
  db: Db,
  user: SessionUser,
  after: string | undefined,
): Promise<{ Changes: VoteChange[]; After: string }> {
  const beforeId = after ? decodeCursor(after, historyCursor).i : null;
  const rows = await mindsRepository.listVoteChanges(
    db,
    user.id,
    beforeId,
    opinionHistoryPageSize + 1,
  );
  const page = rows.slice(0, opinionHistoryPageSize);
  const last = page.at(-1);
  return {
    Changes: page.map((row) => {
      const isRemoved = row.commentDeleted !== false || row.commentHiddenAt !== null;
      return {
        Opinion: { Slug: row.slug, Title: row.title },
        From: row.fromRating,
        To: row.toRating,
        At: row.changedAt.toISOString(),
        PersuadedBy:
          row.commentId === null
            ? null
            : {
                CommentID: row.commentId,
                Link: `/o/${row.slug}#comment-${row.commentId}`,
                Excerpt: isRemoved || row.bodyHtml === null ? '' : toPlainExcerpt(row.bodyHtml),
                UsernameCased: isRemoved ? '' : (row.authorUsername ?? ''),
              },
      };
    }),
    After: rows.length > opinionHistoryPageSize && last ? encodeCursor({ i: last.id }) : '',
  };
}

/**
 * "This changed my mind": credits a top-level For or Against argument with the member's latest
 * change of vote on its opinion, once per member and opinion, for the side that change moved
 * toward. Every refusal is a 409 that says why (or 404/410 for an argument that is not there).
 * The credit, the argument's count, its author's karma and the author's notice are one
 * transaction, taken under the member's vote's lock so that a vote changing at the same moment
 * is either before (and decides) or after (and may withdraw it).
 */
export async function creditPersuasion(
  db: Db,
  user: SessionUser,
  commentId: number,
): Promise<{ Persuaded: number }> {
  const argument = await mindsRepository.findArgument(db, commentId);
  if (!argument) throw new HttpError(404, 'This comment does not exist');
  if (argument.deleted || argument.opinionDeleted) {
    throw new HttpError(410, 'This argument has been removed');
  }
  if (argument.hiddenAt !== null) {
    throw new HttpError(409, 'This argument is hidden while moderators review it');
  }
  const side = argument.responseType;
  if (
    argument.opinionId === null ||
    argument.parentId !== null ||
    (side !== 'pro' && side !== 'con')
  ) {
    throw new HttpError(
      409,
      'Only an argument For or Against an opinion can be credited with changing your mind, not a reply or a comment',
    );
  }
  if (argument.authorId === user.id) {
    throw new HttpError(409, 'Your own argument cannot be credited with changing your mind');
  }
  const opinionId = argument.opinionId;
  const result = await inTransaction(db, async (trx) => {
    const vote = await mindsRepository.lockVote(trx, user.id, opinionId);
    const change = vote
      ? await mindsRepository.findLatestChange(trx, user.id, opinionId)
      : undefined;
    if (!vote || !change) {
      throw new HttpError(
        409,
        'You have not changed your vote on this opinion: credit an argument after it moves your vote',
      );
    }
    if (await mindsRepository.hasCredited(trx, user.id, opinionId)) {
      throw new HttpError(
        409,
        'You have already credited an argument with changing your mind on this opinion',
      );
    }
    const movedToward = sideMovedToward(change.fromRating, change.toRating);
    if (movedToward !== side) {
      const direction = directionOf(change.fromRating, change.toRating);
      throw new HttpError(
        409,
        `Your latest change moved you toward ${direction ? directionName[direction] : 'neither side'}: ` +
          `only an argument ${movedToward ? sideName[movedToward] : 'on that side'} can be credited, and this one is ${sideName[side]}`,
      );
    }
    const isNew = await mindsRepository.insertPersuasion(trx, {
      userId: user.id,
      opinionId,
      commentId,
      changeId: change.id,
      side,
      fromRating: change.fromRating,
    });
    if (!isNew) {
      throw new HttpError(
        409,
        'You have already credited an argument with changing your mind on this opinion',
      );
    }
    const counted = await mindsRepository.countPersuasion(trx, commentId);
    // Removed since the checks above: throwing rolls the credit back too.
    if (!counted) throw new HttpError(410, 'This argument has been removed');
    await mindsRepository.adjustKarma(trx, counted.authorId, karmaPerMindChanged);
    await enqueueJob(trx, notifyPersuasionJobKind, { commentId, userId: user.id });
    await enqueueMilestoneCheck(trx, counted.authorId);
    return { Persuaded: counted.persuadedCount };
  });
  announceChange(db, { on: 'opinion', id: opinionId, what: 'comments' });
  return result;
}

/** Whether the member's credit of this argument still stands (the notice job checks it). */
export async function isCreditLive(db: Db, userId: number, commentId: number) {
  return mindsRepository.isCreditLive(db, userId, commentId);
}

/** An opinion's movement as the wire carries it: each count null when withheld. */
export type Movement = { TowardAgree: number | null; TowardDisagree: number | null };

/** Each opinion's raw movement, dropped when its votes change (docs/decisions/043). */
const movementCaches = cachesPerDatabase(
  (ttlMs, clock) => ({
    byOpinion: createReadCache<{ towardAgree: number; towardDisagree: number }>({
      ttlMs,
      maxEntries: 20_000,
      clock,
    }),
  }),
  {
    onChange: (caches, change) => {
      if (change.on === 'opinion' && change.what === 'votes') {
        caches.byOpinion.delete(String(change.id));
      }
    },
  },
);

/**
 * The movement figures of counts among `voters` members: each shown only when it is at least
 * `minGroupSize` members and what the shown figures leave of the voters is 0 or at least
 * `minGroupSize` too (the complement rule of the insights, docs/decisions/052), so that no figure
 * and no difference of figures is about 1 to `minGroupSize` − 1 people.
 */
export function withheldMovement(
  counts: { towardAgree: number; towardDisagree: number },
  voters: number,
  minGroupSize: number,
): Movement {
  const shown = shownParts(
    new Map([
      ['agree', counts.towardAgree],
      ['disagree', counts.towardDisagree],
    ]),
    Math.max(voters, counts.towardAgree + counts.towardDisagree),
    minGroupSize,
  );
  return {
    TowardAgree: shown.has('agree') ? counts.towardAgree : null,
    TowardDisagree: shown.has('disagree') ? counts.towardDisagree : null,
  };
}

/**
 * An opinion's movement: of its `voters`, the members who now stand toward Agree of where they
 * started, and toward Disagree (docs/decisions/077-minds-changed.md), each withheld under
 * `minGroupSize`.
 */
export async function getMovement(
  db: Db,
  opinionId: number,
  voters: number,
  minGroupSize: number,
): Promise<Movement> {
  const counts = await movementCaches(db).byOpinion.get(String(opinionId), () =>
    mindsRepository.countMovement(db, opinionId),
  );
  return withheldMovement(counts, voters, minGroupSize);
}

/**
 * The movement of each of `opinions` (id and voters), withheld as on the opinion page, for staff
 * reports: one query for all of them, never cached (a report reads the rows as they are).
 */
export async function getMovements(
  db: Db,
  opinions: readonly { id: number; voters: number }[],
  minGroupSize: number,
): Promise<Map<number, Movement>> {
  const counts = new Map(
    (
      await mindsRepository.countMovements(
        db,
        opinions.map((opinion) => opinion.id),
      )
    ).map((row) => [row.opinionId, row]),
  );
  return new Map(
    opinions.map((opinion) => [
      opinion.id,
      withheldMovement(
        counts.get(opinion.id) ?? { towardAgree: 0, towardDisagree: 0 },
        opinion.voters,
        minGroupSize,
      ),
    ]),
  );
}

/** Days the vote-share chart covers. */
export const trendDays = 30;

export type TrendDay = {
  Day: string;
  Voters: number;
  Agree: number;
  Neutral: number;
  Disagree: number;
};

/**
 * An opinion's vote shares at the end of each of its last 30 days (docs/decisions/077): whole
 * percent of its voters then on the Agree side (Strongly Agree, Agree), Neutral and the Disagree
 * side. A day with fewer than `minGroupSize` voters is left out, so that no day's shares are
 * about a handful of people. 404 for no such opinion, 410 for a removed or unlisted one.
 */
export async function getOpinionTrend(
  db: Db,
  opinionId: number,
  minGroupSize: number,
): Promise<{ Days: TrendDay[] }> {
  const opinion = await mindsRepository.findOpinionState(db, opinionId);
  if (!opinion) throw new HttpError(404, 'There is no such opinion');
  if (opinion.deleted || !opinion.listed) throw new HttpError(410, 'This content has been removed');
  const rows = await trendCaches(db).byOpinion.get(String(opinionId), () =>
    mindsRepository.countSharesByDay(db, opinionId, trendDays),
  );
  return {
    Days: rows.flatMap(({ day, counts }) => {
      const [c1 = 0, c2 = 0, c3 = 0, c4 = 0, c5 = 0] = counts;
      const voters = c1 + c2 + c3 + c4 + c5;
      if (voters === 0 || !mayShowWhole(voters, minGroupSize)) return [];
      const agree = Math.round((100 * (c1 + c2)) / voters);
      const disagree = Math.round((100 * (c4 + c5)) / voters);
      return [
        {
          Day: day,
          Voters: voters,
          Agree: agree,
          Neutral: Math.max(0, 100 - agree - disagree),
          Disagree: disagree,
        },
      ];
    }),
  };
}

/** Each opinion's shares by day, dropped when its votes change. */
const trendCaches = cachesPerDatabase(
  (ttlMs, clock) => ({
    byOpinion: createReadCache<{ day: string; counts: number[] }[]>({
      ttlMs,
      maxEntries: 2_000,
      clock,
    }),
  }),
  {
    onChange: (caches, change) => {
      if (change.on === 'opinion' && change.what === 'votes') {
        caches.byOpinion.delete(String(change.id));
      }
    },
  },
);
