import { describe, expect, it } from 'vitest';
import { isLongEnoughForArgument } from '../../../contract/comments.base.ts';
import { loadDemoContent } from './demo-content.ts';

describe('the demo content', () => {
  it('opens every thread with an argument a member could post: a sentence or more', () => {
    const { threads } = loadDemoContent();
    const tooShort = threads.filter((thread) => !isLongEnoughForArgument(thread.body));
    expect(tooShort.map((thread) => `${thread.opinion}: ${thread.body}`)).toEqual([]);
    expect(threads.length).toBeGreaterThan(200);
  });
});
