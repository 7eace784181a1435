import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildOpinion, buildTopic, buildUser, loginAs, recordVote } from '../../test/factories.ts';

let t: TestApp;
const adminEmail = 'chief@stance.test';

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: adminEmail } });
});
afterAll(async () => {
  await t.close();
});

async function post(url: string, body: unknown, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: { body },
  });
}

async function creator() {
  const user = await buildUser(t.db, { canCreateOpinions: true });
  return { user, cookie: await loginAs(t.db, user.id) };
}

describe('POST /api/opinion/new', () => {
  it('creates an opinion with its topics and a readable slug, then answers Slug and ArtifactID', async () => {
    const { user, cookie } = await creator();
    const topic = await buildTopic(t.db, { slug: 'food', title: 'Food' });
    const response = await post(
      '/api/opinion/new',
      {
        title: '  Breakfast is   the most important meal ',
        id: '',
        topics: JSON.stringify([topic.id]),
        topicSearch: '',
      },
      cookie,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json().body;
    expect(body.Slug).toBe('breakfast-is-the-most-important-meal');
    const page = await t.app.inject({ method: 'GET', url: `/api/opinion/get?slug=${body.Slug}` });
    expect(page.json().body.Opinion).toMatchObject({
      ArtifactID: body.ArtifactID,
      Title: 'Breakfast is the most important meal',
      UID: user.id,
      Topics: [{ Slug: 'food' }],
    });
  });

  it('makes slugs unique: the same words get -2, -3', async () => {
    const { cookie } = await creator();
    await buildOpinion(t.db, {
      slug: 'cats-are-better-than-dogs',
      title: 'Another title entirely',
    });
    const response = await post(
      '/api/opinion/new',
      { title: 'Cats are better than dogs!', topics: [] },
      cookie,
    );
    expect(response.json().body.Slug).toBe('cats-are-better-than-dogs-2');
  });

  it('refuses a title that is too short or too long, naming the limits', async () => {
    const { cookie } = await creator();
    const short = await post('/api/opinion/new', { title: 'Too  ', topics: '[]' }, cookie);
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe('title must be at least 8 characters long');
    const long = await post('/api/opinion/new', { title: 'x'.repeat(201), topics: '[]' }, cookie);
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe('title must be at most 200 characters long');
    const missing = await post('/api/opinion/new', { topics: '[]' }, cookie);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('title is required');
  });

  it('refuses the form while the topic search box has text', async () => {
    const { cookie } = await creator();
    const response = await post(
      '/api/opinion/new',
      { title: 'Trains beat planes for short trips', topics: '[]', topicSearch: 'tran' },
      cookie,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(
      'Please choose an existing topic, create a new one or clear the topics field.',
    );
  });

  it('refuses unknown topics, malformed topic lists and too many topics', async () => {
    const { cookie } = await creator();
    const unknown = await post(
      '/api/opinion/new',
      { title: 'Trains beat planes for short trips', topics: '[424242]' },
      cookie,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('topics: there is no topic with id 424242');
    const malformed = await post(
      '/api/opinion/new',
      { title: 'Trains beat planes for short trips', topics: 'food' },
      cookie,
    );
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe('topics must be a JSON list of topic ids');
    const many = await post(
      '/api/opinion/new',
      { title: 'Trains beat planes for short trips', topics: [1, 2, 3, 4, 5, 6] },
      cookie,
    );
    expect(many.statusCode).toBe(400);
    expect(many.json().error).toBe('topics: choose at most 5 topics');
  });

  it('refuses a duplicate of a live opinion with 409 naming it', async () => {
    const { cookie } = await creator();
    const existing = await buildOpinion(t.db, { title: 'Homework should be abolished' });
    const response = await post(
      '/api/opinion/new',
      { title: 'homework should be ABOLISHED', topics: [] },
      cookie,
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(`title: this opinion exists already at /o/${existing.slug}`);
  });

  it('needs a login (401) and the CanCreateOpinions flag (403); ADMIN_EMAILS hold it', async () => {
    const anonymous = await post('/api/opinion/new', { title: 'Anyone can write', topics: [] });
    expect(anonymous.statusCode).toBe(401);
    const member = await buildUser(t.db);
    const refused = await post(
      '/api/opinion/new',
      { title: 'Plain members cannot write', topics: [] },
      await loginAs(t.db, member.id),
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('Your account is not allowed to create opinions');
    const admin = await buildUser(t.db, { email: adminEmail });
    const allowed = await post(
      '/api/opinion/new',
      { title: 'Admins can write opinions', topics: [] },
      await loginAs(t.db, admin.id),
    );
    expect(allowed.statusCode).toBe(200);
  });
});

describe('POST /api/opinion/edit', () => {
  it('lets the author change title and topics while nobody else has voted; the slug stays', async () => {
    const { user, cookie } = await creator();
    const topic = await buildTopic(t.db);
    const opinion = await buildOpinion(t.db, {
      authorId: user.id,
      title: 'Remote work is here to stay',
    });
    await recordVote(t.db, user.id, opinion.id, 1);
    const response = await post(
      '/api/opinion/edit',
      { id: opinion.id, title: 'Remote work is here to stay for good', topics: [topic.id] },
      cookie,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().body).toEqual({ Slug: opinion.slug, ArtifactID: opinion.id });
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/opinion/get?slug=${opinion.slug}`,
    });
    expect(page.json().body.Opinion.Title).toBe('Remote work is here to stay for good');
    expect(page.json().body.Opinion.Topics.map((row: { Slug: string }) => row.Slug)).toEqual([
      topic.slug,
    ]);
  });

  it("refuses the author once others have voted, and refuses someone else's edit", async () => {
    const { user } = await creator();
    const opinion = await buildOpinion(t.db, { authorId: user.id });
    const voter = await buildUser(t.db);
    await recordVote(t.db, voter.id, opinion.id, 4);
    const byAuthor = await post(
      '/api/opinion/edit',
      { id: opinion.id, title: 'A quietly different claim', topics: [] },
      await loginAs(t.db, user.id),
    );
    expect(byAuthor.statusCode).toBe(403);
    expect(byAuthor.json().error).toBe(
      'Other members have voted on this opinion, so only an editor can change it now',
    );

    const other = await creator();
    const fresh = await buildOpinion(t.db, { authorId: user.id });
    const bySomeoneElse = await post(
      '/api/opinion/edit',
      { id: fresh.id, title: 'Hijacked by another member', topics: [] },
      other.cookie,
    );
    expect(bySomeoneElse.statusCode).toBe(403);
    expect(bySomeoneElse.json().error).toBe('Only editors and the author can edit this opinion');
  });

  it('lets editors (CanDeleteContent, or the role contributor or admin) edit any opinion', async () => {
    const opinion = await buildOpinion(t.db, { title: 'Zoos should be closed' });
    const voter = await buildUser(t.db);
    await recordVote(t.db, voter.id, opinion.id, 2);
    const moderator = await buildUser(t.db, { canDeleteContent: true });
    const contributor = await buildUser(t.db, { role: 'contributor' });
    for (const [editor, title] of [
      [moderator, 'Zoos should be closed down'],
      [contributor, 'Zoos should be closed for good'],
    ] as const) {
      const response = await post(
        '/api/opinion/edit',
        { id: opinion.id, title, topics: [] },
        await loginAs(t.db, editor.id),
      );
      expect(response.statusCode).toBe(200);
    }
  });

  it('answers 404 for an unknown id, 401 for a visitor and 400 for a bad title', async () => {
    const { cookie } = await creator();
    const unknown = await post(
      '/api/opinion/edit',
      { id: 999_999, title: 'Nothing to edit here', topics: [] },
      cookie,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('id: there is no opinion with that id');
    const anonymous = await post('/api/opinion/edit', {
      id: 1,
      title: 'Nothing to edit here',
      topics: [],
    });
    expect(anonymous.statusCode).toBe(401);
    const long = await post(
      '/api/opinion/edit',
      { id: 1, title: 'y'.repeat(500), topics: [] },
      cookie,
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe('title must be at most 200 characters long');
  });
});

describe('POST /api/opinion/delete', () => {
  it('deletes for moderators: 410 for everyone else, Deleted for moderators, restorable', async () => {
    const opinion = await buildOpinion(t.db);
    const moderator = await buildUser(t.db, { canDeleteContent: true });
    const cookie = await loginAs(t.db, moderator.id);
    const deleted = await post(
      '/api/opinion/delete',
      { opinionID: opinion.id, deleted: true },
      cookie,
    );
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().body).toEqual({ ArtifactID: opinion.id, Deleted: true });

    const visitor = await t.app.inject({
      method: 'GET',
      url: `/api/opinion/get?slug=${opinion.slug}`,
    });
    expect(visitor.statusCode).toBe(410);
    expect(visitor.json().error).toBe('This content has been removed');
    const forModerator = await t.app.inject({
      method: 'GET',
      url: `/api/opinion/get?slug=${opinion.slug}`,
      headers: { cookie },
    });
    expect(forModerator.json().body.Opinion.Deleted).toBe(true);

    const restored = await post(
      '/api/opinion/delete',
      { opinionID: opinion.id, deleted: false },
      cookie,
    );
    expect(restored.json().body.Deleted).toBe(false);
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/opinion/get?slug=${opinion.slug}`,
    });
    expect(again.statusCode).toBe(200);
  });

  it('refuses visitors (401), members without the flag (403), bad input (400) and unknown ids (404)', async () => {
    const opinion = await buildOpinion(t.db);
    expect(
      (await post('/api/opinion/delete', { opinionID: opinion.id, deleted: true })).statusCode,
    ).toBe(401);
    const { user } = await creator();
    const author = await buildOpinion(t.db, { authorId: user.id });
    const refused = await post(
      '/api/opinion/delete',
      { opinionID: author.id, deleted: true },
      await loginAs(t.db, user.id),
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('Only moderators can delete opinions');
    const moderator = await buildUser(t.db, { canDeleteContent: true });
    const cookie = await loginAs(t.db, moderator.id);
    const bad = await post(
      '/api/opinion/delete',
      { opinionID: opinion.id, deleted: 'yes' },
      cookie,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('deleted must be true or false');
    const unknown = await post(
      '/api/opinion/delete',
      { opinionID: 777_777, deleted: true },
      cookie,
    );
    expect(unknown.statusCode).toBe(404);
  });
});
