import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demographicsConsentText } from '../../../contract/demographics.base.ts';
import { jobHandlers } from '../../jobs/handlers.ts';
import { startJobWorker, type JobWorker } from '../../jobs/worker.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { expectNoCounterDrift } from '../../test/drift.ts';
import { buildOpinion, buildTopic, buildUser } from '../../test/factories.ts';
import { HttpClient, listen } from '../../test/http-client.ts';
import { hashPassword } from '../accounts/accounts.passwords.ts';
import { findInsightCountDrift } from '../insights/insights.service.ts';
import { listInsightCounts } from '../insights/insights.repository.ts';
import { findMemberVoteCountDrift, findVoteDayDrift } from '../opinions/opinions.repository.ts';
import { findArgumentTallyDrift } from '../questions/questions.service.ts';

/** Your data: the download, and the erasure of an account (docs/decisions/083), over real HTTP. */
let t: TestApp;
let baseUrl: string;
let worker: JobWorker;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listen(t.app);
  worker = startJobWorker(t.db, jobHandlers, { autoStart: false, config: t.config });
});
afterAll(async () => {
  await worker.stop();
  await t.close();
});

const details = {
  gender: 'other',
  birthYear: 1984,
  nationality: 'gb',
  education: 70,
  maritalStatus: 'civil-union',
  householdIncome: 200,
  sexualOrientation: 'pansexual',
  religion: 'falun',
  politicalSpectrum: 25,
  numChildren: 20,
};

/** A member with a password, logged in through the login call. */
async function member(options: { password?: string | null } = {}) {
  n += 1;
  const username = `Leaver_${n}_${Date.now() % 100_000}`;
  const email = `leaver${n}.${Date.now() % 100_000}@example.test`;
  const password = options.password === null ? null : (options.password ?? `a long pass ${n}!`);
  const user = await buildUser(t.db, {
    username,
    email,
    passwordHash: password ? await hashPassword(password) : null,
  });
  const client = new HttpClient(baseUrl);
  if (password) {
    expect((await client.post('/api/login', { email, password })).status).toBe(200);
  } else {
    const { loginAs } = await import('../../test/factories.ts');
    const cookie = await loginAs(t.db, user.id);
    const [name, value] = cookie.split('=');
    client.cookies.set(name!, { value: value!, path: '/' });
  }
  return { user, client, username, email, password };
}

async function ok(client: HttpClient, path: string, body: unknown) {
  const answer = await client.post(path, body);
  expect(answer.status, `${path}: ${JSON.stringify(answer.json)}`).toBe(200);
  return answer.json as { body: Record<string, unknown> };
}

/** A leaver who gave one of everything, among others whose rows must stay as they are. */
async function busyLeaver() {
  const leaver = await member();
  const author = await member();
  const bystander = await member();
  const topic = await buildTopic(t.db);
  const opinion = await buildOpinion(t.db, { authorId: author.user.id, topicIds: [topic.id] });
  const other = await buildOpinion(t.db, { topicIds: [topic.id] });

  await ok(leaver.client, '/api/user/demographics/set', {
    ...details,
    consent: demographicsConsentText,
  });
  await ok(bystander.client, '/api/user/demographics/set', {
    ...details,
    gender: 'female',
    consent: demographicsConsentText,
  });
  await ok(leaver.client, '/api/topic/follow', { topicID: topic.id, followed: true });
  const argument = (
    await ok(author.client, '/api/v2/comment/new', {
      threadID: String(opinion.id),
      body: 'Agreeing is right because of good reasons.',
      responseType: 'pro',
    })
  ).body.Comment as { CommentID: number };
  await ok(bystander.client, '/api/opinion/vote', { id: opinion.id, rating: 1 });
  await ok(bystander.client, '/api/opinion/vote', { id: other.id, rating: 5 });
  await ok(bystander.client, '/api/v2/comment/like', {
    commentID: argument.CommentID,
    liked: true,
  });
  // The leaver disagreed, read the argument, moved toward agreeing and said it changed their mind.
  await ok(leaver.client, '/api/opinion/vote', { id: opinion.id, rating: 4 });
  await ok(leaver.client, '/api/opinion/vote', { id: opinion.id, rating: 2 });
  await ok(leaver.client, '/api/opinion/vote', { id: other.id, rating: 3 });
  await ok(leaver.client, '/api/v2/comment/like', { commentID: argument.CommentID, liked: true });
  await ok(leaver.client, '/api/v2/comment/persuaded', { commentID: argument.CommentID });
  const own = (
    await ok(leaver.client, '/api/v2/comment/new', {
      threadID: String(opinion.id),
      body: 'My own words, which stay after I go.',
      responseType: 'con',
    })
  ).body.Comment as { CommentID: number };
  await ok(bystander.client, '/api/v2/comment/like', { commentID: own.CommentID, liked: true });
  await worker.drain();
  return { leaver, author, bystander, topic, opinion, other, argument, own };
}

/** The parts of the download these tests read. */
type ExportedData = {
  Profile: Record<string, unknown>;
  PersonalDetails: Record<string, unknown> | null;
  Votes: { Opinion: { Slug: string }; Rating: number }[];
  OpinionHistory: { From: number; To: number }[];
  MindsChangedBy: unknown[];
  Comments: unknown[];
  GoodPoints: unknown[];
  Follows: unknown[];
  NotificationSettings: unknown;
  Subscription: unknown;
  QuizAnswers: unknown[];
};

async function expectNoDrift() {
  await expectNoCounterDrift(t.db);
  expect(await findVoteDayDrift(t.db)).toEqual([]);
  expect(await findInsightCountDrift(t.db)).toEqual([]);
  expect(await findArgumentTallyDrift(t.db)).toEqual([]);
  expect(await findMemberVoteCountDrift(t.db)).toEqual([]);
}

describe('download my data', () => {
  it('is a JSON attachment of everything the member gave, and nobody else’s details', async () => {
    const world = await busyLeaver();
    const { leaver } = world;
    const answer = await leaver.client.get('/api/user/export');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="stance-${leaver.username}.json"`,
    );
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    const data = answer.json as unknown as ExportedData;
    expect(data.Profile).toMatchObject({ Username: leaver.username, Email: leaver.email });
    expect(data.PersonalDetails).toMatchObject({ ...details, Consent: demographicsConsentText });
    expect(data.Votes.map((vote) => [vote.Opinion.Slug, vote.Rating])).toEqual(
      expect.arrayContaining([
        [world.opinion.slug, 2],
        [world.other.slug, 3],
      ]),
    );
    expect(data.OpinionHistory.map((change) => [change.From, change.To])).toEqual([[4, 2]]);
    expect(data.MindsChangedBy).toEqual([
      expect.objectContaining({ CommentID: world.argument.CommentID, Side: 'pro' }),
    ]);
    expect(data.Comments).toEqual([
      expect.objectContaining({
        CommentID: world.own.CommentID,
        Source: 'My own words, which stay after I go.',
        ResponseType: 'con',
      }),
    ]);
    expect(data.GoodPoints).toEqual([
      expect.objectContaining({ CommentID: world.argument.CommentID }),
    ]);
    expect(data.Follows).toEqual([
      expect.objectContaining({ Topic: { Slug: world.topic.slug, Title: world.topic.title } }),
    ]);
    expect(data.NotificationSettings).toEqual({ AllEmails: true, Replies: true });
    expect(data.Subscription).toMatchObject({ Status: '' });
    expect(data.QuizAnswers).toEqual([]);
    // No other member's name, address or details: not the argument's author, not who liked.
    const text = JSON.stringify(data);
    for (const someoneElse of [world.author, world.bystander]) {
      expect(text).not.toContain(someoneElse.username);
      expect(text).not.toContain(someoneElse.email);
    }
    expect(text).not.toContain('female');
    expect(text).not.toMatch(/passwordHash|password_hash|\$argon2/);
  });

  it('needs a login: 401 in the wire format', async () => {
    const answer = await new HttpClient(baseUrl).get('/api/user/export');
    expect(answer.status).toBe(401);
    expect(answer.json).toEqual({ success: false, error: 'Please log in first' });
  });
});

describe('delete my account', () => {
  it('erases every kind of the member’s data in one go, counters with it, and keeps their comments as [deleted]', async () => {
    const world = await busyLeaver();
    const { leaver, opinion, other, argument, own } = world;
    const id = leaver.user.id;
    const before = await t.db
      .selectFrom('opinions')
      .select(['id', 'votes1', 'votes2', 'votes3', 'votes4', 'votes5'])
      .where('id', 'in', [opinion.id, other.id])
      .orderBy('id')
      .execute();
    const authorKarma = async () =>
      (
        await t.db
          .selectFrom('users')
          .select('karma')
          .where('id', '=', world.author.user.id)
          .executeTakeFirstOrThrow()
      ).karma;
    const karmaBefore = await authorKarma();
    await expectNoDrift();
    const visitor = new HttpClient(baseUrl);
    const listed = async () => ({
      contributors: JSON.stringify((await visitor.get('/api/contributors/get')).json),
      sitemap: await (await fetch(`${baseUrl}/sitemap.xml`)).text(),
    });
    const listedBefore = await listed();
    expect(listedBefore.contributors).toContain(leaver.username);
    expect(listedBefore.sitemap).toContain(`/u/${leaver.username}<`);

    const deleted = await leaver.client.post('/api/user/delete', { password: leaver.password });
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ success: true, body: {} });

    // The session is over and the account cannot log in again.
    expect(await leaver.client.whoAmI()).toBe('');
    expect(
      (
        await new HttpClient(baseUrl).post('/api/login', {
          email: leaver.email,
          password: leaver.password,
        })
      ).status,
    ).toBe(401);

    // Every row of the member's is gone…
    for (const table of [
      'votes',
      'voteChanges',
      'persuasions',
      'commentLikes',
      'demographics',
      'topicFollows',
      'sessions',
      'memberVoteCounts',
      'knownSignInPlaces',
      'notifications',
    ] as const) {
      const rows = await t.db.selectFrom(table).select('userId').where('userId', '=', id).execute();
      expect(rows, table).toEqual([]);
    }
    const row = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      username: '[deleted]',
      email: null,
      passwordHash: null,
      fullName: '',
      bio: '',
    });
    expect(row.erasedAt).toBeInstanceOf(Date);

    // …the counters moved with them (one vote fewer each; the argument lost a good point and a
    // mind changed, its author the karma of both), and every counter matches the raw rows.
    const after = await t.db
      .selectFrom('opinions')
      .select(['id', 'votes1', 'votes2', 'votes3', 'votes4', 'votes5'])
      .where('id', 'in', [opinion.id, other.id])
      .orderBy('id')
      .execute();
    expect(after[0]).toEqual({ ...before[0], votes2: before[0]!.votes2 - 1 });
    expect(after[1]).toEqual({ ...before[1], votes3: before[1]!.votes3 - 1 });
    const tally = await t.db
      .selectFrom('comments')
      .select(['likeCount', 'persuadedCount'])
      .where('id', '=', argument.CommentID)
      .executeTakeFirstOrThrow();
    expect(tally).toEqual({ likeCount: 1, persuadedCount: 0 });
    expect(await authorKarma()).toBe(karmaBefore - 5 - 10);
    await expectNoDrift();

    // The comment stays, its author shown as [deleted]; the old name has no profile.
    const thread = await new HttpClient(baseUrl).post('/api/v2/comment/get', {
      threadID: String(opinion.id),
      sort: 'recent',
    });
    expect(thread.status).toBe(200);
    const comments = thread.json!.body!.Comments as { CommentID: number }[];
    const stayed = comments.find((comment) => comment.CommentID === own.CommentID);
    expect(stayed).toBeDefined();
    expect(JSON.stringify(stayed)).toContain('[deleted]');
    expect(JSON.stringify(thread.json)).not.toContain(leaver.username);
    for (const name of [leaver.username, '[deleted]']) {
      const profile = await new HttpClient(baseUrl).get(
        `/api/user/getprofile?username=${encodeURIComponent(name)}`,
      );
      expect(profile.status, name).toBe(404);
    }
    // Contributors, the sitemap, search and the comments page leave the erased account out.
    const listedAfter = await listed();
    for (const text of [listedAfter.contributors, listedAfter.sitemap]) {
      expect(text).not.toContain(leaver.username);
      expect(text).not.toMatch(/\[deleted\]|%5Bdeleted%5D/);
    }
    const commentsPage = await visitor.get(
      `/api/user/getcomments?username=${encodeURIComponent('[deleted]')}`,
    );
    expect(commentsPage.status).toBe(404);
    // Their profiles too: what their pages are rendered from answers 404, so the pages are the
    // Not found page (e2e/pages-server.e2e.ts).
    for (const name of [leaver.username, '[deleted]']) {
      const profile = await visitor.get(
        `/api/user/getprofile?username=${encodeURIComponent(name)}`,
      );
      expect(profile.status, name).toBe(404);
    }
    // Replies to the comment that stayed, and good points on it, tell the erased account nothing.
    await ok(world.author.client, '/api/v2/comment/new', {
      threadID: String(opinion.id),
      parentID: own.CommentID,
      body: 'A reply to someone who has gone.',
    });
    await worker.drain();
    const told = await t.db
      .selectFrom('notifications')
      .select('id')
      .where('userId', '=', id)
      .execute();
    expect(told).toEqual([]);
    const search = await new HttpClient(baseUrl).get(`/api/v2/search?q=deleted`);
    expect(search.status).toBe(200);
    expect(JSON.stringify(search.json)).not.toContain('[deleted]');
  });

  it('erases a member whose new personal details are not yet recounted, and the recount leaves no drift', async () => {
    const leaver = await member();
    const opinion = await buildOpinion(t.db);
    await ok(leaver.client, '/api/user/demographics/set', {
      ...details,
      consent: demographicsConsentText,
    });
    await ok(leaver.client, '/api/opinion/vote', { id: opinion.id, rating: 2 });
    await worker.drain();
    // New answers: the vote's insight counts are still under the old ones until the recount the
    // change queued has run; the erasure comes first.
    await ok(leaver.client, '/api/user/demographics/set', {
      ...details,
      gender: 'female',
      nationality: 'fr',
      consent: demographicsConsentText,
    });
    const erased = await leaver.client.post('/api/user/delete', { password: leaver.password });
    expect(erased.status, JSON.stringify(erased.json)).toBe(200);
    await worker.drain();
    await expectNoDrift();
  });

  it('erases a member whose vote still waits as an insight move: the counts lose that vote alone', async () => {
    const [leaver, stayer] = await Promise.all([member(), member()]);
    const opinion = await buildOpinion(t.db);
    for (const who of [leaver, stayer]) {
      await ok(who.client, '/api/user/demographics/set', {
        ...details,
        consent: demographicsConsentText,
      });
    }
    await ok(stayer.client, '/api/opinion/vote', { id: opinion.id, rating: 2 });
    await worker.drain(); // the stayer's vote folded into the counts
    // The leaver's vote waits as a move (docs/decisions/096): the erasure folds it first, so that
    // it takes away the leaver's count and not the stayer's.
    await ok(leaver.client, '/api/opinion/vote', { id: opinion.id, rating: 2 });
    const waiting = await t.db
      .selectFrom('opinionInsightMoves')
      .select('userId')
      .where('opinionId', '=', opinion.id)
      .execute();
    expect(waiting).toEqual([{ userId: leaver.user.id }]);
    const erased = await leaver.client.post('/api/user/delete', { password: leaver.password });
    expect(erased.status, JSON.stringify(erased.json)).toBe(200);
    const counts = await listInsightCounts(t.db, opinion.id);
    expect(counts.length).toBeGreaterThan(0);
    expect(counts.every((count) => count.rating === 2 && count.votes === 1)).toBe(true);
    await expectNoDrift();
  });

  it('lets the same e-mail and username sign up again at once', async () => {
    const leaver = await member();
    expect(
      (await leaver.client.post('/api/user/delete', { password: leaver.password })).status,
    ).toBe(200);
    const again = new HttpClient(baseUrl);
    const requested = await again.post('/api/signup/requestcode', {
      email: leaver.email,
      username: leaver.username,
      password: 'another long pass 1',
    });
    expect(requested.status).toBe(200);
    await worker.drain();
    const mail = await t.db
      .selectFrom('mailOutbox')
      .select('textBody')
      .where('recipient', '=', leaver.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const code = /\b(\d{6})\b/.exec(mail.textBody)![1];
    expect((await again.post('/api/signup/verifycode', { code })).status).toBe(200);
    expect(await again.whoAmI()).toBe(leaver.username);
  });

  it('refuses a wrong or missing password with a §2 error, and erases nothing', async () => {
    const leaver = await member();
    const wrong = await leaver.client.post('/api/user/delete', { password: 'not my password' });
    expect(wrong.status).toBe(403);
    expect(wrong.json).toEqual({ success: false, error: 'password: that password is not right' });
    const missing = await leaver.client.post('/api/user/delete', {});
    expect(missing.status).toBe(400);
    expect((missing.json as { error: string }).error).toMatch(/password/);
    expect(await leaver.client.whoAmI()).toBe(leaver.username);
    const anonymous = await new HttpClient(baseUrl).post('/api/user/delete', {
      password: 'whatever it is',
    });
    expect(anonymous.status).toBe(401);
  });

  it('limits the tries: the 11th password within 10 minutes gets 429 with Retry-After', async () => {
    const leaver = await member();
    for (let attempt = 1; attempt <= 10; attempt++) {
      const answer = await leaver.client.post('/api/user/delete', { password: `guess ${attempt}` });
      expect(answer.status).toBe(403);
    }
    const refused = await leaver.client.post('/api/user/delete', { password: leaver.password });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await leaver.client.whoAmI()).toBe(leaver.username);
  });

  it('confirms with an e-mailed code for an account without a password', async () => {
    const leaver = await member({ password: null });
    const noPassword = await leaver.client.post('/api/user/delete', {
      password: 'anything at all',
    });
    expect(noPassword.status).toBe(400);
    expect((noPassword.json as { error: string }).error).toMatch(/no password/);
    const noCodeYet = await leaver.client.post('/api/user/delete', { code: '123456' });
    expect(noCodeYet.status).toBe(400);

    expect((await leaver.client.post('/api/user/delete/requestcode', {})).status).toBe(200);
    await worker.drain();
    const mail = await t.db
      .selectFrom('mailOutbox')
      .select(['subject', 'textBody'])
      .where('recipient', '=', leaver.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toMatch(/delete your Stance account/);
    const code = /\b(\d{6})\b/.exec(mail.textBody)![1]!;
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await leaver.client.post('/api/user/delete', { code: wrongCode });
    expect(wrong.status).toBe(400);
    expect((wrong.json as { error: string }).error).toMatch(
      /^code: that code is not right; 4 tries left/,
    );
    // The code is bound to the session that asked for it.
    const elsewhere = new HttpClient(baseUrl);
    const { loginAs } = await import('../../test/factories.ts');
    const [name, value] = (await loginAs(t.db, leaver.user.id)).split('=');
    elsewhere.cookies.set(name!, { value: value!, path: '/' });
    expect((await elsewhere.post('/api/user/delete', { code })).status).toBe(400);

    expect((await leaver.client.post('/api/user/delete', { code })).status).toBe(200);
    const row = await t.db
      .selectFrom('users')
      .select(['username', 'email'])
      .where('id', '=', leaver.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ username: '[deleted]', email: null });
    expect(await elsewhere.whoAmI()).toBe('');
  });

  it('asks a member whose subscription still renews to cancel it first', async () => {
    const leaver = await member();
    await t.db
      .updateTable('users')
      .set({ subscriptionStatus: 'active' })
      .where('id', '=', leaver.user.id)
      .execute();
    await t.db
      .insertInto('stripeCustomers')
      .values({ userId: leaver.user.id, customerId: `cus_${n}`, subscriptionId: `sub_${n}` })
      .execute();
    const refused = await leaver.client.post('/api/user/delete', { password: leaver.password });
    expect(refused.status).toBe(409);
    expect((refused.json as { error: string }).error).toMatch(/cancel it under Subscription/);
    expect(await leaver.client.whoAmI()).toBe(leaver.username);
  });
});
