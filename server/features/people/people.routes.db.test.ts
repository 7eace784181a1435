import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridStart } from '../../../contract/contribution-grid.ts';
import type { Profile, ProfileComment } from '../../../contract/people.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  buildComment,
  buildOpinion,
  buildUser,
  loginAs,
  recordVote,
} from '../../test/factories.ts';
import { checkMilestones } from '../milestones/milestones.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

async function post(url: string, body: unknown, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify({ body }),
  });
}

const dayMs = 86_400_000;

describe('GET /api/user/getprofile', () => {
  it("returns the member's details, totals, milestones and grid, whatever the name's case", async () => {
    const member = await buildUser(t.db, {
      username: 'GridKeeper',
      fullName: 'Grid Keeper',
      location: 'Leeds',
      bio: 'Counts things.',
      expertise: 'Counting',
      karma: 120,
      createdAt: new Date('2024-02-01T10:00:00Z'),
    });
    const other = await buildUser(t.db);
    const opinion = await buildOpinion(t.db, { authorId: member.id });
    await buildOpinion(t.db, { authorId: member.id, deleted: true });
    const quizItem = await buildOpinion(t.db, { listed: false });
    const now = new Date();
    // Three days in a row ending yesterday, and a vote today.
    for (let daysAgo = 3; daysAgo >= 0; daysAgo--) {
      const target = await buildOpinion(t.db);
      await recordVote(t.db, member.id, target.id, 2, new Date(now.getTime() - daysAgo * dayMs));
    }
    await recordVote(t.db, member.id, quizItem.id, 1);
    const comment = await buildComment(t.db, { opinionId: opinion.id, authorId: member.id });
    await t.db
      .insertInto('commentLikes')
      .values({ commentId: comment.id, userId: other.id })
      .execute();

    const response = await get('/api/user/getprofile?username=gridkeeper');
    expect(response.statusCode).toBe(200);
    const profile: Profile = response.json().body.Profile;
    expect(profile).toMatchObject({
      UsernameCased: 'GridKeeper',
      FullName: 'Grid Keeper',
      Location: 'Leeds',
      Joined: '2024-02-01T10:00:00.000Z',
      Bio: 'Counts things.',
      Expertise: 'Counting',
      Karma: 120,
      OpinionsTotal: 1,
      NumVotes: 4,
      NumComments: 1,
      NumCommentLikes: 1,
      MindsChanged: 0,
      Milestones: { Level: 3, Award: 1, Comments: 1, GoodPointsReceived: 1, MindsChanged: 0 },
    });
    expect(profile.Grid.StartTime).toBe(gridStart(now).toISOString());
    const total = profile.Grid.Activity.reduce((sum, count) => sum + count, 0);
    // Four votes, one comment and one opinion; the quiz answer and the deleted opinion do not count.
    expect(total).toBe(6);
    expect(profile.Grid.Activity.at(-1)).toBeGreaterThanOrEqual(1);
    expect(profile.Grid.LongestStreak).toBe(4);
  });

  it('answers 404 "User not found" for an unknown name', async () => {
    const response = await get('/api/user/getprofile?username=nobody-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, error: 'User not found' });
  });

  it('refuses a missing username with 400 naming the field', async () => {
    const response = await get('/api/user/getprofile');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/^username/);
  });
});

describe('GET /api/user/getcomments', () => {
  it('lists live comments newest first with their opinion, paged to the end', async () => {
    const author = await buildUser(t.db, { username: 'Chatty' });
    const opinion = await buildOpinion(t.db, {
      title: 'Cities should ban cars from their centres',
    });
    const removedOpinion = await buildOpinion(t.db, { deleted: true });
    const base = Date.now() - 30 * dayMs;
    const ids: number[] = [];
    for (let n = 0; n < 23; n++) {
      const comment = await buildComment(t.db, {
        opinionId: opinion.id,
        authorId: author.id,
        body: `Point **${n}**`,
      });
      // Two comments share a timestamp, so the cursor must break ties by id.
      const at = new Date(base + Math.min(n, 21) * 60_000);
      await t.db
        .updateTable('comments')
        .set({ createdAt: at })
        .where('id', '=', comment.id)
        .execute();
      ids.push(comment.id);
    }
    const deleted = await buildComment(t.db, { opinionId: opinion.id, authorId: author.id });
    await t.db
      .updateTable('comments')
      .set({ deleted: true, deletedReason: 'user' })
      .where('id', '=', deleted.id)
      .execute();
    await buildComment(t.db, { opinionId: removedOpinion.id, authorId: author.id });
    const suggestion = await t.db
      .insertInto('comments')
      .values({
        threadId: 'suggestions',
        opinionId: null,
        parentId: null,
        authorId: author.id,
        bodySource: 'Add an opinion on trams',
        bodyHtml: '<p>Add an opinion on trams</p>',
        createdAt: new Date(base - dayMs),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const first = await get('/api/user/getcomments?username=chatty');
    expect(first.statusCode).toBe(200);
    const firstBody = first.json().body;
    expect(firstBody.Profile.UsernameCased).toBe('Chatty');
    expect(firstBody.Comments).toHaveLength(20);
    expect(firstBody.EndReached).toBe(false);
    const top: ProfileComment = firstBody.Comments[0];
    expect(top).toMatchObject({
      OpinionTitle: 'Cities should ban cars from their centres',
      Link: `/o/${opinion.slug}#comment-${top.CommentID}`,
      Body: expect.stringContaining('<strong>'),
      IsReply: false,
    });

    const second = await get(
      `/api/user/getcomments?username=chatty&after=${encodeURIComponent(firstBody.After)}`,
    );
    const secondBody = second.json().body;
    expect(secondBody.EndReached).toBe(true);
    expect(secondBody.After).toBe('');
    const listed = [...firstBody.Comments, ...secondBody.Comments] as ProfileComment[];
    // Every live comment once; the deleted one and the one on a removed opinion are left out.
    // Newest first; the two comments at the same moment by id, higher first.
    expect(listed.map((comment) => comment.CommentID)).toEqual([
      ids[22],
      ids[21],
      ...ids.slice(0, 21).reverse(),
      suggestion.id,
    ]);
    expect(new Set(listed.map((comment) => comment.CommentID)).size).toBe(24);
    expect(listed.some((comment) => comment.CommentID === deleted.id)).toBe(false);
    const times = listed.map((comment) => Date.parse(comment.Created));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(listed.at(-1)).toMatchObject({
      CommentID: suggestion.id,
      OpinionTitle: 'Suggestions',
      Link: `/suggest#comment-${suggestion.id}`,
    });
  });

  it('answers 404 "User not found" for a missing user and 400 for a broken cursor', async () => {
    const missing = await get('/api/user/getcomments?username=ghost');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('User not found');
    await buildUser(t.db, { username: 'Cursorless' });
    const broken = await get('/api/user/getcomments?username=Cursorless&after=bm9wZQ');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toMatch(/^after/);
  });
});

describe('contributors and activity', () => {
  it('lists top contributors by karma', async () => {
    await buildUser(t.db, { username: 'TopKarma', karma: 90_000 });
    await buildUser(t.db, { username: 'SecondKarma', karma: 80_000 });
    const response = await get('/api/contributors/get');
    expect(response.statusCode).toBe(200);
    const contributors = response.json().body.Contributors;
    expect(contributors.slice(0, 2)).toEqual([
      { UsernameCased: 'TopKarma', Karma: 90_000 },
      { UsernameCased: 'SecondKarma', Karma: 80_000 },
    ]);
  });

  it('lists the latest comments newest first, each linking to the comment', async () => {
    const author = await buildUser(t.db, { username: 'Latest_One' });
    const opinion = await buildOpinion(t.db, { title: 'A'.repeat(90) });
    const older = await buildComment(t.db, { opinionId: opinion.id, authorId: author.id });
    const newer = await buildComment(t.db, { opinionId: opinion.id, authorId: author.id });
    await t.db
      .updateTable('comments')
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where('id', '=', older.id)
      .execute();
    const response = await get('/api/activity/get');
    expect(response.statusCode).toBe(200);
    const activity = response.json().body.Activity;
    expect(activity[0]).toMatchObject({
      CommentID: newer.id,
      Username: 'Latest_One',
      OpinionTitle: 'A'.repeat(90),
      Link: `/o/${opinion.slug}#comment-${newer.id}`,
    });
    const ids = activity.map((row: { CommentID: number }) => row.CommentID);
    expect(ids.indexOf(older.id)).toBeGreaterThan(0);
    const times = activity.map((row: { Created: string }) => Date.parse(row.Created));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});

describe('POST /api/user/setprofile', () => {
  it("saves the owner's texts trimmed, and the profile shows them", async () => {
    const member = await buildUser(t.db, { username: 'Editor' });
    const cookie = await loginAs(t.db, member.id);
    const response = await post(
      '/api/user/setprofile',
      {
        fullName: '  Ed Itor ',
        location: 'York',
        bio: 'Line one\r\n\r\n\r\n\r\nLine <b>two</b>',
        expertise: 'Proofreading',
      },
      cookie,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().body.Profile).toMatchObject({
      FullName: 'Ed Itor',
      Location: 'York',
      Bio: 'Line one\n\nLine <b>two</b>',
      Expertise: 'Proofreading',
    });
    const again = await get('/api/user/getprofile?username=Editor');
    expect(again.json().body.Profile.FullName).toBe('Ed Itor');
  });

  it('refuses texts over their limits, line breaks in one-line fields and control characters', async () => {
    const member = await buildUser(t.db);
    const cookie = await loginAs(t.db, member.id);
    const valid = { fullName: 'A', location: 'B', bio: 'C', expertise: 'D' };
    const cases: [Record<string, string>, RegExp][] = [
      [{ fullName: 'x'.repeat(51) }, /^fullName must be at most 50 characters/],
      [{ location: 'x'.repeat(61) }, /^location must be at most 60 characters/],
      [{ bio: 'x'.repeat(501) }, /^bio must be at most 500 characters/],
      [{ expertise: 'x'.repeat(121) }, /^expertise must be at most 120 characters/],
      [{ location: 'two\nlines' }, /^location must be a single line/],
      [{ bio: 'bell\u0007' }, /^bio must be plain text/],
    ];
    for (const [change, message] of cases) {
      const response = await post('/api/user/setprofile', { ...valid, ...change }, cookie);
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().error).toMatch(message);
    }
    const atLimit = await post(
      '/api/user/setprofile',
      {
        fullName: 'x'.repeat(50),
        location: 'y'.repeat(60),
        bio: 'z'.repeat(500),
        expertise: 'w'.repeat(120),
      },
      cookie,
    );
    expect(atLimit.statusCode).toBe(200);
  });

  it('needs a logged-in member', async () => {
    const response = await post('/api/user/setprofile', {
      fullName: 'A',
      location: 'B',
      bio: 'C',
      expertise: 'D',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/user/profileimage/{username}', () => {
  it('draws the same SVG for a name in any case, small by default and big on request', async () => {
    const small = await get('/api/user/profileimage/SomeOne');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(small.body).toMatch(/^<svg [^>]*width="32" height="32"/);
    expect(small.headers['cache-control']).toMatch(/max-age=86400/);
    const lower = await get('/api/user/profileimage/someone');
    expect(lower.body).toBe(small.body);
    expect(lower.headers.etag).toBe(small.headers.etag);
    const big = await get('/api/user/profileimage/SomeOne?size=big');
    expect(big.body).toMatch(/width="128" height="128"/);
    expect(big.headers.etag).not.toBe(small.headers.etag);
    const other = await get('/api/user/profileimage/someone-else');
    expect(other.body).not.toBe(small.body);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await get('/api/user/profileimage/cached');
    const etag = String(first.headers.etag);
    const again = await get('/api/user/profileimage/cached', { 'if-none-match': `"x", ${etag}` });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('draws an image for any name, never echoing it into the markup', async () => {
    const response = await get(
      `/api/user/profileimage/${encodeURIComponent('<script>alert(1)</script>')}?size=huge`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('script');
    expect(response.body).toMatch(/width="32"/);
  });
});

describe('GET /api/user/profileimage with odd addresses', () => {
  it('draws a picture for a very long name, and refuses a broken escape in the JSON shape', async () => {
    const long = await get(`/api/user/profileimage/${'x'.repeat(5000)}`);
    expect(long.statusCode).toBe(200);
    expect(long.headers['content-type']).toMatch(/^image\/svg\+xml/);
    const broken = await get('/api/user/profileimage/%ZZ');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ success: false, error: 'The address is not a valid URL' });
  });
});

describe('the profile after milestones are recorded', () => {
  it('keeps showing an award whose count dropped', async () => {
    const member = await buildUser(t.db, { username: 'Keeper' });
    const opinion = await buildOpinion(t.db);
    const comment = await buildComment(t.db, { opinionId: opinion.id, authorId: member.id });
    await checkMilestones(t.db, member.id);
    await t.db
      .updateTable('comments')
      .set({ deleted: true })
      .where('id', '=', comment.id)
      .execute();
    const profile = (await get('/api/user/getprofile?username=Keeper')).json().body.Profile;
    expect(profile.NumComments).toBe(0);
    expect(profile.Milestones.Comments).toBe(1);
  });
});

// The profile pages as the server sends them (the member's name as they spell it in the title,
// 404 for a name nobody has) are the web app rendered on the server: e2e/pages-server.e2e.ts.
