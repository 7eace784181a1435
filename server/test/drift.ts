import { expect } from 'vitest';
import type { Db } from '../db/database.ts';
import { findConversationDrift } from '../features/comments/comments.service.ts';
import { findCounterDrift } from '../features/opinions/opinions.repository.ts';

/** The opinions' counters, good points, minds changed and karma all match their raw rows. */
export async function expectNoCounterDrift(db: Db): Promise<void> {
  expect(await findCounterDrift(db)).toEqual([]);
  expect(await findConversationDrift(db)).toEqual({
    likeCounts: [],
    persuadedCounts: [],
    karma: [],
  });
}
