/**
 * Opinion groups computed on a thread of their own, so that no request waits for the maths
 * (docs/decisions/089-grouping-off-the-request-thread.md). A topic's grouping is a few hundred
 * milliseconds of synchronous PCA and k-means at a few thousand voters (seconds at 10,000;
 * docs/decisions/051-opinion-groups.md); on the request thread every vote and page arriving
 * meanwhile waited for it. The embedded database's jobs compute `here` instead: their statements
 * hold the request thread anyway, and the thread measured no better there (decision 089).
 *
 * One thread per process, started at the first grouping and kept: groupings queue on it one at a
 * time, in order. The votes cross as typed arrays, moved rather than copied. The thread holds the
 * process open only while a grouping is under way; if it fails or exits, the groupings waiting on
 * it fail (the job is tried again) and the next one starts a new thread.
 */
import { Worker } from 'node:worker_threads';
import {
  computeOpinionGroups,
  fromFivePoint,
  type GroupVote,
  type OpinionGroups,
  type OpinionGroupsOptions,
} from './opinion-groups.ts';

/** A grouping as the thread is asked for it: the votes, position by position, and the options. */
export type GroupingRequest = {
  id: number;
  userIds: Int32Array<ArrayBuffer>;
  opinionIds: Int32Array<ArrayBuffer>;
  /** 1–5. */
  ratings: Uint8Array<ArrayBuffer>;
  options: OpinionGroupsOptions;
};

export type GroupingAnswer = { id: number; result: OpinionGroups } | { id: number; error: string };

/** The request's votes as `computeOpinionGroups` reads them: ids as text, ratings on −1…+1. */
export function votesOf(request: GroupingRequest): GroupVote[] {
  const votes: GroupVote[] = new Array(request.ratings.length);
  for (let i = 0; i < request.ratings.length; i++) {
    votes[i] = {
      voter: String(request.userIds[i]),
      statement: String(request.opinionIds[i]),
      vote: fromFivePoint(request.ratings[i] as 1 | 2 | 3 | 4 | 5),
    };
  }
  return votes;
}

type Waiting = { resolve: (groups: OpinionGroups) => void; reject: (error: Error) => void };

let thread: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, Waiting>();

function failAll(error: Error): void {
  for (const pending of waiting.values()) pending.reject(error);
  waiting.clear();
}

function groupingThread(): Worker {
  if (thread) return thread;
  const started = new Worker(new URL('./opinion-groups.worker.ts', import.meta.url));
  started.unref();
  started.on('message', (answer: GroupingAnswer) => {
    const pending = waiting.get(answer.id);
    if (!pending) return;
    waiting.delete(answer.id);
    if (waiting.size === 0) started.unref();
    if ('error' in answer) pending.reject(new Error(`Grouping failed: ${answer.error}`));
    else pending.resolve(answer.result);
  });
  started.on('error', (error) => {
    if (thread === started) thread = null;
    failAll(error);
  });
  started.on('exit', (code) => {
    if (thread === started) thread = null;
    failAll(new Error(`The grouping thread exited (code ${code})`));
  });
  thread = started;
  return started;
}

/**
 * `computeOpinionGroups` of these votes (ratings 1–5): on the grouping thread, or `here`, on the
 * calling thread (the embedded database's jobs: docs/decisions/089).
 */
export function computeOpinionGroupsOf(
  votes: readonly { userId: number; opinionId: number; rating: number }[],
  options: OpinionGroupsOptions,
  where: 'thread' | 'here' = 'thread',
): Promise<OpinionGroups> {
  const request: GroupingRequest = {
    id: nextId++,
    userIds: new Int32Array(votes.length),
    opinionIds: new Int32Array(votes.length),
    ratings: new Uint8Array(votes.length),
    options,
  };
  votes.forEach((vote, i) => {
    request.userIds[i] = vote.userId;
    request.opinionIds[i] = vote.opinionId;
    request.ratings[i] = vote.rating;
  });
  if (where === 'here') return Promise.resolve(computeOpinionGroups(votesOf(request), options));
  return new Promise((resolve, reject) => {
    const worker = groupingThread();
    waiting.set(request.id, { resolve, reject });
    worker.ref();
    worker.postMessage(request, [
      request.userIds.buffer,
      request.opinionIds.buffer,
      request.ratings.buffer,
    ]);
  });
}
