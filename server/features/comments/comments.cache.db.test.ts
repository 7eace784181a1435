import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, postJson, type TestApp } from '../../test/app.ts';
import { buildMember, buildOpinion } from '../../test/factories.ts';

// The app as it runs in production, shared reads cached for a minute: what a comment changes must
// reach every cached read of its opinion at once, not when the cache expires. (A rendered page is
// made of these reads through the API; the visitors' page cache is dropped with them:
// server/plugins/web.render.db.test.ts.)
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { READ_CACHE_MS: '60000' } });
});
afterAll(async () => {
  await t.close();
});

type FeedOpinion = { ArtifactID: number; NumComments: number };

async function openedPage(slug: string, cookie?: string): Promise<number> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/opinion/get?slug=${slug}`,
    headers: cookie ? { cookie } : {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().body.Opinion.NumComments;
}

/** The opinion's comment count on the first feed page, in the feed or the viewer's Recent. */
async function onFirstPage(id: number, cookie?: string): Promise<number | undefined> {
  const response = await postJson(t.app, '/api/opinion/userfeed', {}, cookie);
  expect(response.statusCode, response.body).toBe(200);
  const { Opinions, Recent = [] } = response.json().body as {
    Opinions: FeedOpinion[];
    Recent?: FeedOpinion[];
  };
  return [...Opinions, ...Recent].find((opinion) => opinion.ArtifactID === id)?.NumComments;
}

describe('a comment and the cached reads of its opinion', () => {
  it('counts a new comment, and uncounts a deleted one, on the opinion and the feeds at once', async () => {
    const author = await buildMember(t.db, { canCreateOpinions: true });
    const reader = await buildMember(t.db);
    // The author's own new opinion shows in their Recent; for everyone else it is in the feed.
    const opinion = await buildOpinion(t.db, { authorId: author.user.id });
    const counts = async () => ({
      visitorPage: await openedPage(opinion.slug),
      readerPage: await openedPage(opinion.slug, reader.cookie),
      visitorFeed: await onFirstPage(opinion.id),
      readerFeed: await onFirstPage(opinion.id, reader.cookie),
      authorRecent: await onFirstPage(opinion.id, author.cookie),
    });
    const everywhere = (count: number) => ({
      visitorPage: count,
      readerPage: count,
      visitorFeed: count,
      readerFeed: count,
      authorRecent: count,
    });
    // Every read is cached now.
    expect(await counts()).toEqual(everywhere(0));

    const created = await postJson(
      t.app,
      '/api/v2/comment/new',
      {
        threadID: String(opinion.id),
        parentID: 0,
        body: 'Worth it, for the reasons above.',
        responseType: 'pro',
      },
      reader.cookie,
    );
    expect(created.statusCode, created.body).toBe(200);
    expect(await counts()).toEqual(everywhere(1));

    const deleted = await postJson(
      t.app,
      '/api/v2/comment/delete',
      { commentID: created.json().body.Comment.CommentID },
      reader.cookie,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await counts()).toEqual(everywhere(0));
  });
});
