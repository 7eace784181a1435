import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, postJson, type TestApp } from '../../test/app.ts';
import { buildComment, buildMember, buildOpinion } from '../../test/factories.ts';
import { findArgumentTallyDrift, rebuildArgumentTallies } from './questions.repository.ts';

// argument_tallies, the derived counters the argument rankings read
// (docs/decisions/076-rankings-from-argument-tallies.md): each event that moves a good point's
// count or its giver's side, through the calls a member uses, and the drift check against the raw
// rows.

let t: TestApp;
let opinionId: number;
let argumentId: number;
let author: Awaited<ReturnType<typeof buildMember>>;

beforeAll(async () => {
  t = await createTestApp();
  author = await buildMember(t.db);
  opinionId = (await buildOpinion(t.db, { title: 'Cities should ban cars from their centres' })).id;
  argumentId = (
    await buildComment(t.db, { opinionId, authorId: author.user.id, responseType: 'pro' })
  ).id;
});
afterAll(async () => {
  await t.close();
});

async function call(path: string, body: unknown, cookie: string) {
  const answer = await postJson(t.app, path, body, cookie);
  expect(answer.statusCode, JSON.stringify(answer.json())).toBe(200);
}

async function tally(commentId = argumentId) {
  return t.db
    .selectFrom('argumentTallies')
    .select(['ranked', 'likes', 'likesAgree', 'likesDisagree'])
    .where('commentId', '=', commentId)
    .executeTakeFirstOrThrow();
}

const vote = (cookie: string, rating: number) =>
  call('/api/opinion/vote', { id: opinionId, rating }, cookie);
const like = (cookie: string, liked: boolean, commentID = argumentId) =>
  call('/api/v2/comment/like', { commentID, liked }, cookie);

describe('argument tallies', () => {
  it('count a good point on its giver’s side, and move it when the giver’s vote changes side', async () => {
    expect(await tally()).toEqual({ ranked: true, likes: 0, likesAgree: 0, likesDisagree: 0 });
    const giver = await buildMember(t.db);
    // A good point before any vote: counted, on no side.
    await like(giver.cookie, true);
    expect(await tally()).toEqual({ ranked: true, likes: 1, likesAgree: 0, likesDisagree: 0 });
    // The giver's first vote puts it on their side; each change of side moves it.
    await vote(giver.cookie, 2);
    expect(await tally()).toMatchObject({ likes: 1, likesAgree: 1, likesDisagree: 0 });
    await vote(giver.cookie, 1);
    expect(await tally()).toMatchObject({ likes: 1, likesAgree: 1, likesDisagree: 0 });
    await vote(giver.cookie, 5);
    expect(await tally()).toMatchObject({ likes: 1, likesAgree: 0, likesDisagree: 1 });
    await vote(giver.cookie, 3);
    expect(await tally()).toMatchObject({ likes: 1, likesAgree: 0, likesDisagree: 0 });
    await vote(giver.cookie, 4);
    expect(await tally()).toMatchObject({ likes: 1, likesAgree: 0, likesDisagree: 1 });
    // Another member who agrees; then the first withdraws their good point.
    const other = await buildMember(t.db);
    await vote(other.cookie, 1);
    await like(other.cookie, true);
    expect(await tally()).toMatchObject({ likes: 2, likesAgree: 1, likesDisagree: 1 });
    await like(giver.cookie, false);
    expect(await tally()).toMatchObject({ likes: 1, likesAgree: 1, likesDisagree: 0 });
    // A vote that goes (a member's data deleted row by row) takes its side with it.
    await t.db
      .deleteFrom('votes')
      .where('userId', '=', other.user.id)
      .where('opinionId', '=', opinionId)
      .execute();
    expect(await tally()).toMatchObject({ likes: 1, likesAgree: 0, likesDisagree: 0 });
    // A member who leaves takes their good points and votes with them.
    await vote(other.cookie, 5);
    expect(await tally()).toMatchObject({ likes: 1, likesAgree: 0, likesDisagree: 1 });
    await t.db.deleteFrom('users').where('id', '=', other.user.id).execute();
    expect(await tally()).toMatchObject({ likes: 0, likesAgree: 0, likesDisagree: 0 });
    expect(await findArgumentTallyDrift(t.db)).toEqual([]);
  });

  it('move only the good points on that opinion’s arguments, for a vote batch of several members', async () => {
    const elsewhere = (await buildOpinion(t.db)).id;
    const otherArgument = (
      await buildComment(t.db, { opinionId: elsewhere, authorId: author.user.id })
    ).id;
    const members = [await buildMember(t.db), await buildMember(t.db), await buildMember(t.db)];
    for (const member of members) {
      await like(member.cookie, true);
      await like(member.cookie, true, otherArgument);
      await call('/api/opinion/vote', { id: elsewhere, rating: 1 }, member.cookie);
    }
    const before = await tally();
    await Promise.all(members.map((member) => vote(member.cookie, 5)));
    expect(await tally()).toMatchObject({
      likes: before.likes,
      likesDisagree: before.likesDisagree + 3,
    });
    expect(await tally(otherArgument)).toMatchObject({ likes: 3, likesAgree: 3 });
    expect(await findArgumentTallyDrift(t.db)).toEqual([]);
  });

  it('stop ranking an argument that is deleted or hidden, and rank it again when shown', async () => {
    const comment = await buildComment(t.db, {
      opinionId,
      authorId: author.user.id,
      responseType: 'con',
    });
    const reply = await buildComment(t.db, {
      opinionId,
      authorId: author.user.id,
      parentId: comment.id,
    });
    // Replies have no row; a comment's row follows its visibility and keeps its counts.
    expect(
      await t.db
        .selectFrom('argumentTallies')
        .select('commentId')
        .where('commentId', '=', reply.id)
        .execute(),
    ).toEqual([]);
    const fan = await buildMember(t.db);
    await like(fan.cookie, true, comment.id);
    await t.db
      .updateTable('comments')
      .set({ hiddenAt: new Date() })
      .where('id', '=', comment.id)
      .execute();
    expect(await tally(comment.id)).toEqual({
      ranked: false,
      likes: 1,
      likesAgree: 0,
      likesDisagree: 0,
    });
    await t.db
      .updateTable('comments')
      .set({ hiddenAt: null })
      .where('id', '=', comment.id)
      .execute();
    expect(await tally(comment.id)).toMatchObject({ ranked: true, likes: 1 });
    await call('/api/v2/comment/delete', { commentID: comment.id }, author.cookie);
    expect(await tally(comment.id)).toMatchObject({ ranked: false });
    await t.db
      .updateTable('comments')
      .set({ responseType: 'commentary', deleted: false })
      .where('id', '=', comment.id)
      .execute();
    expect(await tally(comment.id)).toMatchObject({ ranked: false });
    expect(await findArgumentTallyDrift(t.db)).toEqual([]);
  });

  it('are found drifting by verify-counts and put right by a rebuild', async () => {
    await t.db
      .updateTable('argumentTallies')
      .set({ likesAgree: 7, persuaded: 2 })
      .where('commentId', '=', argumentId)
      .execute();
    await t.db.deleteFrom('argumentTallies').where('commentId', '<>', argumentId).execute();
    const drift = await findArgumentTallyDrift(t.db);
    // ranked/good points/from agreeing/from disagreeing/minds changed
    expect(drift.find((row) => row.id === argumentId)).toMatchObject({
      stored: expect.stringMatching(/^t\/\d+\/7\/\d+\/2$/),
      actual: expect.stringMatching(/\/0$/),
    });
    expect(drift.some((row) => row.stored === 'no row')).toBe(true);
    await rebuildArgumentTallies(t.db);
    expect(await findArgumentTallyDrift(t.db)).toEqual([]);
  });
});
