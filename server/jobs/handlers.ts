import { rebuildOpinionCounters } from '../features/opinions/opinions.repository.ts';
import type { JobHandlers } from './queue.ts';

/** Every kind of background job and its handler. Features add theirs here. */
export const jobHandlers: JobHandlers = {
  /** Rebuilds the derived per-opinion counters from the raw votes and comments. */
  'rebuild-counters': async (_payload, { db }) => {
    await rebuildOpinionCounters(db);
  },
};
