import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, postJson, type TestApp } from '../../test/app.ts';
import {
  buildComment,
  buildMember,
  buildOpinion,
  buildUser,
  recordVote,
} from '../../test/factories.ts';

let t: TestApp;
let staff: string;
let member: string;
let categoryA: number;
let categoryB: number;

beforeAll(async () => {
  t = await createTestApp();
  staff = (await buildMember(t.db, { canCreateOpinions: true })).cookie;
  member = (await buildMember(t.db)).cookie;
  categoryA = (
    await t.db
      .insertInto('categories')
      .values({ title: 'Politics' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  categoryB = (
    await t.db
      .insertInto('categories')
      .values({ title: 'Science' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await t.close();
});

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a JSON answer, read field by field
type Answer = { statusCode: number; json(): { success: boolean; body: Body; error: string } };

function post(path: string, body: unknown, cookie?: string): Promise<Answer> {
  return postJson(t.app, path, body, cookie);
}

function get(url: string, cookie?: string): Promise<Answer> {
  return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

function expectFailure(answer: Answer, status: number, message?: RegExp) {
  expect(answer.statusCode).toBe(status);
  const body = answer.json();
  expect(body.success).toBe(false);
  if (message) expect(body.error).toMatch(message);
}

/** A question in the category with new opinions as positions, made through the call. */
async function createQuestion(
  title: string,
  categoryID: number,
  positions?: ({ opinionID: number } | { title: string })[],
) {
  const answer = await post(
    '/api/convo/new',
    {
      title,
      description: `What people think about ${title}`,
      categoryID,
      positions: positions ?? [
        { title: `${title}: the first position` },
        { title: `${title}: the second position` },
      ],
    },
    staff,
  );
  expect(answer.statusCode, JSON.stringify(answer.json())).toBe(200);
  return answer.json().body as { ID: number; Slug: string };
}

async function positionsOf(convoId: number) {
  return t.db
    .selectFrom('convoPositions')
    .select('opinionId')
    .where('convoId', '=', convoId)
    .orderBy('position')
    .execute()
    .then((rows) => rows.map((row) => row.opinionId));
}

/** Pages through a feed call, running `between` before each later page. */
async function pageThrough(
  path: string,
  payload: Record<string, unknown>,
  between: (page: number, seen: readonly number[]) => Promise<void> = async () => {},
) {
  const ids: number[] = [];
  let after: string | undefined;
  for (let page = 0; page < 20; page++) {
    if (page > 0) await between(page, ids);
    if (process.env.DEBUG_FEED) console.log(path, payload, after);
    const answer = await post(path, { ...payload, ...(after ? { after } : {}) });
    expect(answer.statusCode, JSON.stringify(answer.json())).toBe(200);
    const body = answer.json().body;
    ids.push(...body.Feed.map((tuple: { ID: number }) => tuple.ID));
    if (body.EndReached) {
      expect(body.After).toBe('');
      return ids;
    }
    after = body.After;
  }
  throw new Error('the feed never reached its end');
}

describe('permissions', () => {
  const form = () => ({
    title: 'Should voting be compulsory?',
    categoryID: categoryA,
    positions: [{ title: 'Voting should be compulsory' }, { title: 'Voting should stay a choice' }],
  });

  it('lets visitors and members read but not create or manage', async () => {
    expectFailure(await post('/api/convo/new', form()), 401);
    expectFailure(await post('/api/convo/new', form(), member), 403, /not allowed/);
    expectFailure(await post('/api/category/new', { title: 'Ethics' }), 401);
    expectFailure(await post('/api/category/new', { title: 'Ethics' }, member), 403);
    expectFailure(await post('/api/category/edit', { id: categoryA, title: 'X-y' }, member), 403);
    expectFailure(await post('/api/category/delete', { id: categoryA }, member), 403);
    expectFailure(
      await post(
        '/api/convo/image',
        { convoID: 1, contentType: 'image/png', data: 'AAAA' },
        member,
      ),
      403,
    );
    expect((await post('/api/convo/feed', {})).statusCode).toBe(200);
    expect((await post('/api/arg/feed', {})).statusCode).toBe(200);
    expect((await get('/api/category/getall')).statusCode).toBe(200);
  });

  it('lets staff with CanCreateOpinions create a question with new and existing positions', async () => {
    const existing = await buildOpinion(t.db, { title: 'Elections should be held on weekends' });
    const created = await createQuestion('How should elections work?', categoryA, [
      { opinionID: existing.id },
      { title: 'Postal voting should be open to everyone' },
    ]);
    const page = (await get(`/api/convo/get?slug=${created.Slug}`)).json().body;
    expect(page.Convo.Title).toBe('How should elections work?');
    expect(page.Convo.Link).toBe(`/question/${created.Slug}`);
    expect(page.Convo.Category).toEqual({ ID: categoryA, Title: 'Politics' });
    expect(page.Positions.map((position: Body) => position.Opinion.Title)).toEqual([
      'Elections should be held on weekends',
      'Postal voting should be open to everyone',
    ]);
  });

  it('lets staff edit a question: title, category and positions in a new order', async () => {
    const created = await createQuestion('Is nuclear power the answer?', categoryA);
    const [first, second] = await positionsOf(created.ID);
    const answer = await post(
      '/api/convo/edit',
      {
        id: created.ID,
        title: 'Is nuclear power the answer to climate change?',
        description: '',
        categoryID: categoryB,
        positions: [
          { opinionID: second },
          { opinionID: first },
          { title: 'Fusion will arrive in time' },
        ],
      },
      staff,
    );
    expect(answer.statusCode, JSON.stringify(answer.json())).toBe(200);
    expect(answer.json().body.Slug).toBe(created.Slug);
    const positions = await positionsOf(created.ID);
    expect(positions.slice(0, 2)).toEqual([second, first]);
    expect(positions).toHaveLength(3);
    const page = (await get(`/api/convo/get?slug=${created.Slug}`)).json().body;
    expect(page.Convo.Category.ID).toBe(categoryB);
    expectFailure(
      await post(
        '/api/convo/edit',
        {
          id: created.ID,
          title: 'Anything at all here',
          categoryID: categoryA,
          positions: [{ opinionID: first }, { opinionID: second }],
        },
        member,
      ),
      403,
    );
  });

  it('manages categories: unique titles, and only empty ones can be deleted', async () => {
    const created = await post('/api/category/new', { title: 'Ethics' }, staff);
    expect(created.statusCode).toBe(200);
    const id = created.json().body.Category.ID;
    expectFailure(await post('/api/category/new', { title: 'ethics' }, staff), 409, /exists/);
    const renamed = await post('/api/category/edit', { id, title: 'Ethics & morals' }, staff);
    expect(renamed.json().body.Category).toEqual({
      ID: id,
      Title: 'Ethics & morals',
      NumConvos: 0,
    });
    expectFailure(await post('/api/category/edit', { id, title: 'Politics' }, staff), 409);
    expectFailure(await post('/api/category/delete', { id: categoryA }, staff), 409, /holds/);
    expect((await post('/api/category/delete', { id }, staff)).statusCode).toBe(200);
    expectFailure(await post('/api/category/delete', { id }, staff), 404);
  });
});

describe('bad input gets the wire format’s errors', () => {
  it('names the field', async () => {
    expectFailure(await post('/api/convo/feed', { categoryID: 'everything' }), 400, /categoryID/);
    expectFailure(await post('/api/convo/feed', { categoryID: 999_999 }), 404, /categoryID/);
    expectFailure(await post('/api/convo/feed', { after: 'not-a-cursor' }), 400, /after/);
    expectFailure(await post('/api/arg/feed', { after: 'bm90IGpzb24' }), 400, /after/);
    expectFailure(await post('/api/arg/feed', { sort: 'loudest' }), 400, /sort/);
    expectFailure(await get('/api/convo/get'), 400, /slug/);
    expectFailure(await get('/api/convo/get?slug=no-such-question'), 404);
    const good = { title: 'A fine question here?', categoryID: categoryA };
    expectFailure(
      await post('/api/convo/new', { ...good, title: 'Why?', positions: [] }, staff),
      400,
      /title/,
    );
    expectFailure(
      await post('/api/convo/new', { ...good, positions: [{ title: 'Only one position' }] }, staff),
      400,
      /positions/,
    );
    expectFailure(
      await post(
        '/api/convo/new',
        { ...good, positions: [{ opinionID: 99_999 }, { title: 'A second position here' }] },
        staff,
      ),
      400,
      /positions: there is no opinion/,
    );
    expectFailure(
      await post(
        '/api/convo/new',
        {
          ...good,
          categoryID: 99_999,
          positions: [{ title: 'Position one here' }, { title: 'Position two here' }],
        },
        staff,
      ),
      400,
      /categoryID/,
    );
    expectFailure(
      await post(
        '/api/convo/new',
        {
          ...good,
          positions: [{ opinionID: 1, title: 'both at once' }, { title: 'Position two here' }],
        },
        staff,
      ),
      400,
      /positions/,
    );
    expectFailure(await post('/api/category/new', { title: 'x' }, staff), 400, /title/);
    const count = await t.db
      .selectFrom('convos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('title', '=', 'A fine question here?')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});

describe('the question feed', () => {
  it('pages without duplicates or gaps while new questions arrive, newest first', async () => {
    const before = new Set(
      (await t.db.selectFrom('convos').select('id').execute()).map((row) => row.id),
    );
    const made: number[] = [];
    for (let i = 0; i < 43; i++) {
      made.push(
        (await createQuestion(`Paged question number ${i} here?`, i % 2 ? categoryA : categoryB))
          .ID,
      );
    }
    const arrived: number[] = [];
    const seen = await pageThrough('/api/convo/feed', { categoryID: 'all' }, async () => {
      arrived.push(
        (await createQuestion(`A question arriving meanwhile ${arrived.length}?`, categoryA)).ID,
      );
    });
    expect(new Set(seen).size).toBe(seen.length);
    const expected = [...before, ...made];
    expect([...seen].sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    for (const id of arrived) expect(seen).not.toContain(id);
    // Newest first: the last made comes first.
    expect(seen[0]).toBe(made.at(-1));
  });

  it('filters by category, lists every category, and answers the tuple’s fields', async () => {
    const answer = (await post('/api/convo/feed', { categoryID: String(categoryB) })).json().body;
    expect(answer.Categories.map((category: { Title: string }) => category.Title)).toEqual(
      expect.arrayContaining(['Politics', 'Science']),
    );
    expect(answer.Feed.length).toBeGreaterThan(0);
    for (const tuple of answer.Feed) expect(tuple.Category.ID).toBe(categoryB);
    const all = await pageThrough('/api/convo/feed', { categoryID: categoryB });
    const inB = await t.db
      .selectFrom('convos')
      .select('id')
      .where('categoryId', '=', categoryB)
      .execute();
    expect(all.sort((a, b) => a - b)).toEqual(inB.map((row) => row.id).sort((a, b) => a - b));
    const tuple = answer.Feed[0];
    expect(tuple).toMatchObject({
      Link: expect.stringMatching(/^\/question\//),
      ImageSrc: '',
      ImageSrcSet: '',
      ImageWidth: 0,
      ImageHeight: 0,
      NumVotes: 0,
      PosTitle: '',
      NumPositions: 2,
    });
    expect(tuple.ConvoTitle).toBe(tuple.Title);
  });
});

describe('arguments', () => {
  let convo: { ID: number; Slug: string };
  let position: number;
  let bothCamps: number;
  let ownCamp: number;

  beforeAll(async () => {
    const opinion = await buildOpinion(t.db, {
      title: 'Cities should ban cars from their centres',
    });
    position = opinion.id;
    const other = await buildOpinion(t.db, { title: 'Public transport should be free for all' });
    convo = await createQuestion('How should cities deal with cars?', categoryA, [
      { opinionID: position },
      { opinionID: other.id },
    ]);
    const agree: number[] = [];
    const disagree: number[] = [];
    for (let i = 0; i < 10; i++) {
      const a = await buildUser(t.db);
      await recordVote(t.db, a.id, position, i % 2 ? 1 : 2);
      agree.push(a.id);
      const d = await buildUser(t.db);
      await recordVote(t.db, d.id, position, i % 2 ? 4 : 5);
      disagree.push(d.id);
    }
    const author = await buildUser(t.db);
    const like = (commentId: number, userIds: number[]) =>
      t.db
        .insertInto('commentLikes')
        .values(userIds.map((userId) => ({ commentId, userId })))
        .execute();
    // Equal good points: one from both camps, one from its own camp only (created second, so
    // the newer id would win a tie).
    bothCamps = (
      await buildComment(t.db, {
        opinionId: position,
        authorId: author.id,
        body: 'Streets without cars are quieter, and shops near them earn more, as studies in several cities show.',
        responseType: 'pro',
      })
    ).id;
    ownCamp = (
      await buildComment(t.db, {
        opinionId: position,
        authorId: author.id,
        body: 'Cars are loud and dangerous in narrow old streets.',
        responseType: 'pro',
      })
    ).id;
    await like(bothCamps, [agree[0]!, agree[1]!, disagree[0]!, disagree[1]!]);
    await like(ownCamp, agree.slice(2, 6));
    // Replies and commentary are not arguments.
    await buildComment(t.db, {
      opinionId: position,
      authorId: author.id,
      responseType: 'commentary',
    });
    await buildComment(t.db, {
      opinionId: position,
      authorId: author.id,
      parentId: bothCamps,
      responseType: 'con',
    });
    await buildComment(t.db, {
      opinionId: position,
      authorId: author.id,
      responseType: 'con',
      body: 'Deliveries and disabled residents still need to reach the centre by car.',
    });
  });

  it('ranks an argument liked by both camps above one liked by its own camp, at equal likes', async () => {
    const bridging = (await post('/api/arg/feed', { sort: 'bridging' }))
      .json()
      .body.Feed.map((tuple: { ID: number }) => tuple.ID);
    expect(bridging.indexOf(bothCamps)).toBeGreaterThanOrEqual(0);
    expect(bridging.indexOf(bothCamps)).toBeLessThan(bridging.indexOf(ownCamp));
    // The plain order stays available: equal likes, the newer first.
    const liked = (await post('/api/arg/feed', { sort: 'liked' }))
      .json()
      .body.Feed.map((tuple: { ID: number }) => tuple.ID);
    expect(liked.indexOf(ownCamp)).toBeLessThan(liked.indexOf(bothCamps));
    const page = (await get(`/api/convo/get?slug=${convo.Slug}`)).json().body;
    const first = page.Positions[0];
    expect(first.For.map((argument: { ID: number }) => argument.ID)).toEqual([bothCamps, ownCamp]);
    expect(first.Against).toHaveLength(1);
    expect(first.NumArguments).toBe(3);
  });

  it('answers the argument tuple with its question, position, excerpt and link', async () => {
    const feed = (await post('/api/arg/feed', {})).json().body.Feed;
    const tuple = feed.find((candidate: { ID: number }) => candidate.ID === bothCamps);
    expect(tuple).toMatchObject({
      Title:
        'Streets without cars are quieter, and shops near them earn more, as studies in several cities show.',
      Link: `/o/${(await t.db.selectFrom('opinions').select('slug').where('id', '=', position).executeTakeFirstOrThrow()).slug}#comment-${bothCamps}`,
      ConvoTitle: 'How should cities deal with cars?',
      ConvoLink: `/question/${convo.Slug}`,
      PosTitle: 'Cities should ban cars from their centres',
      ResponseType: 'pro',
      LikeNum: 4,
      NumVotes: 20,
      Convincing: false,
    });
    expect(tuple.Bridging).toBe(0.25);
    for (const candidate of feed)
      expect(['pro', 'con', 'neutral']).toContain(candidate.ResponseType);
  });

  it('gives the badge once three members of each side found it a good point', async () => {
    const opinion = await buildOpinion(t.db, { title: 'Congestion charges make cities better' });
    await createQuestion('Should drivers pay to enter city centres?', categoryA, [
      { opinionID: opinion.id },
      { title: 'Road pricing hurts the poorest drivers most' },
    ]);
    const argument = await buildComment(t.db, {
      opinionId: opinion.id,
      authorId: (await buildUser(t.db)).id,
      responseType: 'con',
      body: 'A flat charge falls hardest on people who cannot choose when to travel.',
    });
    for (const rating of [1, 2, 2, 4, 5, 5]) {
      const voter = await buildUser(t.db);
      await recordVote(t.db, voter.id, opinion.id, rating);
      await t.db
        .insertInto('commentLikes')
        .values({ commentId: argument.id, userId: voter.id })
        .execute();
    }
    const feed = (await post('/api/arg/feed', {})).json().body.Feed;
    expect(feed.find((tuple: { ID: number }) => tuple.ID === argument.id).Convincing).toBe(true);
  });

  it('pages without duplicates or gaps while arguments, good points and votes arrive', async () => {
    const opinion = await buildOpinion(t.db, { title: 'Four-day weeks should be the legal norm' });
    const convo = await createQuestion('Should we work four days a week?', categoryB, [
      { opinionID: opinion.id },
      { title: 'Five-day weeks are better for most firms' },
    ]);
    const [, otherPosition] = await positionsOf(convo.ID);
    const author = await buildUser(t.db);
    for (let i = 0; i < 45; i++) {
      await buildComment(t.db, {
        opinionId: i % 2 ? opinion.id : otherPosition!,
        authorId: author.id,
        responseType: ['pro', 'con', 'neutral'][i % 3]!,
      });
    }
    const everyArgument = async () =>
      (
        await t.db
          .selectFrom('comments')
          .innerJoin('convoPositions', 'convoPositions.opinionId', 'comments.opinionId')
          .select('comments.id')
          .distinct()
          .where('comments.parentId', 'is', null)
          .where('comments.responseType', 'in', ['pro', 'con', 'neutral'])
          .execute()
      ).map((row) => row.id);
    const vote = async (cookie: string, opinionId: number, rating: number) =>
      expect((await post('/api/opinion/vote', { id: opinionId, rating }, cookie)).statusCode).toBe(
        200,
      );
    // 'For' arguments to credit.
    const proArguments = (
      await t.db
        .selectFrom('comments')
        .select(['id', 'opinionId'])
        .where('authorId', '=', author.id)
        .where('responseType', '=', 'pro')
        .where('parentId', 'is', null)
        .orderBy('id', 'desc')
        .execute()
    ).filter((row) => row.opinionId !== null);
    const credit = async (argument: { id: number; opinionId: number | null }) => {
      const member = await buildMember(t.db);
      await vote(member.cookie, argument.opinionId!, 5);
      await vote(member.cookie, argument.opinionId!, 1);
      const given = await post(
        '/api/v2/comment/persuaded',
        { commentID: argument.id },
        member.cookie,
      );
      expect(given.statusCode, JSON.stringify(given.json())).toBe(200);
      return { cookie: member.cookie, opinionId: argument.opinionId!, commentId: argument.id };
    };
    for (const sort of ['bridging', 'persuasive', 'liked', 'recent']) {
      const before = await everyArgument();
      const arrived: number[] = [];
      const likers: string[] = [];
      const persuaded: { cookie: string; opinionId: number; commentId: number }[] = [];
      const seen = await pageThrough('/api/arg/feed', { sort }, async (_page, read) => {
        // A mind changed by an argument not read yet, which would now lead Most persuasive; the
        // previous such member moves back, withdrawing a credit read on an earlier page.
        const next = proArguments.find(
          (argument) =>
            !read.includes(argument.id) &&
            !persuaded.some((credited) => credited.commentId === argument.id),
        );
        if (next) persuaded.push(await credit(next));
        const back = persuaded.at(-2);
        if (back) await vote(back.cookie, back.opinionId, 5);
        // A new argument; good points for arguments at the end of the order from a new member on
        // one side; the previous such member crosses to the other side, and a voter arrives on
        // the other position: each moves scores, none may move an argument across the cursor.
        const fresh = await buildComment(t.db, { opinionId: opinion.id, authorId: author.id });
        arrived.push(fresh.id);
        const liker = await buildMember(t.db);
        await vote(liker.cookie, opinion.id, 5);
        await vote(liker.cookie, otherPosition!, 1);
        for (const commentID of before.slice(-5)) {
          const given = await post(
            '/api/v2/comment/like',
            { commentID, liked: true },
            liker.cookie,
          );
          expect(given.statusCode).toBe(200);
        }
        const previous = likers.at(-1);
        if (previous) {
          await vote(previous, opinion.id, 1);
          await vote(previous, otherPosition!, 5);
        }
        likers.push(liker.cookie);
        await vote((await buildMember(t.db)).cookie, otherPosition!, 2);
      });
      expect(new Set(seen).size, sort).toBe(seen.length);
      expect(
        [...seen].sort((a, b) => a - b),
        sort,
      ).toEqual(before.sort((a, b) => a - b));
      expect(arrived.length).toBeGreaterThan(0);
    }
  });

  it('orders Most persuasive by minds changed, and the question page’s strongest by them too', async () => {
    // bothCamps leads by bridging (above); a mind that ownCamp changed puts it first.
    const member = await buildMember(t.db);
    for (const rating of [5, 1]) {
      const voted = await post('/api/opinion/vote', { id: position, rating }, member.cookie);
      expect(voted.statusCode).toBe(200);
    }
    const given = await post('/api/v2/comment/persuaded', { commentID: ownCamp }, member.cookie);
    expect(given.statusCode, JSON.stringify(given.json())).toBe(200);
    const feed = async (sort: string): Promise<{ ID: number; Persuaded: number }[]> =>
      (await post('/api/arg/feed', { sort })).json().body.Feed;
    const ids = async (sort: string) => (await feed(sort)).map((tuple) => tuple.ID);
    // Credited arguments first (the paging test above left some), each before every other.
    const persuasive = await feed('persuasive');
    const firstUncredited = persuasive.findIndex((tuple) => tuple.Persuaded === 0);
    expect(persuasive.slice(firstUncredited).every((tuple) => tuple.Persuaded === 0)).toBe(true);
    const order = persuasive.map((tuple) => tuple.ID);
    expect(order.indexOf(ownCamp)).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(ownCamp)).toBeLessThan(firstUncredited);
    expect(order.indexOf(bothCamps)).toBeGreaterThan(order.indexOf(ownCamp));
    const bridging = await ids('bridging');
    expect(bridging.indexOf(bothCamps)).toBeLessThan(bridging.indexOf(ownCamp));
    const page = (await get(`/api/convo/get?slug=${convo.Slug}`)).json().body;
    expect(page.Positions[0].For.map((argument: { ID: number }) => argument.ID)).toEqual([
      ownCamp,
      bothCamps,
    ]);
    expect(page.Positions[0].For[0].Persuaded).toBe(1);
  });
});

describe('search', () => {
  it('finds questions, positions and arguments, typed and linked', async () => {
    const opinion = await buildOpinion(t.db, { title: 'Zoos do more good than harm to wildlife' });
    const convo = await createQuestion('What are zoos for today?', categoryB, [
      { opinionID: opinion.id },
      { title: 'Zoos should be turned into sanctuaries' },
    ]);
    const argument = await buildComment(t.db, {
      opinionId: opinion.id,
      authorId: (await buildUser(t.db)).id,
      responseType: 'pro',
      body: 'Breeding programmes have saved the Arabian oryx from extinction.',
    });
    const results = async (q: string) =>
      (await get(`/api/v2/search?q=${encodeURIComponent(q)}`)).json().body.Results;
    expect(await results('zoos for today')).toContainEqual({
      ArtifactType: 'convo',
      ArtifactID: convo.ID,
      Link: `/question/${convo.Slug}`,
      Title: 'What are zoos for today?',
    });
    expect(await results('zoos do more good')).toContainEqual({
      ArtifactType: 'pos',
      ArtifactID: opinion.id,
      Link: `/question/${convo.Slug}#position-${opinion.id}`,
      Title: 'Zoos do more good than harm to wildlife',
    });
    // Found once, as its question's position, not again as a bare opinion.
    expect(
      (await results('zoos do more good')).filter(
        (result: { ArtifactID: number; ArtifactType: string }) =>
          result.ArtifactType === 'opinion' && result.ArtifactID === opinion.id,
      ),
    ).toEqual([]);
    expect(await results('arabian oryx')).toContainEqual({
      ArtifactType: 'arg',
      ArtifactID: argument.id,
      Link: `/o/${opinion.slug}#comment-${argument.id}`,
      Title: 'Breeding programmes have saved the Arabian oryx from extinction.',
    });
  });
});

describe('the question page', () => {
  it('shows results only to members who voted on the position', async () => {
    const opinion = await buildOpinion(t.db, { title: 'Remote work makes teams less creative' });
    const convo = await createQuestion('Where should we work?', categoryB, [
      { opinionID: opinion.id },
      { title: 'Offices are worth the commute' },
    ]);
    const voter = await buildMember(t.db);
    const vote = await post('/api/opinion/vote', { id: opinion.id, rating: 2 }, voter.cookie);
    expect(vote.statusCode).toBe(200);
    const asVisitor = (await get(`/api/convo/get?slug=${convo.Slug}`)).json().body;
    expect(asVisitor.Positions[0].Results).toBeNull();
    expect(asVisitor.Positions[0].Opinion.Rating).toBe(0);
    const asVoter = (await get(`/api/convo/get?slug=${convo.Slug}`, voter.cookie)).json().body;
    expect(asVoter.Positions[0].Opinion.Rating).toBe(2);
    expect(asVoter.Positions[0].Results.Percentages).toEqual([999, 100, 999, 999, 999]);
    expect(asVoter.Positions[1].Results).toBeNull();
    expect(asVoter.Convo.NumVotes).toBe(1);
  });

  it('leaves a removed position out', async () => {
    const opinion = await buildOpinion(t.db, { title: 'Tall buildings make cities worse' });
    const convo = await createQuestion('How tall should cities grow?', categoryA, [
      { opinionID: opinion.id },
      { title: 'Cities should build upwards, not outwards' },
    ]);
    await t.db
      .updateTable('opinions')
      .set({ deleted: true })
      .where('id', '=', opinion.id)
      .execute();
    const page = (await get(`/api/convo/get?slug=${convo.Slug}`)).json().body;
    expect(page.Positions.map((position: Body) => position.Opinion.ArtifactID)).not.toContain(
      opinion.id,
    );
    expect(page.Positions).toHaveLength(1);
  });
});

describe('question images', () => {
  let convo: { ID: number; Slug: string };

  beforeAll(async () => {
    convo = await createQuestion('Does every question need a picture?', categoryA);
  });

  const picture = (width: number, height: number) =>
    sharp({
      create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } },
    });

  async function stored() {
    const images = await t.db.selectFrom('convoImages').select('id').execute();
    const files = await t.db.selectFrom('convoImageFiles').select('imageId').execute();
    const pointer = await t.db
      .selectFrom('convos')
      .select('imageId')
      .where('id', '=', convo.ID)
      .executeTakeFirstOrThrow();
    return { images: images.length, files: files.length, imageId: pointer.imageId };
  }

  function upload(contentType: string, bytes: Buffer, cookie = staff) {
    return post(
      '/api/convo/image',
      { convoID: convo.ID, contentType, data: bytes.toString('base64') },
      cookie,
    );
  }

  it('accepts JPEG, PNG and WebP and serves WebP at three widths', async () => {
    const inputs: [string, Buffer][] = [
      ['image/jpeg', await picture(1600, 900).jpeg().toBuffer()],
      ['image/png', await picture(1600, 900).png().toBuffer()],
      ['image/webp', await picture(1600, 900).webp().toBuffer()],
    ];
    for (const [type, bytes] of inputs) {
      const answer = await upload(type, bytes);
      expect(answer.statusCode, JSON.stringify(answer.json())).toBe(200);
      const image = answer.json().body;
      const { imageId } = await stored();
      expect(image).toEqual({
        ImageSrc: `/api/convo/image/${imageId}/640`,
        ImageSrcSet: [320, 640, 1280]
          .map((width) => `/api/convo/image/${imageId}/${width} ${width}w`)
          .join(', '),
        ImageWidth: 640,
        ImageHeight: 360,
      });
      const file = await t.app.inject({ method: 'GET', url: image.ImageSrc });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      const metadata = await sharp(file.rawPayload).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 640, 360]);
      // The replaced image's files went with it.
      expect(await stored()).toMatchObject({ images: 1, files: 3 });
    }
    const page = (await post('/api/convo/feed', { categoryID: categoryA })).json().body;
    const tuple = page.Feed.find((candidate: { ID: number }) => candidate.ID === convo.ID);
    expect(tuple.ImageSrcSet).toContain('1280w');
  });

  it('does not enlarge a small image', async () => {
    const answer = await upload('image/png', await picture(500, 250).png().toBuffer());
    expect(answer.json().body).toMatchObject({ ImageWidth: 500, ImageHeight: 250 });
    expect(answer.json().body.ImageSrcSet.split(', ')).toHaveLength(2);
  });

  it('refuses other types (415), large files (413) and damaged ones (400), storing nothing', async () => {
    const kept = await stored();
    const png = await picture(800, 400).png().toBuffer();
    const gif = await picture(40, 40).gif().toBuffer();
    const damaged = Buffer.concat([png.subarray(0, 200), Buffer.alloc(200, 7)]);
    const oversized = Buffer.concat([png.subarray(0, 8), Buffer.alloc(5 * 1024 * 1024, 1)]);
    const cases: [string, Buffer, number, RegExp][] = [
      ['image/gif', gif, 415, /JPEG, PNG or WebP/],
      // A GIF that says it is a PNG: the bytes decide.
      ['image/png', gif, 415, /JPEG, PNG or WebP/],
      ['text/plain', Buffer.from('hello, not an image'), 415, /JPEG, PNG or WebP/],
      ['image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 415, /JPEG/],
      ['image/png', damaged, 400, /damaged/],
      ['image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0]), 400, /damaged/],
      ['image/png', oversized, 413, /larger than 5 MB/],
    ];
    for (const [type, bytes, status, message] of cases) {
      expectFailure(await upload(type, bytes), status, message);
      expect(await stored()).toEqual(kept);
    }
    expectFailure(
      await post(
        '/api/convo/image',
        { convoID: convo.ID, contentType: 'image/png', data: '***' },
        staff,
      ),
      400,
      /base64/,
    );
    expectFailure(
      await post(
        '/api/convo/image',
        { convoID: 999_999, contentType: 'image/png', data: png.toString('base64') },
        staff,
      ),
      404,
    );
    expect(await stored()).toEqual(kept);
  });

  it('refuses a request body far over the limit with 413', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/convo/image',
      headers: { 'content-type': 'application/json', cookie: staff },
      payload: JSON.stringify({
        body: { convoID: convo.ID, contentType: 'image/png', data: 'A'.repeat(8 * 1024 * 1024) },
      }),
    });
    expectFailure(answer, 413);
  });

  it('removes the image and its files', async () => {
    expect((await post('/api/convo/image/delete', { convoID: convo.ID }, staff)).statusCode).toBe(
      200,
    );
    expect(await stored()).toEqual({ images: 0, files: 0, imageId: null });
    const missing = await t.app.inject({ method: 'GET', url: '/api/convo/image/1/640' });
    expectFailure(missing, 404);
  });
});
