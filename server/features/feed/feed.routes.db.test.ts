import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  buildComment,
  buildOpinion,
  buildTopic,
  buildUser,
  loginAs,
  recordVote,
} from '../../test/factories.ts';
import { feedPageSize } from './feed.ranking.ts';

let t: TestApp;
const dayMs = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type FeedBody = {
  Feed: number[];
  Opinions: { ArtifactID: number; Slug: string; Rating: number }[];
  After: string;
  EndReached: boolean;
  Recent?: { ArtifactID: number }[];
  Cards?: {
    Stats: { Opinions: number; Comments: number; Votes: number };
    TrendingOpinions: { Slug: string }[];
    LatestActivity: { CommentID: number; OpinionTitle: string; Username: string; Link: string }[];
    TopCommenters: { UsernameCased: string }[];
  };
};

async function feedPage(after: string | undefined, cookie?: string): Promise<FeedBody> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/opinion/userfeed',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: { body: after === undefined ? {} : { after } },
  });
  expect(response.statusCode).toBe(200);
  return response.json().body;
}

async function readWholeFeed(cookie?: string) {
  const pages: FeedBody[] = [];
  let after: string | undefined;
  for (let guard = 0; guard < 50; guard++) {
    const page = await feedPage(after, cookie);
    pages.push(page);
    if (page.EndReached) break;
    after = page.After;
  }
  return pages;
}

describe('the For You feed', () => {
  const opinionIds: number[] = [];
  let voter: Awaited<ReturnType<typeof buildUser>>;

  beforeAll(async () => {
    const topic = await buildTopic(t.db);
    voter = await buildUser(t.db);
    const author = await buildUser(t.db, { karma: 40 });
    const now = Date.now();
    for (let i = 0; i < 47; i++) {
      const opinion = await buildOpinion(t.db, {
        topicIds: [topic.id],
        createdAt: new Date(now - i * 3 * dayMs),
      });
      opinionIds.push(opinion.id);
    }
    await buildOpinion(t.db, { listed: false, title: 'A quiz item never shown in feeds' });
    await buildOpinion(t.db, { deleted: true, title: 'A deleted opinion never shown in feeds' });
    // An old opinion with many recent votes should outrank newer quiet ones.
    const hot = opinionIds.at(-1)!;
    for (let i = 0; i < 12; i++) {
      const member = await buildUser(t.db);
      await recordVote(t.db, member.id, hot, 1 + (i % 5));
    }
    await recordVote(t.db, voter.id, opinionIds[0]!, 2);
    await recordVote(t.db, voter.id, opinionIds[1]!, 4);
    await buildComment(t.db, {
      opinionId: opinionIds[2]!,
      authorId: author.id,
      responseType: 'con',
    });
  });

  it('pages through every listed, live opinion once, then says EndReached', async () => {
    const pages = await readWholeFeed();
    const seen = pages.flatMap((page) => page.Feed);
    expect(pages.length).toBe(Math.ceil(47 / feedPageSize));
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort((a, b) => a - b)).toEqual([...opinionIds].sort((a, b) => a - b));
    expect(pages.at(-1)!.EndReached).toBe(true);
    expect(pages.at(-1)!.After).toBe('');
    for (const page of pages) {
      expect(page.Opinions.map((opinion) => opinion.ArtifactID)).toEqual(page.Feed);
    }
  });

  it('ranks by the trending score: recent votes lift an old opinion', async () => {
    const [first] = await readWholeFeed();
    expect(first!.Feed[0]).toBe(opinionIds.at(-1));
  });

  it('carries the sidebar cards on the first page only', async () => {
    const [first, second] = await readWholeFeed();
    expect(first!.Cards!.Stats).toEqual({ Opinions: 47, Comments: 1, Votes: 14 });
    expect(first!.Cards!.TrendingOpinions[0]!.Slug).toBeTruthy();
    expect(first!.Cards!.LatestActivity).toHaveLength(1);
    expect(first!.Cards!.LatestActivity[0]!.Link).toMatch(/^\/o\/.+#comment-\d+$/);
    expect(first!.Cards!.TopCommenters.length).toBeGreaterThan(0);
    expect(second!.Cards).toBeUndefined();
  });

  it("offers a member only what they haven't voted on", async () => {
    const cookie = await loginAs(t.db, voter.id);
    const seen = (await readWholeFeed(cookie)).flatMap((page) => page.Feed);
    expect(seen).toHaveLength(45);
    expect(seen).not.toContain(opinionIds[0]);
    expect(seen).not.toContain(opinionIds[1]);
  });

  it('does not skip opinions when the member votes between pages', async () => {
    const member = await buildUser(t.db);
    const cookie = await loginAs(t.db, member.id);
    const first = await feedPage(undefined, cookie);
    for (const id of first.Feed.slice(0, 5)) await recordVote(t.db, member.id, id, 3);
    let after = first.After;
    const rest: number[] = [];
    for (;;) {
      const page = await feedPage(after, cookie);
      rest.push(...page.Feed);
      if (page.EndReached) break;
      after = page.After;
    }
    expect(new Set([...first.Feed, ...rest]).size).toBe(47);
  });

  it("shows a member's own recent opinions first", async () => {
    const author = await buildUser(t.db);
    const own = await buildOpinion(t.db, {
      authorId: author.id,
      title: 'My own brand new opinion',
    });
    const page = await feedPage(undefined, await loginAs(t.db, author.id));
    expect(page.Recent!.map((opinion) => opinion.ArtifactID)).toEqual([own.id]);
    expect(page.Feed).not.toContain(own.id);
  });

  it('refuses a forged cursor with a readable 400', async () => {
    for (const after of ['not-a-cursor', Buffer.from('{"t":"x"}').toString('base64url')]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/opinion/userfeed',
        headers: { 'content-type': 'application/json' },
        payload: { body: { after } },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(/^after: /);
    }
  });
});

describe('followed topics in the For You feed', () => {
  it('lift the opinions of a topic the member follows above busier ones', async () => {
    const followedTopic = await buildTopic(t.db);
    const otherTopic = await buildTopic(t.db);
    const now = Date.now();
    const quiet = await buildOpinion(t.db, {
      topicIds: [followedTopic.id],
      createdAt: new Date(now - 200 * dayMs),
    });
    const busier = await buildOpinion(t.db, {
      topicIds: [otherTopic.id],
      createdAt: new Date(now - 200 * dayMs),
    });
    // Two recent votes on the other opinion: ln(3) ≈ 1.1 of score, less than the 1.5 bonus.
    for (let i = 0; i < 2; i++) {
      const member = await buildUser(t.db);
      await recordVote(t.db, member.id, busier.id, 2);
    }
    const reader = await buildUser(t.db);
    const cookie = await loginAs(t.db, reader.id);
    const positionOf = async (id: number) =>
      (await readWholeFeed(cookie)).flatMap((page) => page.Feed).indexOf(id);

    expect(await positionOf(busier.id)).toBeLessThan(await positionOf(quiet.id));
    const follow = await t.app.inject({
      method: 'POST',
      url: '/api/topic/follow',
      headers: { 'content-type': 'application/json', cookie },
      payload: { body: { topicID: followedTopic.id, followed: true } },
    });
    expect(follow.statusCode).toBe(200);
    expect(await positionOf(quiet.id)).toBeLessThan(await positionOf(busier.id));
    // A visitor's trending ranking is not affected by anyone's follows.
    const anonymous = (await readWholeFeed()).flatMap((page) => page.Feed);
    expect(anonymous.indexOf(busier.id)).toBeLessThan(anonymous.indexOf(quiet.id));
  });
});
