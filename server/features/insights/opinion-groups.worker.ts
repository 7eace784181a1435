/**
 * The thread that computes opinion groups for the server (opinion-groups.thread.ts): it takes a
 * topic's votes as three typed arrays, turns them into the votes `computeOpinionGroups` reads, and
 * answers each request with its id. Nothing here touches the database.
 */
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { votesOf, type GroupingAnswer, type GroupingRequest } from './opinion-groups.thread.ts';
import { computeOpinionGroups } from './opinion-groups.ts';

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
