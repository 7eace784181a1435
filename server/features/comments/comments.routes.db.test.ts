import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comment } from '../../../contract/comments.ts';
import { argumentMinLength } from '../../../contract/comments.base.ts';
import { expectNoCounterDrift } from '../../test/drift.ts';
import { createTestApp, postJson, type TestApp } from '../../test/app.ts';
import { buildMember, buildOpinion, recordVote } from '../../test/factories.ts';
import { karmaPerComment, karmaPerGoodPointReceived } from '../users/users.karma.ts';
import { commentRateRules } from './comments.routes.ts';
import { reportersToHide } from './comments.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: 'moderator@example.test' } });
});
afterAll(async () => {
  await t.close();
});

const post = (path: string, body: unknown, cookie?: string) => postJson(t.app, path, body, cookie);
const member = (overrides: Parameters<typeof buildMember>[1] = {}) => buildMember(t.db, overrides);

async function newComment(
  cookie: string,
  input: { threadID: string; body: string; parentID?: number; responseType?: string },
): Promise<Comment> {
  const response = await post(
    '/api/v2/comment/new',
    { parentID: 0, pathname: '/o/test', ...input },
    cookie,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().body.Comment;
}

async function thread(threadID: string, sort = 'oldest', cookie?: string): Promise<Comment[]> {
  const response = await post('/api/v2/comment/get', { threadID, sort }, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().body.Comments;
}

async function karmaOf(userId: number): Promise<number> {
  const row = await t.db
    .selectFrom('users')
    .select('karma')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.karma;
}

async function numComments(opinionId: number): Promise<number> {
  const row = await t.db
    .selectFrom('opinions')
    .select('numComments')
    .where('id', '=', opinionId)
    .executeTakeFirstOrThrow();
  return row.numComments;
}

function expectNoDrift() {
  return expectNoCounterDrift(t.db);
}

describe('writing comments', () => {
  it('lets a member argue and reply, keeping counters and karma in step', async () => {
    const opinion = await buildOpinion(t.db);
    const threadID = String(opinion.id);
    const ada = await member();
    const bob = await member();

    const argument = await newComment(ada.cookie, {
      threadID,
      body: 'Cities should **plant trees**: see [the study](https://example.com/trees).',
      responseType: 'pro',
    });
    expect(argument).toMatchObject({
      UID: ada.user.id,
      UsernameCased: ada.user.username,
      Deleted: false,
      DeletedReason: '',
      ResponseType: 'pro',
      ParentID: 0,
      Children: [],
      LikeNum: 0,
      LikedByMe: false,
      ReplyToName: '',
      Edited: '',
    });
    expect(argument.Body).toBe(
      '<p>Cities should <strong>plant trees</strong>: see <a href="https://example.com/trees" rel="nofollow ugc noopener" target="_blank">the study</a>.</p>',
    );

    const reply = await newComment(bob.cookie, {
      threadID,
      body: 'Trees cost money to water.',
      parentID: argument.CommentID,
    });
    expect(reply).toMatchObject({ ParentID: argument.CommentID, ResponseType: '' });
    expect(reply.ReplyToName).toBe(ada.user.username);

    const comments = await thread(threadID);
    expect(comments).toHaveLength(1);
    expect(comments[0]!.Children.map((child) => child.CommentID)).toEqual([reply.CommentID]);
    expect(await numComments(opinion.id)).toBe(2);
    expect(await karmaOf(ada.user.id)).toBe(karmaPerComment);
    expect(await karmaOf(bob.user.id)).toBe(karmaPerComment);
    await expectNoDrift();
  });

  it('requires a response type for a top-level argument, not for a reply or a suggestion', async () => {
    const opinion = await buildOpinion(t.db);
    const ada = await member();
    const missing = await post(
      '/api/v2/comment/new',
      { threadID: String(opinion.id), parentID: 0, body: 'No side taken.', responseType: '' },
      ada.cookie,
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      success: false,
      error: 'responseType is required for an argument: choose For, Against, Mixed or Commentary',
    });
    const wrong = await post(
      '/api/v2/comment/new',
      { threadID: String(opinion.id), body: 'x', responseType: 'maybe' },
      ada.cookie,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('responseType must be one of pro, con, neutral or commentary');
    const suggestion = await newComment(ada.cookie, {
      threadID: 'suggestions',
      body: 'Could we have "Naps should be mandatory"?',
    });
    expect(suggestion.ResponseType).toBe('');
  });

  it('refuses visitors, empty and oversized bodies, unknown threads and foreign parents', async () => {
    const opinion = await buildOpinion(t.db);
    const other = await buildOpinion(t.db);
    const ada = await member();
    const threadID = String(opinion.id);
    const payload = {
      threadID,
      parentID: 0,
      body: 'An argument, in a sentence or more.',
      responseType: 'con',
    };

    const anonymous = await post('/api/v2/comment/new', payload);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toBe('Please log in or sign up to join the conversation');

    const empty = await post('/api/v2/comment/new', { ...payload, body: '   ' }, ada.cookie);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('body is required: write something first');

    const huge = await post(
      '/api/v2/comment/new',
      { ...payload, body: 'x'.repeat(10_001) },
      ada.cookie,
    );
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error).toBe('body is too long: at most 10,000 characters');

    const unknown = await post('/api/v2/comment/new', { ...payload, threadID: 'nope' }, ada.cookie);
    expect(unknown.statusCode).toBe(404);
    const missingOpinion = await post(
      '/api/v2/comment/new',
      { ...payload, threadID: '999999' },
      ada.cookie,
    );
    expect(missingOpinion.statusCode).toBe(404);

    const elsewhere = await newComment(ada.cookie, {
      threadID: String(other.id),
      body: 'Elsewhere, on another opinion entirely.',
      responseType: 'pro',
    });
    const foreign = await post(
      '/api/v2/comment/new',
      { ...payload, parentID: elsewhere.CommentID },
      ada.cookie,
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toBe('parentID: that comment is not in this thread');

    const removed = await buildOpinion(t.db, { deleted: true });
    const gone = await post(
      '/api/v2/comment/new',
      { ...payload, threadID: String(removed.id) },
      ada.cookie,
    );
    expect(gone.statusCode).toBe(410);
    expect(await numComments(opinion.id)).toBe(0);
  });
});

describe('the shortest argument', () => {
  it('refuses an argument under a sentence, new or edited; replies and suggestions may be short', async () => {
    const opinion = await buildOpinion(t.db);
    const ada = await member();
    const threadID = String(opinion.id);
    const tooShort = 'x'.repeat(argumentMinLength - 1);
    const refused = await post(
      '/api/v2/comment/new',
      // Spaces around do not count: the same trimmed length the form counts.
      { threadID, parentID: 0, body: `  ${tooShort}  `, responseType: 'pro' },
      ada.cookie,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      success: false,
      error: 'body is too short: an argument needs a sentence or more (at least 30 characters)',
    });
    expect(await numComments(opinion.id)).toBe(0);

    // Two sentences, as short as the demo's shortest: well under the hint's 300.
    const argument = await newComment(ada.cookie, {
      threadID,
      body: 'Sleep is cheap. Tired people argue badly.',
      responseType: 'pro',
    });
    const edit = await post(
      '/api/v2/comment/edit',
      { commentID: argument.CommentID, newBody: 'Cheap.', newResponseType: 'pro' },
      ada.cookie,
    );
    expect(edit.statusCode).toBe(400);
    expect(edit.json().error).toBe(
      'newBody is too short: an argument needs a sentence or more (at least 30 characters)',
    );

    const reply = await newComment(ada.cookie, {
      threadID,
      body: 'Agreed.',
      parentID: argument.CommentID,
    });
    const shortReplyEdit = await post(
      '/api/v2/comment/edit',
      { commentID: reply.CommentID, newBody: 'Yes.', newResponseType: '' },
      ada.cookie,
    );
    expect(shortReplyEdit.statusCode, shortReplyEdit.body).toBe(200);
    await newComment(ada.cookie, { threadID: 'suggestions', body: 'Naps?' });
  });
});

describe('rate limits', () => {
  it("refuses a member's 31st comment in ten minutes with 429 and Retry-After", async () => {
    const threadID = String((await buildOpinion(t.db)).id);
    const ada = await member();
    for (let i = 0; i < commentRateRules.create.limit; i++) {
      await newComment(ada.cookie, {
        threadID,
        body: `Point ${i}, argued in a full sentence.`,
        responseType: 'pro',
      });
    }
    const refused = await post(
      '/api/v2/comment/new',
      { threadID, body: 'One too many, however well argued.', responseType: 'pro' },
      ada.cookie,
    );
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error).toMatch(/^Too many attempts; please try again in/);
    expect(await numComments(Number(threadID))).toBe(commentRateRules.create.limit);
  });
});

describe('reading a thread', () => {
  it('sorts by good points with a Wilson lower bound: 50 of 60 readers beats 2 of 2', async () => {
    const opinion = await buildOpinion(t.db);
    const threadID = String(opinion.id);
    const author = await member();
    const hour = 3_600_000;
    const start = Date.now() - 48 * hour;

    const popular = await newComment(author.cookie, {
      threadID,
      body: 'Fifty of sixty readers found this a good point.',
      responseType: 'pro',
    });
    await t.db
      .updateTable('comments')
      .set({ createdAt: new Date(start) })
      .where('id', '=', popular.CommentID)
      .execute();
    // Sixty members read the thread (they voted on the opinion) after the popular comment.
    const readers = [];
    for (let i = 0; i < 60; i++) {
      const reader = await member();
      readers.push(reader);
      await recordVote(t.db, reader.user.id, opinion.id, 1 + (i % 5), new Date(start + hour));
    }
    for (const reader of readers.slice(0, 50)) {
      const liked = await post(
        '/api/v2/comment/like',
        { commentID: popular.CommentID, liked: true },
        reader.cookie,
      );
      expect(liked.statusCode).toBe(200);
    }
    await t.db
      .updateTable('commentLikes')
      .set({ createdAt: new Date(start + 2 * hour) })
      .where('commentId', '=', popular.CommentID)
      .execute();

    // A newer comment: two readers since, both liked it.
    const perfect = await newComment(author.cookie, {
      threadID,
      body: 'Two of two readers found this a good point.',
      responseType: 'con',
    });
    for (const reader of readers.slice(50, 52)) {
      await post(
        '/api/v2/comment/like',
        { commentID: perfect.CommentID, liked: true },
        reader.cookie,
      );
    }
    const quiet = await newComment(author.cookie, {
      threadID,
      body: 'Nobody has liked this argument yet.',
      responseType: 'pro',
    });

    const byScore = (await thread(threadID, 'score')).map((comment) => comment.CommentID);
    expect(byScore).toEqual([popular.CommentID, perfect.CommentID, quiet.CommentID]);
    const recent = (await thread(threadID, 'recent')).map((comment) => comment.CommentID);
    expect(recent).toEqual([quiet.CommentID, perfect.CommentID, popular.CommentID]);
    const oldest = (await thread(threadID, 'oldest')).map((comment) => comment.CommentID);
    expect(oldest).toEqual([popular.CommentID, perfect.CommentID, quiet.CommentID]);
    // pro, con and commentary show only that side's arguments.
    const pro = (await thread(threadID, 'pro')).map((comment) => comment.CommentID);
    expect(pro).toEqual([popular.CommentID, quiet.CommentID]);
    expect((await thread(threadID, 'con')).map((comment) => comment.CommentID)).toEqual([
      perfect.CommentID,
    ]);
    expect(await thread(threadID, 'commentary')).toEqual([]);

    const asLiker = await thread(threadID, 'score', readers[0]!.cookie);
    expect(asLiker[0]).toMatchObject({ LikeNum: 50, LikedByMe: true });
    expect(asLiker[1]).toMatchObject({ LikeNum: 2, LikedByMe: false });
  });

  it('defaults to score, refuses an unknown sort and answers 410 for a removed opinion', async () => {
    const opinion = await buildOpinion(t.db);
    const noSort = await post('/api/v2/comment/get', { threadID: String(opinion.id) });
    expect(noSort.statusCode).toBe(200);
    expect(noSort.json().body.Comments).toEqual([]);
    const badSort = await post('/api/v2/comment/get', {
      threadID: String(opinion.id),
      sort: 'top',
    });
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().error).toMatch(/^sort must be one of score, persuasive, pro/);
    const removed = await buildOpinion(t.db, { deleted: true });
    const gone = await post('/api/v2/comment/get', { threadID: String(removed.id) });
    expect(gone.statusCode).toBe(410);
  });

  it('lists replies deeper than the nesting limit flat under the last level', async () => {
    const opinion = await buildOpinion(t.db);
    const threadID = String(opinion.id);
    const ada = await member();
    let parentID = 0;
    const ids: number[] = [];
    for (let depth = 0; depth < 9; depth++) {
      const comment = await newComment(ada.cookie, {
        threadID,
        body: depth === 0 ? 'Level 0, the argument that starts it.' : `Level ${depth}`,
        parentID,
        responseType: depth === 0 ? 'neutral' : '',
      });
      ids.push(comment.CommentID);
      parentID = comment.CommentID;
    }
    let node = (await thread(threadID))[0]!;
    for (let depth = 1; depth < 6; depth++) node = node.Children[0]!;
    expect(node.CommentID).toBe(ids[5]);
    expect(node.Children.map((child) => child.CommentID)).toEqual(ids.slice(6));
    expect(node.Children.every((child) => child.Children.length === 0)).toBe(true);
    expect(node.Children[1]!.ReplyToName).toBe(ada.user.username);
  });
});

describe('editing and deleting', () => {
  it('lets the author load the source and edit; nobody else', async () => {
    const opinion = await buildOpinion(t.db);
    const threadID = String(opinion.id);
    const ada = await member();
    const bob = await member();
    const comment = await newComment(ada.cookie, {
      threadID,
      body: 'First *draft*, of an argument in the making.',
      responseType: 'pro',
    });

    const source = await post(
      '/api/v2/comment/getsource',
      { commentID: comment.CommentID },
      ada.cookie,
    );
    expect(source.json().body).toEqual({
      Source: 'First *draft*, of an argument in the making.',
      ResponseType: 'pro',
    });
    const foreignSource = await post(
      '/api/v2/comment/getsource',
      { commentID: comment.CommentID },
      bob.cookie,
    );
    expect(foreignSource.statusCode).toBe(403);

    const edited = await post(
      '/api/v2/comment/edit',
      {
        commentID: comment.CommentID,
        newBody: 'Second **draft**, the argument made.',
        newResponseType: 'neutral',
      },
      ada.cookie,
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().body.Comment).toMatchObject({
      Body: '<p>Second <strong>draft</strong>, the argument made.</p>',
      ResponseType: 'neutral',
    });
    expect(edited.json().body.Comment.Edited).not.toBe('');

    const typeless = await post(
      '/api/v2/comment/edit',
      { commentID: comment.CommentID, newBody: 'Third.', newResponseType: '' },
      ada.cookie,
    );
    expect(typeless.statusCode).toBe(400);
    expect(typeless.json().error).toBe(
      'newResponseType is required for an argument: choose For, Against, Mixed or Commentary',
    );
    const foreignEdit = await post(
      '/api/v2/comment/edit',
      { commentID: comment.CommentID, newBody: 'Hijacked.', newResponseType: 'con' },
      bob.cookie,
    );
    expect(foreignEdit.statusCode).toBe(403);
    const missing = await post(
      '/api/v2/comment/edit',
      { commentID: 99_999_999, newBody: 'x', newResponseType: 'con' },
      ada.cookie,
    );
    expect(missing.statusCode).toBe(404);
  });

  it('leaves a placeholder with no trace of the body, keeps replies, and moves the counters', async () => {
    const opinion = await buildOpinion(t.db);
    const threadID = String(opinion.id);
    const ada = await member();
    const bob = await member();
    const carol = await member();
    const secret = 'The secret words nobody may read after deletion';
    const comment = await newComment(ada.cookie, { threadID, body: secret, responseType: 'pro' });
    const reply = await newComment(bob.cookie, {
      threadID,
      body: 'A reply that stays.',
      parentID: comment.CommentID,
    });
    const lonely = await newComment(ada.cookie, {
      threadID,
      body: 'Deleted without replies, so it leaves no placeholder.',
      responseType: 'con',
    });
    await post('/api/v2/comment/like', { commentID: comment.CommentID, liked: true }, bob.cookie);
    await post('/api/v2/comment/like', { commentID: comment.CommentID, liked: true }, carol.cookie);
    expect(await karmaOf(ada.user.id)).toBe(2 * karmaPerComment + 2 * karmaPerGoodPointReceived);

    const refused = await post(
      '/api/v2/comment/delete',
      { commentID: comment.CommentID },
      bob.cookie,
    );
    expect(refused.statusCode).toBe(403);

    const deleted = await post(
      '/api/v2/comment/delete',
      { commentID: comment.CommentID, pathname: '/o/x' },
      ada.cookie,
    );
    expect(deleted.statusCode).toBe(200);
    expect(deleted.body).not.toContain('secret words');
    expect(deleted.json().body.Comment).toMatchObject({
      Deleted: true,
      DeletedReason: 'user',
      Body: '',
      UID: 0,
      UsernameCased: '',
      LikeNum: 0,
    });
    await post('/api/v2/comment/delete', { commentID: lonely.CommentID }, ada.cookie);

    for (const sort of ['score', 'pro', 'recent', 'oldest']) {
      const response = await post('/api/v2/comment/get', { threadID, sort }, bob.cookie);
      expect(response.body).not.toContain('secret words');
      const comments: Comment[] = response.json().body.Comments;
      expect(comments.map((c) => c.CommentID)).toEqual([comment.CommentID]);
      expect(comments[0]!.Children.map((c) => c.CommentID)).toEqual([reply.CommentID]);
      expect(comments[0]!.Children[0]!.ReplyToName).toBe('');
    }
    const source = await post(
      '/api/v2/comment/getsource',
      { commentID: comment.CommentID },
      ada.cookie,
    );
    expect(source.statusCode).toBe(410);
    expect(source.body).not.toContain('secret words');
    const edit = await post(
      '/api/v2/comment/edit',
      { commentID: comment.CommentID, newBody: 'Back again', newResponseType: 'pro' },
      ada.cookie,
    );
    expect(edit.statusCode).toBe(410);
    const again = await post(
      '/api/v2/comment/delete',
      { commentID: comment.CommentID },
      ada.cookie,
    );
    expect(again.statusCode).toBe(410);
    const like = await post(
      '/api/v2/comment/like',
      { commentID: comment.CommentID, liked: true },
      carol.cookie,
    );
    expect(like.statusCode).toBe(410);
    const replyToDeleted = await post(
      '/api/v2/comment/new',
      { threadID, parentID: comment.CommentID, body: 'Too late.' },
      carol.cookie,
    );
    expect(replyToDeleted.statusCode).toBe(410);

    expect(await numComments(opinion.id)).toBe(1);
    expect(await karmaOf(ada.user.id)).toBe(0);
    await expectNoDrift();
  });

  it('lets CanDeleteContent delete any comment, shown as flagged', async () => {
    const opinion = await buildOpinion(t.db);
    const threadID = String(opinion.id);
    const ada = await member();
    const moderator = await member({ canDeleteContent: true });
    const admin = await member({ email: 'moderator@example.test' });
    const first = await newComment(ada.cookie, {
      threadID,
      body: 'Rude words, too rude to repeat here.',
      responseType: 'con',
    });
    const second = await newComment(ada.cookie, {
      threadID,
      body: 'More rude words, and ruder than before.',
      responseType: 'con',
    });
    await newComment(moderator.cookie, {
      threadID,
      body: 'Please be kind.',
      parentID: first.CommentID,
    });
    await newComment(moderator.cookie, { threadID, body: 'Again.', parentID: second.CommentID });

    const byFlag = await post(
      '/api/v2/comment/delete',
      { commentID: first.CommentID },
      moderator.cookie,
    );
    expect(byFlag.json().body.Comment).toMatchObject({ Deleted: true, DeletedReason: 'moderator' });
    // An ADMIN_EMAILS account holds CanDeleteContent without the flag on its row.
    const byAdmin = await post(
      '/api/v2/comment/delete',
      { commentID: second.CommentID },
      admin.cookie,
    );
    expect(byAdmin.statusCode).toBe(200);
    const comments = await thread(threadID);
    expect(comments.map((c) => [c.Deleted, c.DeletedReason, c.Body])).toEqual([
      [true, 'moderator', ''],
      [true, 'moderator', ''],
    ]);
    await expectNoDrift();
  });
});

describe('good points', () => {
  it('are idempotent, refused on one own comment and for visitors', async () => {
    const opinion = await buildOpinion(t.db);
    const ada = await member();
    const bob = await member();
    const comment = await newComment(ada.cookie, {
      threadID: String(opinion.id),
      body: 'Worth a good point, this argument.',
      responseType: 'pro',
    });
    const like = () =>
      post('/api/v2/comment/like', { commentID: comment.CommentID, liked: true }, bob.cookie);
    expect((await like()).json().body).toEqual({ LikeNum: 1, LikedByMe: true });
    expect((await like()).json().body).toEqual({ LikeNum: 1, LikedByMe: true });
    expect(await karmaOf(ada.user.id)).toBe(karmaPerComment + karmaPerGoodPointReceived);
    const unlike = await post(
      '/api/v2/comment/like',
      { commentID: comment.CommentID, liked: false },
      bob.cookie,
    );
    expect(unlike.json().body).toEqual({ LikeNum: 0, LikedByMe: false });
    const unlikeAgain = await post(
      '/api/v2/comment/like',
      { commentID: comment.CommentID, liked: false },
      bob.cookie,
    );
    expect(unlikeAgain.json().body).toEqual({ LikeNum: 0, LikedByMe: false });
    expect(await karmaOf(ada.user.id)).toBe(karmaPerComment);

    const own = await post(
      '/api/v2/comment/like',
      { commentID: comment.CommentID, liked: true },
      ada.cookie,
    );
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toBe('You cannot give a good point to your own comment');
    const anonymous = await post('/api/v2/comment/like', {
      commentID: comment.CommentID,
      liked: true,
    });
    expect(anonymous.statusCode).toBe(401);
    const malformed = await post(
      '/api/v2/comment/like',
      { commentID: 'one', liked: 'yes' },
      bob.cookie,
    );
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toContain('commentID');
  });

  it('stay exact under 50 concurrent likes and unlikes', async () => {
    const opinion = await buildOpinion(t.db);
    const author = await member();
    const comment = await newComment(author.cookie, {
      threadID: String(opinion.id),
      body: 'A comment many people like at once.',
      responseType: 'pro',
    });
    const likers = await Promise.all(Array.from({ length: 50 }, () => member()));
    const send = (cookie: string, liked: boolean) =>
      post('/api/v2/comment/like', { commentID: comment.CommentID, liked }, cookie);

    // 50 members like at once, each twice: exactly 50 good points.
    const first = await Promise.all(
      likers.flatMap((liker) => [send(liker.cookie, true), send(liker.cookie, true)]),
    );
    expect(first.every((response) => response.statusCode === 200)).toBe(true);
    const counted = await thread(String(opinion.id), 'score', likers[0]!.cookie);
    expect(counted[0]).toMatchObject({ LikeNum: 50, LikedByMe: true });

    // Then a mixed burst: every third takes it back, every fifth likes again, all at once.
    const mixed = await Promise.all(
      likers.map((liker, index) =>
        index % 3 === 0 ? send(liker.cookie, false) : send(liker.cookie, index % 5 === 0),
      ),
    );
    expect(mixed.every((response) => response.statusCode === 200)).toBe(true);
    const expectedLikers = likers.filter((_, index) => index % 3 !== 0 && index % 5 === 0).length;
    const rows = await t.db
      .selectFrom('commentLikes')
      .select('userId')
      .where('commentId', '=', comment.CommentID)
      .execute();
    expect(rows).toHaveLength(expectedLikers);
    const after = await thread(String(opinion.id), 'score');
    expect(after[0]!.LikeNum).toBe(expectedLikers);
    expect(await karmaOf(author.user.id)).toBe(
      karmaPerComment + expectedLikers * karmaPerGoodPointReceived,
    );
    await expectNoDrift();
  });
});

describe('reports and the moderation queue', () => {
  it('hides a comment reported by 3 distinct members until a moderator decides', async () => {
    const opinion = await buildOpinion(t.db, { slug: 'reported-thread', title: 'Reported thread' });
    const threadID = String(opinion.id);
    const author = await member();
    const moderator = await member({ canDeleteContent: true });
    const reporters = await Promise.all(Array.from({ length: reportersToHide }, () => member()));
    const comment = await newComment(author.cookie, {
      threadID,
      body: 'Something many find offensive.',
      responseType: 'con',
    });
    const report = (cookie: string, reason = 'harassment', note = '') =>
      post(
        '/api/v2/comment/report',
        { commentID: comment.CommentID, reason, note, pathname: '/o/x' },
        cookie,
      );

    expect((await report(author.cookie)).statusCode).toBe(400);
    expect((await report(reporters[0]!.cookie, 'boring')).statusCode).toBe(400);
    expect(
      (await post('/api/v2/comment/report', { commentID: comment.CommentID, reason: 'spam' }))
        .statusCode,
    ).toBe(401);

    expect((await report(reporters[0]!.cookie, 'harassment', 'Personal attack')).statusCode).toBe(
      200,
    );
    expect((await report(reporters[0]!.cookie, 'spam')).statusCode).toBe(200);
    expect((await report(reporters[1]!.cookie, 'hate')).statusCode).toBe(200);
    // Two distinct reporters (one of them twice): still visible.
    expect((await thread(threadID))[0]).toMatchObject({ Deleted: false });

    // The flag call's own payload, {commentID, pathname}, with no reason: filed as 'other'.
    const withoutReason = await post(
      '/api/v2/comment/report',
      { commentID: comment.CommentID, pathname: '/o/x' },
      reporters[2]!.cookie,
    );
    expect(withoutReason.statusCode).toBe(200);
    const filed = await t.db
      .selectFrom('commentReports')
      .select('reason')
      .where('reporterId', '=', reporters[2]!.user.id)
      .executeTakeFirstOrThrow();
    expect(filed.reason).toBe('other');
    const hidden = await post('/api/v2/comment/get', { threadID, sort: 'score' });
    expect(hidden.body).not.toContain('many find offensive');
    expect(hidden.json().body.Comments[0]).toMatchObject({
      Deleted: true,
      DeletedReason: 'moderator',
      Body: '',
    });
    const likeHidden = await post(
      '/api/v2/comment/like',
      { commentID: comment.CommentID, liked: true },
      reporters[0]!.cookie,
    );
    expect(likeHidden.statusCode).toBe(409);

    expect((await post('/api/admin/comment/reports', {})).statusCode).toBe(401);
    expect((await post('/api/admin/comment/reports', {}, author.cookie)).statusCode).toBe(403);
    const queue = await post('/api/admin/comment/reports', {}, moderator.cookie);
    expect(queue.statusCode).toBe(200);
    const entry = queue
      .json()
      .body.Comments.find((c: { CommentID: number }) => c.CommentID === comment.CommentID);
    expect(entry).toMatchObject({
      Hidden: true,
      UsernameCased: author.user.username,
      Link: `/o/reported-thread#comment-${comment.CommentID}`,
      ThreadTitle: 'Reported thread',
    });
    expect(entry.Body).toContain('many find offensive');
    expect(entry.Reports.map((r: { Reason: string }) => r.Reason)).toEqual([
      'harassment',
      'hate',
      'other',
    ]);
    expect(entry.Reports[0]).toMatchObject({
      Note: 'Personal attack',
      ReporterName: reporters[0]!.user.username,
    });

    // Dismissed: visible again and out of the queue.
    const dismissed = await post(
      '/api/admin/comment/dismiss',
      { commentID: comment.CommentID },
      moderator.cookie,
    );
    expect(dismissed.statusCode).toBe(200);
    expect((await thread(threadID))[0]).toMatchObject({ Deleted: false, DeletedReason: '' });
    const emptied = await post('/api/admin/comment/reports', {}, moderator.cookie);
    expect(
      emptied
        .json()
        .body.Comments.some((c: { CommentID: number }) => c.CommentID === comment.CommentID),
    ).toBe(false);
    const twice = await post(
      '/api/admin/comment/dismiss',
      { commentID: comment.CommentID },
      moderator.cookie,
    );
    expect(twice.statusCode).toBe(409);

    // Reported again and deleted from the queue: flagged for good, reports closed.
    await report(reporters[0]!.cookie);
    const removed = await post(
      '/api/v2/comment/delete',
      { commentID: comment.CommentID },
      moderator.cookie,
    );
    expect(removed.statusCode).toBe(200);
    const finalQueue = await post('/api/admin/comment/reports', {}, moderator.cookie);
    expect(
      finalQueue
        .json()
        .body.Comments.some((c: { CommentID: number }) => c.CommentID === comment.CommentID),
    ).toBe(false);
    const open = await t.db
      .selectFrom('commentReports')
      .select(['resolution', 'resolvedBy'])
      .where('commentId', '=', comment.CommentID)
      .execute();
    expect(open.map((row) => row.resolution).sort()).toEqual([
      'deleted',
      'dismissed',
      'dismissed',
      'dismissed',
    ]);
    expect((await report(reporters[1]!.cookie)).statusCode).toBe(410);
    await expectNoDrift();
  });
});
