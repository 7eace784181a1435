import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VoteChange } from '../../../contract/minds.ts';
import { jobHandlers } from '../../jobs/handlers.ts';
import { startJobWorker, type JobWorker } from '../../jobs/worker.ts';
import { expectNoCounterDrift } from '../../test/drift.ts';
import { createTestApp, postJson, type TestApp } from '../../test/app.ts';
import { buildMember, buildOpinion, buildTopic } from '../../test/factories.ts';
import { karmaPerMindChanged } from '../users/users.karma.ts';

// Minds changed (docs/decisions/077-minds-changed.md): the history the vote writes, private to
// its member, and "this changed my mind" with its rules, count, karma and notice.

let t: TestApp;
let worker: JobWorker;
/** A member with every staff capability (ADMIN_EMAILS). */
let staff: { cookie: string };
beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: 'staff@example.test', MIN_GROUP_SIZE: '3' } });
  worker = startJobWorker(t.db, jobHandlers, { autoStart: false, config: t.config });
  staff = await buildMember(t.db, { email: 'staff@example.test' });
});
afterAll(async () => {
  await worker.stop();
  await t.close();
});

const post = (path: string, body: unknown, cookie?: string) => postJson(t.app, path, body, cookie);

async function vote(cookie: string, id: number, rating: number) {
  const response = await post('/api/opinion/vote', { id, rating }, cookie);
  expect(response.statusCode, response.body).toBe(200);
}

async function history(cookie: string | undefined, after?: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/user/opinionhistory${after === undefined ? '' : `?after=${encodeURIComponent(after)}`}`,
    headers: cookie ? { cookie } : {},
  });
}

async function changesOf(cookie: string): Promise<VoteChange[]> {
  const response = await history(cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().body.Changes;
}

/** An argument (or a reply) through the API, so that its counters and karma move as they should. */
async function argue(
  author: { cookie: string },
  options: { opinionId: number; responseType: string; parentId?: number },
): Promise<{ id: number }> {
  const response = await post(
    '/api/v2/comment/new',
    {
      threadID: String(options.opinionId),
      parentID: options.parentId ?? 0,
      body: 'An argument long enough to be one, with a reason behind it.',
      responseType: options.responseType,
    },
    author.cookie,
  );
  expect(response.statusCode, response.body).toBe(200);
  return { id: response.json().body.Comment.CommentID };
}

const credit = (cookie: string, commentID: number) =>
  post('/api/v2/comment/persuaded', { commentID }, cookie);

async function karmaOf(userId: number) {
  const row = await t.db
    .selectFrom('users')
    .select('karma')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.karma;
}

async function persuadedOf(commentId: number) {
  const row = await t.db
    .selectFrom('comments')
    .select('persuadedCount')
    .where('id', '=', commentId)
    .executeTakeFirstOrThrow();
  return row.persuadedCount;
}

function expectNoDrift() {
  return expectNoCounterDrift(t.db);
}

describe('history of vote changes', () => {
  it('records a change to another rating, newest first, and pages', async () => {
    const opinion = await buildOpinion(t.db, { title: 'Cities should ban cars', slug: 'ban-cars' });
    const quiz = await buildOpinion(t.db, { listed: false });
    const { cookie } = await buildMember(t.db);
    await vote(cookie, opinion.id, 4);
    await vote(cookie, opinion.id, 4); // the same rating again is no change
    expect(await changesOf(cookie)).toEqual([]);
    await vote(cookie, opinion.id, 2);
    await vote(cookie, opinion.id, 1);
    await vote(cookie, quiz.id, 3);
    await vote(cookie, quiz.id, 5); // a quiz answer is not an opinion the member changed
    const changes = await changesOf(cookie);
    expect(
      changes.map(({ From, To, Opinion, PersuadedBy }) => ({ From, To, Opinion, PersuadedBy })),
    ).toEqual([
      {
        From: 2,
        To: 1,
        Opinion: { Slug: 'ban-cars', Title: 'Cities should ban cars' },
        PersuadedBy: null,
      },
      {
        From: 4,
        To: 2,
        Opinion: { Slug: 'ban-cars', Title: 'Cities should ban cars' },
        PersuadedBy: null,
      },
    ]);
    expect(Date.parse(changes[0]!.At)).toBeGreaterThan(Date.now() - 60_000);

    // Pages of 30: the 31st change is on the second page.
    for (let i = 0; i < 30; i += 1) await vote(cookie, opinion.id, i % 2 === 0 ? 5 : 1);
    const first = (await history(cookie)).json().body;
    expect(first.Changes).toHaveLength(30);
    expect(first.After).not.toBe('');
    const second = (await history(cookie, first.After)).json().body;
    expect(second.Changes).toHaveLength(2);
    expect(second.After).toBe('');
    expect((await history(cookie, 'not a cursor')).statusCode).toBe(400);
  });

  it('is private: a visitor gets 401, and nobody can ask for another member’s', async () => {
    const opinion = await buildOpinion(t.db);
    const ada = await buildMember(t.db);
    await vote(ada.cookie, opinion.id, 5);
    await vote(ada.cookie, opinion.id, 1);
    expect(await changesOf(ada.cookie)).toHaveLength(1);

    const visitor = await history(undefined);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ success: false, error: 'Please log in to see your history' });
    // Staff see their own (empty) history; naming someone else is refused as an unknown field.
    expect(await changesOf(staff.cookie)).toEqual([]);
    const named = await t.app.inject({
      method: 'GET',
      url: `/api/user/opinionhistory?userID=${ada.user.id}`,
      headers: { cookie: staff.cookie },
    });
    expect(named.statusCode).toBe(400);
  });
});

describe('this changed my mind', () => {
  it('credits the argument on the side moved toward, once, with count, karma and a notice', async () => {
    const opinion = await buildOpinion(t.db, { title: 'Homework should go' });
    const [author, voter, other] = await Promise.all([
      buildMember(t.db),
      buildMember(t.db),
      buildMember(t.db),
    ]);
    const pro = await argue(author, { opinionId: opinion.id, responseType: 'pro' });
    const con = await argue(author, { opinionId: opinion.id, responseType: 'con' });
    const reply = await argue(other, { opinionId: opinion.id, parentId: pro.id, responseType: '' });
    const mine = await argue(voter, { opinionId: opinion.id, responseType: 'pro' });
    const karmaBefore = await karmaOf(author.user.id);

    // Without a vote, or with a vote never changed: nothing to credit.
    const unvoted = await credit(voter.cookie, pro.id);
    expect(unvoted.statusCode).toBe(409);
    expect(unvoted.json().error).toMatch(/not changed your vote/);
    await vote(voter.cookie, opinion.id, 4);
    expect((await credit(voter.cookie, pro.id)).statusCode).toBe(409);

    // Toward Agree (4 → 2): an Against argument, a reply and one's own are refused.
    await vote(voter.cookie, opinion.id, 2);
    const wrongSide = await credit(voter.cookie, con.id);
    expect(wrongSide.statusCode).toBe(409);
    expect(wrongSide.json().error).toBe(
      'Your latest change moved you toward Agree: only an argument For can be credited, and this one is Against',
    );
    expect((await credit(voter.cookie, reply.id)).json().error).toMatch(/not a reply/);
    const own = await credit(voter.cookie, mine.id);
    expect(own.statusCode).toBe(409);
    expect(own.json().error).toMatch(/Your own argument/);
    expect((await credit(voter.cookie, 999_999)).statusCode).toBe(404);

    const accepted = await credit(voter.cookie, pro.id);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().body).toEqual({ Persuaded: 1 });
    expect(await karmaOf(author.user.id)).toBe(karmaBefore + karmaPerMindChanged);
    const twice = await credit(voter.cookie, pro.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toMatch(/already credited/);
    await expectNoDrift();

    // The thread shows the count; the history names the argument.
    const thread = await post('/api/v2/comment/get', {
      threadID: String(opinion.id),
      sort: 'persuasive',
    });
    const comments = thread.json().body.Comments;
    expect(comments[0]).toMatchObject({ CommentID: pro.id, Persuaded: 1 });
    const [change] = await changesOf(voter.cookie);
    expect(change!.PersuadedBy).toMatchObject({
      CommentID: pro.id,
      Link: `/o/${opinion.slug}#comment-${pro.id}`,
      UsernameCased: author.user.username,
    });

    // The author hears of it, without a name.
    await worker.drain();
    const events = (await post('/api/notifications/get', {}, author.cookie)).json().body
      .Notifications;
    // The award for the first mind changed, and the profile's count.
    expect(events).toContainEqual(
      expect.objectContaining({ Kind: 'Milestone', ArtifactTitle: 'First mind changed' }),
    );
    const profile = await t.app.inject({
      method: 'GET',
      url: `/api/user/getprofile?username=${author.user.username}`,
    });
    expect(profile.json().body.Profile).toMatchObject({
      MindsChanged: 1,
      Milestones: { MindsChanged: 1 },
    });
    expect(events.filter((event: { Kind: string }) => event.Kind === 'Persuaded')).toEqual([
      expect.objectContaining({
        ActionName: 'mind',
        UsernameCased: '',
        ArtifactTitle: 'Homework should go',
      }),
    ]);
  });

  it('withdraws a credit when the member moves back, and never gives it again', async () => {
    const opinion = await buildOpinion(t.db);
    const [author, voter] = await Promise.all([buildMember(t.db), buildMember(t.db)]);
    const con = await argue(author, { opinionId: opinion.id, responseType: 'con' });
    const karmaBefore = await karmaOf(author.user.id);
    await vote(voter.cookie, opinion.id, 2);
    await vote(voter.cookie, opinion.id, 4);
    expect((await credit(voter.cookie, con.id)).json().body).toEqual({ Persuaded: 1 });

    // Still on the Disagree side of 2: the credit stands.
    await vote(voter.cookie, opinion.id, 3);
    expect(await persuadedOf(con.id)).toBe(1);
    // Back to where they started: withdrawn, with its karma.
    await vote(voter.cookie, opinion.id, 2);
    expect(await persuadedOf(con.id)).toBe(0);
    expect(await karmaOf(author.user.id)).toBe(karmaBefore);
    await expectNoDrift();
    // Moving toward Disagree again does not let them credit a second time.
    await vote(voter.cookie, opinion.id, 5);
    expect((await credit(voter.cookie, con.id)).statusCode).toBe(409);
    await expectNoDrift();
  });

  it('takes a credited argument’s karma away with it when it is deleted', async () => {
    const opinion = await buildOpinion(t.db);
    const [author, voter] = await Promise.all([buildMember(t.db), buildMember(t.db)]);
    const pro = await argue(author, { opinionId: opinion.id, responseType: 'pro' });
    await vote(voter.cookie, opinion.id, 5);
    await vote(voter.cookie, opinion.id, 1);
    expect((await credit(voter.cookie, pro.id)).statusCode).toBe(200);
    const deleted = await post('/api/v2/comment/delete', { commentID: pro.id }, author.cookie);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().body.Comment.Persuaded).toBe(0);
    await expectNoDrift();
    expect((await credit(voter.cookie, pro.id)).statusCode).toBe(410);
  });
});

describe('where people decide', () => {
  it('shows how many minds an argument changed on /arguments and on the question page', async () => {
    const category = await post('/api/category/new', { title: 'Minds' }, staff.cookie);
    expect(category.statusCode, category.body).toBe(200);
    const question = await post(
      '/api/convo/new',
      {
        title: 'Should homework go?',
        description: 'What people think about homework',
        categoryID: category.json().body.Category.ID,
        positions: [
          { title: 'Homework does more harm than good' },
          { title: 'Homework builds habits' },
        ],
      },
      staff.cookie,
    );
    expect(question.statusCode, question.body).toBe(200);
    const [positionId] = (
      await t.db
        .selectFrom('convoPositions')
        .select('opinionId')
        .where('convoId', '=', question.json().body.ID)
        .orderBy('position')
        .execute()
    ).map((row) => row.opinionId);
    const [author, liker, voter] = await Promise.all([
      buildMember(t.db),
      buildMember(t.db),
      buildMember(t.db),
    ]);
    const liked = await argue(author, { opinionId: positionId!, responseType: 'pro' });
    const persuasive = await argue(author, { opinionId: positionId!, responseType: 'pro' });
    await post('/api/v2/comment/like', { commentID: liked.id, liked: true }, liker.cookie);
    await vote(voter.cookie, positionId!, 5);
    await vote(voter.cookie, positionId!, 2);
    expect((await credit(voter.cookie, persuasive.id)).statusCode).toBe(200);

    const feed = async (sort: string) =>
      (await post('/api/arg/feed', { sort })).json().body.Feed as {
        ID: number;
        Persuaded: number;
      }[];
    const shown = (feed: { ID: number; Persuaded: number }[]) =>
      Object.fromEntries(feed.map((arg) => [arg.ID, arg.Persuaded]));
    expect(shown(await feed('liked'))).toMatchObject({ [persuasive.id]: 1, [liked.id]: 0 });
    expect((await feed('liked'))[0]!.ID).toBe(liked.id);
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/convo/get?slug=${question.json().body.Slug}`,
    });
    const strongest = page.json().body.Positions[0].For as { ID: number; Persuaded: number }[];
    expect(shown(strongest)).toMatchObject({ [persuasive.id]: 1, [liked.id]: 0 });
  });
});

describe('movement', () => {
  const movementOf = async (slug: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/opinion/get?slug=${slug}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().body.Movement;
  };

  it('counts who moved which way, withheld under MIN_GROUP_SIZE and by the complement rule', async () => {
    const opinion = await buildOpinion(t.db);
    const members = await Promise.all(Array.from({ length: 6 }, () => buildMember(t.db)));
    // Two move toward Agree: under the minimum of 3, withheld.
    for (const member of members.slice(0, 2)) {
      await vote(member.cookie, opinion.id, 4);
      await vote(member.cookie, opinion.id, 2);
    }
    expect(await movementOf(opinion.slug)).toEqual({ TowardAgree: null, TowardDisagree: null });
    // A third: shown; nobody moved toward Disagree, and 0 is not shown either.
    await vote(members[2]!.cookie, opinion.id, 5);
    await vote(members[2]!.cookie, opinion.id, 1);
    expect(await movementOf(opinion.slug)).toEqual({ TowardAgree: 3, TowardDisagree: null });
    // Voters who never moved: while the voters minus the shown figure would be 1 or 2 people, the
    // figure is withheld; with a third, shown again.
    await vote(members[3]!.cookie, opinion.id, 3);
    expect(await movementOf(opinion.slug)).toEqual({ TowardAgree: null, TowardDisagree: null });
    await vote(members[4]!.cookie, opinion.id, 3);
    expect(await movementOf(opinion.slug)).toEqual({ TowardAgree: null, TowardDisagree: null });
    await vote(members[5]!.cookie, opinion.id, 3);
    expect(await movementOf(opinion.slug)).toEqual({ TowardAgree: 3, TowardDisagree: null });
    // Back where one started: no longer moved.
    await vote(members[0]!.cookie, opinion.id, 4);
    expect(await movementOf(opinion.slug)).toEqual({ TowardAgree: null, TowardDisagree: null });
  });
});

describe('staff reports', () => {
  it('give the movement figures, withheld as on the opinion page', async () => {
    const topic = await buildTopic(t.db, { slug: 'minds-topic', title: 'Minds' });
    const moved = await buildOpinion(t.db, { title: 'Moved a lot', topicIds: [topic.id] });
    const few = await buildOpinion(t.db, { title: 'Moved a little', topicIds: [topic.id] });
    const members = await Promise.all(Array.from({ length: 6 }, () => buildMember(t.db)));
    for (const [index, member] of members.entries()) {
      // Three move toward Agree on the first, three stay; on the second, two move.
      await vote(member.cookie, moved.id, index < 3 ? 5 : 3);
      if (index < 3) await vote(member.cookie, moved.id, 1);
      await vote(member.cookie, few.id, 4);
      if (index < 2) await vote(member.cookie, few.id, 2);
    }
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/topic/report?slug=minds-topic',
      headers: { cookie: staff.cookie },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const rows: Record<string, string>[] = parse(csv.body, { columns: true });
    expect(
      rows.map((row) => [row.title, row.moved_toward_agree, row.moved_toward_disagree]),
    ).toEqual([
      ['Moved a lot', '3', ''],
      ['Moved a little', '', ''],
    ]);
    const report = await post('/api/opinion/allvotes', { slug: moved.slug }, staff.cookie);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().body.Movement).toEqual({ TowardAgree: 3, TowardDisagree: null });
  });
});

describe('vote shares over time', () => {
  it('gives each day’s shares from the votes and their changes, days under the minimum left out', async () => {
    const opinion = await buildOpinion(t.db);
    const trend = async (id: number | string) =>
      t.app.inject({ method: 'GET', url: `/api/opinion/trend?id=${id}` });
    const members = await Promise.all(Array.from({ length: 4 }, () => buildMember(t.db)));
    for (const member of members.slice(0, 2)) await vote(member.cookie, opinion.id, 2);
    expect((await trend(opinion.id)).json().body).toEqual({ Days: [] });
    await vote(members[2]!.cookie, opinion.id, 5);
    await vote(members[3]!.cookie, opinion.id, 3);
    await vote(members[2]!.cookie, opinion.id, 1); // changed today: counted as it stands now
    const today = new Date().toISOString().slice(0, 10);
    expect((await trend(opinion.id)).json().body).toEqual({
      Days: [{ Day: today, Voters: 4, Agree: 75, Neutral: 25, Disagree: 0 }],
    });
    expect((await trend('abc')).statusCode).toBe(400);
    expect((await trend(99_999_999_999)).statusCode).toBe(400);
    expect((await trend(2_000_000_000)).statusCode).toBe(404);
  });
});
