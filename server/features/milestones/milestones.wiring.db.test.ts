import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobHandlers } from '../../jobs/handlers.ts';
import { startJobWorker, type JobWorker } from '../../jobs/worker.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildOpinion, buildUser, loginAs } from '../../test/factories.ts';

/*
 * The events that can reach a milestone, through the real calls: a first vote, a comment and a
 * good point each queue a check in their own transaction, and the worker notifies once.
 */

let t: TestApp;
let worker: JobWorker;
beforeAll(async () => {
  t = await createTestApp();
  worker = startJobWorker(t.db, jobHandlers, { autoStart: false, config: t.config });
});
afterAll(async () => {
  await worker.stop();
  await t.close();
});

async function post(url: string, body: unknown, cookie: string) {
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', cookie },
    payload: JSON.stringify({ body }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().body;
}

async function milestoneTitles(userId: number) {
  const rows = await t.db
    .selectFrom('notifications')
    .select('artifactTitle')
    .where('userId', '=', userId)
    .where('kind', '=', 'Milestone')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.artifactTitle);
}

describe('milestones reached through the product', () => {
  it('notify the first vote, comment and good point once each', async () => {
    const author = await buildUser(t.db);
    const reader = await buildUser(t.db);
    const authorCookie = await loginAs(t.db, author.id);
    const readerCookie = await loginAs(t.db, reader.id);
    const opinion = await buildOpinion(t.db);

    await post('/api/opinion/vote', { id: opinion.id, rating: 2 }, authorCookie);
    // Changing the vote is not a new vote.
    await post('/api/opinion/vote', { id: opinion.id, rating: 3 }, authorCookie);
    const { Comment } = await post(
      '/api/v2/comment/new',
      {
        threadID: String(opinion.id),
        parentID: 0,
        body: 'A first argument, with reasons.',
        responseType: 'pro',
      },
      authorCookie,
    );
    await post('/api/v2/comment/like', { commentID: Comment.CommentID, liked: true }, readerCookie);
    await worker.drain();
    expect(await milestoneTitles(author.id)).toEqual(
      expect.arrayContaining(['First vote', 'First comment', 'First good point']),
    );
    expect(await milestoneTitles(author.id)).toHaveLength(3);

    // Taking the good point back and giving it again reaches nothing new.
    await post(
      '/api/v2/comment/like',
      { commentID: Comment.CommentID, liked: false },
      readerCookie,
    );
    await post('/api/v2/comment/like', { commentID: Comment.CommentID, liked: true }, readerCookie);
    await worker.drain();
    expect(await milestoneTitles(author.id)).toHaveLength(3);
    expect(await milestoneTitles(reader.id)).toEqual([]);
  });
});
