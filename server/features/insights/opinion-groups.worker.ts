/**
 * The thread that computes opinion groups for the server (opinion-groups.thread.ts): it takes a
 * topic's votes as three typed arrays, turns them into the votes `computeOpinionGroups` reads, and
 * answers each request with its id. Nothing here touches the database.
 */
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import {
  computeOpinionGroups,
  fromFivePoint,
  type GroupVote,
  type OpinionGroupsOptions,
} from './opinion-groups.ts';

export type GroupingRequest = {
  id: number;
  /** The votes, position by position: voter, opinion, rating (1–5). */
  userIds: Int32Array<ArrayBuffer>;
  opinionIds: Int32Array<ArrayBuffer>;
  ratings: Uint8Array<ArrayBuffer>;
  options: OpinionGroupsOptions;
};

export type GroupingAnswer =
  { id: number; result: ReturnType<typeof computeOpinionGroups> } | { id: number; error: string };

function votesOf(request: GroupingRequest): GroupVote[] {
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

// The lowest CPU priority, for this thread alone (Linux gives each thread its own): on a busy
// machine the requests' thread and the database come first, and the maths takes what they leave.
// Where a priority cannot be set, the thread runs at the process's.
try {
  os.setPriority(os.constants.priority.PRIORITY_LOW);
} catch {
  // Not permitted here: the process's priority it is.
}

parentPort!.on('message', (request: GroupingRequest) => {
  let answer: GroupingAnswer;
  try {
    answer = { id: request.id, result: computeOpinionGroups(votesOf(request), request.options) };
  } catch (error) {
    answer = {
      id: request.id,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    };
  }
  parentPort!.postMessage(answer);
});
