import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationEvent } from '../../../contract/notifications.ts';
import { jobHandlers } from '../../jobs/handlers.ts';
import { startJobWorker, type JobWorker } from '../../jobs/worker.ts';
import { createTestApp, postJson, type TestApp } from '../../test/app.ts';
import { buildMember, buildOpinion } from '../../test/factories.ts';
import { listOutbox } from '../mail/mail.service.ts';
import { notifyAboutComment } from './notifications.service.ts';

let t: TestApp;
let worker: JobWorker;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://stance.example' } });
  worker = startJobWorker(t.db, jobHandlers, { autoStart: false, config: t.config });
});
afterAll(async () => {
  await worker.stop();
  await t.close();
});

const post = (path: string, body: unknown, cookie?: string) => postJson(t.app, path, body, cookie);
const member = (overrides: Parameters<typeof buildMember>[1] = {}) => buildMember(t.db, overrides);

async function comment(
  cookie: string,
  input: { threadID: string; body: string; parentID?: number; responseType?: string },
): Promise<number> {
  const response = await post('/api/v2/comment/new', { parentID: 0, ...input }, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().body.Comment.CommentID;
}

/** The member's conversation events (milestones, which comments also cause, are left out). */
async function notificationsOf(cookie: string): Promise<NotificationEvent[]> {
  const response = await post('/api/notifications/get', {}, cookie);
  expect(response.statusCode, response.body).toBe(200);
  const events: NotificationEvent[] = response.json().body.Notifications;
  return events.filter((event) => event.Kind !== 'Milestone');
}

async function hasNewNotification(cookie: string): Promise<boolean> {
  const response = await post('/api/user/info', {}, cookie);
  return response.json().body.NewNotification;
}

/** Mails delivered to the outbox (no SMTP_URL in tests) once the worker has run. */
async function mailsTo(address: string) {
  return listOutbox(t.db, { to: address });
}

describe('notifications', () => {
  it('tells an author about a reply and a good point, through the jobs table', async () => {
    const opinionAuthor = await member();
    const opinion = await buildOpinion(t.db, {
      title: 'Naps make people kinder',
      slug: 'naps',
      authorId: opinionAuthor.user.id,
    });
    const threadID = String(opinion.id);
    const ada = await member({ fullName: 'Ada Lovelace' });
    const bob = await member({ fullName: 'Bob Marley' });

    const argument = await comment(ada.cookie, {
      threadID,
      body: 'Rested people argue **better**.',
      responseType: 'pro',
    });
    // Nothing is written until the worker runs the job.
    expect(await hasNewNotification(opinionAuthor.cookie)).toBe(false);
    await worker.drain();
    expect(await hasNewNotification(opinionAuthor.cookie)).toBe(true);
    const [onOpinion] = await notificationsOf(opinionAuthor.cookie);
    expect(onOpinion).toMatchObject({
      Kind: 'Comment',
      ActionName: 'argument',
      ArtifactTitle: 'Naps make people kinder',
      URL: `/o/naps#comment-${argument}`,
      Body: 'Rested people argue better.',
      UsernameCased: ada.user.username,
      FullName: 'Ada Lovelace',
    });
    expect(await hasNewNotification(opinionAuthor.cookie)).toBe(false);

    const reply = await comment(bob.cookie, {
      threadID,
      body: 'Or just grumpier.',
      parentID: argument,
    });
    await post('/api/v2/comment/like', { commentID: argument, liked: true }, bob.cookie);
    await worker.drain();
    expect(await hasNewNotification(ada.cookie)).toBe(true);
    const events = await notificationsOf(ada.cookie);
    expect(events.map((event) => [event.Kind, event.ActionName, event.UsernameCased])).toEqual([
      ['LikeComment', 'like', bob.user.username],
      ['Comment', 'reply', bob.user.username],
    ]);
    expect(events[1]).toMatchObject({ URL: `/o/naps#comment-${reply}`, Body: 'Or just grumpier.' });
    expect(JSON.parse(events[0]!.ArgsJSON)).toEqual({});

    const mails = await mailsTo(ada.user.email!);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.Subject).toBe(`${bob.user.username} replied to your comment`);
    expect(mails[0]!.Text).toContain('Or just grumpier.');
    expect(mails[0]!.Text).toContain(`https://stance.example/o/naps#comment-${reply}`);
    expect(mails[0]!.Text).toMatch(/https:\/\/stance\.example\/emailpref-iframe\?t=[\w-]+/);
  });

  it('never notifies twice for one event, nor about one own comments', async () => {
    const ada = await member();
    const opinion = await buildOpinion(t.db, { authorId: ada.user.id });
    const threadID = String(opinion.id);
    const own = await comment(ada.cookie, {
      threadID,
      body: 'My own opinion, argued at length.',
      responseType: 'pro',
    });
    await comment(ada.cookie, { threadID, body: 'And my own reply.', parentID: own });
    await worker.drain();
    expect(await notificationsOf(ada.cookie)).toEqual([]);

    const bob = await member();
    const reply = await comment(bob.cookie, { threadID, body: 'A reply.', parentID: own });
    await worker.drain();
    // A retried job (the worker died after writing) adds nothing.
    await notifyAboutComment({ commentId: reply }, { db: t.db, jobId: 0, config: t.config });
    const events = await notificationsOf(ada.cookie);
    expect(events).toHaveLength(1);
    expect(await mailsTo(ada.user.email!)).toHaveLength(1);

    // Liking, taking back and liking again: one notification.
    for (const liked of [true, false, true]) {
      await post('/api/v2/comment/like', { commentID: own, liked }, bob.cookie);
    }
    await worker.drain();
    const likes = (await notificationsOf(ada.cookie)).filter((e) => e.Kind === 'LikeComment');
    expect(likes).toHaveLength(1);
  });

  it('shows no trace of a comment deleted after it was notified', async () => {
    const ada = await member();
    const bob = await member();
    const threadID = String((await buildOpinion(t.db)).id);
    const argument = await comment(ada.cookie, {
      threadID,
      body: 'A start, argued in a sentence.',
      responseType: 'con',
    });
    const reply = await comment(bob.cookie, {
      threadID,
      body: 'Words that will be deleted',
      parentID: argument,
    });
    await worker.drain();
    await post('/api/v2/comment/delete', { commentID: reply }, bob.cookie);
    const response = await post('/api/notifications/get', {}, ada.cookie);
    expect(response.body).not.toContain('will be deleted');
    const events: NotificationEvent[] = response.json().body.Notifications;
    expect(events.find((event) => event.Kind === 'Comment')).toMatchObject({ Body: '' });
  });

  it('sends no reply e-mail to a member who switched them off', async () => {
    const ada = await member();
    const bob = await member();
    const threadID = String((await buildOpinion(t.db)).id);
    const saved = await post('/api/emailprefs/set', { All: true, Replies: false }, ada.cookie);
    expect(saved.json().body).toEqual({ All: true, Replies: false });
    const argument = await comment(ada.cookie, {
      threadID,
      body: 'Hello, and here is my argument.',
      responseType: 'pro',
    });
    await comment(bob.cookie, { threadID, body: 'Hello back.', parentID: argument });
    await worker.drain();
    expect(await notificationsOf(ada.cookie)).toHaveLength(1);
    expect(await mailsTo(ada.user.email!)).toEqual([]);

    const carol = await member();
    await post('/api/emailprefs/set', { All: false, Replies: true }, carol.cookie);
    const second = await comment(carol.cookie, {
      threadID,
      body: 'Me too, for reasons of my own.',
      responseType: 'pro',
    });
    await comment(bob.cookie, { threadID, body: 'Hi Carol.', parentID: second });
    await worker.drain();
    expect(await mailsTo(carol.user.email!)).toEqual([]);
  });

  it('requires login', async () => {
    const response = await post('/api/notifications/get', {});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      success: false,
      error: 'Please log in to see your notifications',
    });
  });
});

describe('e-mail preferences', () => {
  it('start with everything on and save for the member', async () => {
    const ada = await member();
    expect((await post('/api/emailprefs/get', {}, ada.cookie)).json().body).toEqual({
      All: true,
      Replies: true,
    });
    await post('/api/emailprefs/set', { All: false, Replies: true }, ada.cookie);
    expect((await post('/api/emailprefs/get', {}, ada.cookie)).json().body).toEqual({
      All: false,
      Replies: true,
    });
    const anonymous = await post('/api/emailprefs/get', {});
    expect(anonymous.statusCode).toBe(401);
    const malformed = await post('/api/emailprefs/set', { All: 'no', Replies: true }, ada.cookie);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toContain('All');
  });

  it('open from the link in a reply e-mail without logging in', async () => {
    const ada = await member();
    const bob = await member();
    const threadID = String((await buildOpinion(t.db)).id);
    const argument = await comment(ada.cookie, {
      threadID,
      body: 'Mail me the replies to this one.',
      responseType: 'pro',
    });
    await comment(bob.cookie, { threadID, body: 'Mailed.', parentID: argument });
    await worker.drain();
    const [mail] = await mailsTo(ada.user.email!);
    const token = decodeURIComponent(/emailpref-iframe\?t=([\w%-]+)/.exec(mail!.Text)![1]!);

    expect((await post('/api/emailprefs/get', { token })).json().body).toEqual({
      All: true,
      Replies: true,
    });
    const saved = await post('/api/emailprefs/set', { token, All: false, Replies: false });
    expect(saved.statusCode).toBe(200);
    expect((await post('/api/emailprefs/get', {}, ada.cookie)).json().body).toEqual({
      All: false,
      Replies: false,
    });
    const forged = await post('/api/emailprefs/get', { token: 'not-a-token' });
    expect(forged.statusCode).toBe(404);
  });
});
