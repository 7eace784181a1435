import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Db } from '../../db/database.ts';
import { jobHandlers } from '../../jobs/handlers.ts';
import { startJobWorker } from '../../jobs/worker.ts';
import { createTestDatabase } from '../../test/database.ts';
import { testConfig } from '../../test/app.ts';
import { buildComment, buildOpinion, buildUser, recordVote } from '../../test/factories.ts';
import {
  checkMilestones,
  enqueueMilestoneCheck,
  getContributionSummary,
  recordMilestonesWithoutNotifying,
} from './milestones.service.ts';

let handle: DatabaseHandle;
let db: Db;
beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
});
afterAll(async () => {
  await handle.close();
});

async function milestoneNotifications(userId: number) {
  return db
    .selectFrom('notifications')
    .select(['kind', 'actionName', 'argsJson', 'artifactTitle', 'body', 'url'])
    .where('userId', '=', userId)
    .where('kind', '=', 'Milestone')
    .orderBy('id')
    .execute();
}

async function likeComment(commentId: number, count: number) {
  for (let n = 0; n < count; n++) {
    const liker = await buildUser(db);
    await db.insertInto('commentLikes').values({ commentId, userId: liker.id }).execute();
  }
}

async function castVotes(userId: number, count: number) {
  for (let n = 0; n < count; n++) {
    const opinion = await buildOpinion(db);
    await recordVote(db, userId, opinion.id, 1 + (n % 5));
  }
}

describe('checkMilestones', () => {
  it('awards the first comment once, with one notification, however often it runs', async () => {
    const member = await buildUser(db);
    const opinion = await buildOpinion(db);
    expect(await checkMilestones(db, member.id)).toEqual([]);
    await buildComment(db, { opinionId: opinion.id, authorId: member.id });

    expect(await checkMilestones(db, member.id)).toEqual([{ family: 'comments', threshold: 1 }]);
    expect(await checkMilestones(db, member.id)).toEqual([]);
    await Promise.all([checkMilestones(db, member.id), checkMilestones(db, member.id)]);

    const notifications = await milestoneNotifications(member.id);
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({
      kind: 'Milestone',
      actionName: 'award',
      argsJson: { FieldName: 'Comments', Value: 1 },
      artifactTitle: 'First comment',
      url: `/u/${member.username}`,
    });
    const user = await db
      .selectFrom('users')
      .select('newNotification')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(user.newNotification).toBe(true);
  });

  it('notifies each vote award at its threshold, not one vote before', async () => {
    const member = await buildUser(db);
    await castVotes(member.id, 9);
    expect(await checkMilestones(db, member.id)).toEqual([{ family: 'votes', threshold: 1 }]);
    await castVotes(member.id, 1);
    expect(await checkMilestones(db, member.id)).toEqual([{ family: 'votes', threshold: 10 }]);
    const titles = (await milestoneNotifications(member.id)).map((row) => row.artifactTitle);
    expect(titles).toEqual(['First vote', '10 votes']);
  });

  it('does not count quiz answers (votes on unlisted opinions) as votes', async () => {
    const member = await buildUser(db);
    const quizItem = await buildOpinion(db, { listed: false });
    await recordVote(db, member.id, quizItem.id, 2);
    expect(await checkMilestones(db, member.id)).toEqual([]);
  });

  it('awards good points to the comment author at 1 and 10, and the level their karma reaches', async () => {
    const author = await buildUser(db);
    const opinion = await buildOpinion(db);
    const comment = await buildComment(db, { opinionId: opinion.id, authorId: author.id });
    await likeComment(comment.id, 9);
    // Karma is derived by the conversation feature; set it as it would: 2 + 9 × 5.
    await db.updateTable('users').set({ karma: 47 }).where('id', '=', author.id).execute();
    const first = await checkMilestones(db, author.id);
    expect(first).toEqual(
      expect.arrayContaining([
        { family: 'comments', threshold: 1 },
        { family: 'goodPoints', threshold: 1 },
        { family: 'level', threshold: 2 },
      ]),
    );
    expect(first).toHaveLength(3);
    await likeComment(comment.id, 1);
    expect(await checkMilestones(db, author.id)).toEqual([{ family: 'goodPoints', threshold: 10 }]);
    const levelNotice = (await milestoneNotifications(author.id)).find(
      (row) => row.actionName === 'level',
    );
    expect(levelNotice).toMatchObject({
      artifactTitle: 'Level 2: Participant',
      argsJson: { FieldName: 'Level', Value: 2 },
    });
  });

  it('keeps an award once earned when the comment behind it is deleted', async () => {
    const member = await buildUser(db);
    const opinion = await buildOpinion(db);
    const comment = await buildComment(db, { opinionId: opinion.id, authorId: member.id });
    await checkMilestones(db, member.id);
    await db.updateTable('comments').set({ deleted: true }).where('id', '=', comment.id).execute();
    const summary = await getContributionSummary(db, member.id);
    expect(summary?.totals.comments).toBe(0);
    expect(summary?.milestones.Comments).toBe(1);
    await buildComment(db, { opinionId: opinion.id, authorId: member.id });
    expect(await checkMilestones(db, member.id)).toEqual([]);
    expect(await milestoneNotifications(member.id)).toHaveLength(1);
  });

  it('records loaded content silently', async () => {
    const member = await buildUser(db);
    await castVotes(member.id, 1);
    await recordMilestonesWithoutNotifying(db);
    expect(await milestoneNotifications(member.id)).toEqual([]);
    expect(await checkMilestones(db, member.id)).toEqual([]);
  });

  it('ignores an unknown member', async () => {
    expect(await checkMilestones(db, 987_654)).toEqual([]);
  });
});

describe('the check-milestones job', () => {
  it('is queued at most once per member while waiting, and notifies when the worker runs', async () => {
    const member = await buildUser(db);
    const opinion = await buildOpinion(db);
    await buildComment(db, { opinionId: opinion.id, authorId: member.id });
    await enqueueMilestoneCheck(db, member.id);
    await enqueueMilestoneCheck(db, member.id);
    const queued = await db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', 'check-milestones')
      .where('doneAt', 'is', null)
      .execute();
    expect(queued).toHaveLength(1);

    const worker = startJobWorker(db, jobHandlers, { autoStart: false, config: testConfig() });
    await worker.drain();
    expect((await milestoneNotifications(member.id)).map((row) => row.artifactTitle)).toEqual([
      'First comment',
    ]);
    // Once the queued check has run, the next event queues a new one.
    await enqueueMilestoneCheck(db, member.id);
    await worker.drain();
    expect(await milestoneNotifications(member.id)).toHaveLength(1);
  });
});
