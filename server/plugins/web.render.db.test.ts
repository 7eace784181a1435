import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageStateElementId } from '../../contract/routes.ts';
import { announceChange } from '../cache-changes.ts';
import { createTestApp, postJson, type TestApp } from '../test/app.ts';
import {
  buildComment,
  buildMember,
  buildOpinion,
  buildUser,
  loginAs,
  recordVote,
} from '../test/factories.ts';
import { eraseAccount } from '../features/users/users.yourdata.ts';
import { opinionPageMaxAgeMs } from './web.render.ts';

/**
 * What the server does around the web app's server build (docs/decisions/085), with a stand-in
 * for that build (server/test/fixtures/rendered): the page's head and files in index.html, its
 * data block, its status, the reader's headers on the API calls it makes, and the visitors' page
 * cache. What the real build renders is tested in the journeys (e2e/pages-server.e2e.ts).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { PUBLIC_URL: 'https://stance.example', READ_CACHE_MS: '60000' },
    webDir: path.resolve(import.meta.dirname, '../test/fixtures/rendered/web'),
  });
});
afterAll(async () => {
  await t.close();
});

function metaContent(html: string, attribute: 'name' | 'property', key: string) {
  const match = html.match(new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`));
  return match?.[1];
}

/** The page's data block, as the browser's first render reads it. */
function stateOf(html: string): Record<string, unknown> {
  const match = new RegExp(
    `<script type="application/json" id="${pageStateElementId}">([^<]*)</script>`,
  ).exec(html);
  if (!match) throw new Error('The page has no data block');
  return JSON.parse(match[1]!) as Record<string, unknown>;
}

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('a page rendered by the server', () => {
  it('carries the rendered app in #root, its data block, and its own stylesheets and scripts', async () => {
    await buildOpinion(t.db, { title: 'Pages arrive with their content' });
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).toMatch(/<div id="root"><main>.*<h2>Pages arrive with their content<\/h2>/);
    // The page's chunks and those they import, not the entry index.html already loads.
    expect(html).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/FeedPage-test.css" />',
    );
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/shared-test.css" />');
    // Its scripts wait with the app's entry for the first paint (web/boot.ts).
    const held = /<template id="stance-code">(.*?)<\/template>/.exec(html)?.[1] ?? '';
    expect(held).toContain('<script type="module" src="/assets/app-test.js"></script>');
    expect(held).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/FeedPage-test.js" />',
    );
    expect(held).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/shared-test.js" />',
    );
    expect(html.replace(held, '')).not.toContain('modulepreload');
    expect(html).not.toContain('href="/assets/app-test.js"');
    expect(html.match(/<script type="module" src="\/assets\/app-test.js">/g)).toHaveLength(1);
  });

  it('carries the stylesheets of a part its page loads lazily, which the server renders with it', async () => {
    const opinion = await buildOpinion(t.db, { title: 'Insights arrive styled' });
    const html = (await get(`/o/${opinion.slug}`)).body;
    const stylesheet = (name: string) =>
      `<link rel="stylesheet" crossorigin href="/assets/${name}-test.css" />`;
    // The insights' own stylesheet and that of a chunk they import.
    expect(html).toContain(stylesheet('OpinionInsights'));
    expect(html).toContain(stylesheet('chart'));
    // Their code still loads when the app reaches them, not with the page's.
    expect(html).not.toContain('OpinionInsights-test.js');
    expect(html).not.toContain('chart-test.js');
    // A part the app's entry loads lazily (a modal) is never rendered by the server.
    expect(html).not.toContain('SomeModal-test');
    // Nor is one another page loads.
    expect((await get('/')).body).not.toContain('OpinionInsights-test');
  });

  it("holds in its data block what the API answers the reader: a visitor's feed", async () => {
    const page = stateOf((await get('/')).body);
    const feed = await postJson(t.app, '/api/opinion/userfeed', {});
    expect(page.feed).toEqual(feed.json().body);
    expect(page.reader).toMatchObject({ UserID: 0, Username: '' });
  });

  it("renders a member's page with their cookie: the API calls it makes are theirs", async () => {
    const member = await buildUser(t.db, { username: 'readerwithcookie' });
    const cookie = await loginAs(t.db, member.id);
    const page = stateOf((await get('/', cookie)).body);
    expect(JSON.stringify(page.reader)).toContain('readerwithcookie');
  });

  it('escapes a hostile title in the head and keeps `$&` as it is; no value closes the data block', async () => {
    const title = '</title><script>alert("$& $1")</script> & \'quotes\'';
    const opinion = await buildOpinion(t.db, { title });
    const response = await get(`/o/${opinion.slug}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    const escaped =
      '&lt;/title&gt;&lt;script&gt;alert(&quot;$&amp; $1&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;';
    expect(html).toContain(`<title>${escaped} · Stance</title>`);
    expect(metaContent(html, 'property', 'og:title')).toBe(`${escaped} · Stance`);
    expect(metaContent(html, 'name', 'twitter:title')).toBe(`${escaped} · Stance`);
    expect(metaContent(html, 'name', 'description')).toBe(escaped);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).not.toContain('<script>alert');
    // One closing tag each for the data block, the boot script and the entry it holds: no more.
    expect(html.match(/<\/script>/g)).toHaveLength(3);
    expect((stateOf(html).opinion as { Opinion: { Title: string } }).Opinion.Title).toBe(title);
    expect(metaContent(html, 'property', 'og:url')).toBe(
      `https://stance.example/o/${opinion.slug}`,
    );
  });

  it('answers with the status the render gives: 404 for a missing opinion, 410 for a deleted one', async () => {
    const missing = await get('/o/no-such-opinion');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<title>Not found · Stance</title>');
    const opinion = await buildOpinion(t.db, { deleted: true, title: 'A secret title' });
    const gone = await get(`/o/${opinion.slug}`);
    expect(gone.statusCode).toBe(410);
    expect(gone.body).toContain('<title>This content has been removed · Stance</title>');
    expect(gone.body).not.toContain('A secret title');
    expect((await get('/no/such/page')).statusCode).toBe(404);
  });

  it('sends the redirect a render answers', async () => {
    const response = await get('/moved');
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/');
  });
});

describe("the visitors' page cache", () => {
  /** Which render of the stand-in build the page is. */
  const renderOf = (html: string) => stateOf(html).render as number;

  it('keeps a page through votes, and drops it on a new comment or a changed title', async () => {
    const opinion = await buildOpinion(t.db, { title: 'Cached pages are fresh enough' });
    const url = `/o/${opinion.slug}`;
    const first = renderOf((await get(url)).body);
    expect(renderOf((await get(url)).body)).toBe(first);

    // A vote: the page's counts may lag for the cache's time, like every shared read's.
    await recordVote(t.db, (await buildUser(t.db)).id, opinion.id, 5);
    announceChange(t.db, { on: 'opinion', id: opinion.id, what: 'votes' });
    expect(renderOf((await get(url)).body)).toBe(first);

    // A comment: the page is rendered afresh.
    announceChange(t.db, { on: 'opinion', id: opinion.id, what: 'comments' });
    const afterComment = renderOf((await get(url)).body);
    expect(afterComment).toBeGreaterThan(first);
    expect(renderOf((await get(url)).body)).toBe(afterComment);

    // A changed title: the page shows it at once.
    await t.db
      .updateTable('opinions')
      .set({ title: 'Cached pages show new titles' })
      .where('id', '=', opinion.id)
      .execute();
    announceChange(t.db, { on: 'opinion', id: opinion.id, what: 'content' });
    const html = (await get(url)).body;
    expect(html).toContain('<h1>Cached pages show new titles</h1>');
    expect(html).toContain('<title>Cached pages show new titles · Stance</title>');
  });

  it('keeps only public pages: e-mail preferences by their token, a shared result and sign-in are read afresh', async () => {
    for (const url of ['/emailpref-iframe?t=a-token', `/r/${'x'.repeat(24)}`, '/login']) {
      const first = renderOf((await get(url)).body);
      expect(renderOf((await get(url)).body), url).toBeGreaterThan(first);
    }
  });

  it("never serves a member's page from it, nor a visitor's to a member", async () => {
    const opinion = await buildOpinion(t.db, { title: 'Members read their own pages' });
    const url = `/o/${opinion.slug}`;
    expect(stateOf((await get(url)).body).reader).toMatchObject({ UserID: 0 });
    const member = await buildUser(t.db, { username: 'ownpagereader' });
    const cookie = await loginAs(t.db, member.id);
    expect(JSON.stringify(stateOf((await get(url, cookie)).body).reader)).toContain(
      'ownpagereader',
    );
    expect(stateOf((await get(url)).body).reader).toMatchObject({ UserID: 0 });
  });
});

describe("an opinion's page, kept until what it shows changes (docs/decisions/088)", () => {
  const readCacheMs = 5000;
  let now = 1_000_000;
  let kept: TestApp;
  beforeAll(async () => {
    kept = await createTestApp({
      env: { READ_CACHE_MS: String(readCacheMs) },
      webDir: path.resolve(import.meta.dirname, '../test/fixtures/rendered/web'),
      clock: () => now,
    });
  });
  afterAll(async () => {
    await kept.close();
  });
  const renderOf = async (url: string) =>
    stateOf((await kept.app.inject({ method: 'GET', url })).body).render as number;
  const post = async (path: string, body: unknown, cookie: string) => {
    const response = await postJson(kept.app, path, body, cookie);
    expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
  };

  it('outlives READ_CACHE_MS while nothing on it changes, unlike other pages, up to its own limit', async () => {
    const opinion = await buildOpinion(kept.db, { title: 'Quiet pages stay drawn' });
    const url = `/o/${opinion.slug}`;
    const first = await renderOf(url);
    const feed = await renderOf('/');
    now += readCacheMs * 2;
    expect(await renderOf(url)).toBe(first);
    expect(await renderOf('/')).toBeGreaterThan(feed);
    now += opinionPageMaxAgeMs - readCacheMs * 2;
    expect(await renderOf(url)).toBeGreaterThan(first);
  });

  it('after a vote on it lives READ_CACHE_MS at most, as every page does; a vote elsewhere leaves it', async () => {
    const opinion = await buildOpinion(kept.db, { title: 'Voted pages catch up' });
    const other = await buildOpinion(kept.db, { title: 'Votes elsewhere' });
    const url = `/o/${opinion.slug}`;
    const first = await renderOf(url);
    now += 1000;
    announceChange(kept.db, { on: 'opinion', id: other.id, what: 'votes' });
    announceChange(kept.db, { on: 'opinion', id: opinion.id, what: 'votes' });
    now += readCacheMs - 1;
    expect(await renderOf(url)).toBe(first);
    now += 1;
    const afterVote = await renderOf(url);
    expect(afterVote).toBeGreaterThan(first);
    // Drawn READ_CACHE_MS after the vote, it shows it: kept again while nothing changes.
    now += readCacheMs * 2;
    expect(await renderOf(url)).toBe(afterVote);

    // Drawn within READ_CACHE_MS of a vote, it may hold counts read before it: it lives no longer
    // than any page.
    announceChange(kept.db, { on: 'opinion', id: opinion.id, what: 'votes' });
    now += 1000;
    announceChange(kept.db, { on: 'opinion', id: opinion.id, what: 'arguments' });
    const soonAfter = await renderOf(url);
    expect(soonAfter).toBeGreaterThan(afterVote);
    now += readCacheMs - 1;
    expect(await renderOf(url)).toBe(soonAfter);
    now += 1;
    expect(await renderOf(url)).toBeGreaterThan(soonAfter);
  });

  it("is drawn again at once when one of its arguments is edited, given a good point, hidden by reports or shown again, and not for another opinion's", async () => {
    const author = await buildMember(kept.db);
    const reader = await buildMember(kept.db);
    const moderator = await buildMember(kept.db, { canDeleteContent: true });
    const opinion = await buildOpinion(kept.db, { title: 'Arguments show on the page' });
    const other = await buildOpinion(kept.db, { title: 'Another page' });
    const argument = await buildComment(kept.db, {
      opinionId: opinion.id,
      authorId: author.user.id,
    });
    const elsewhere = await buildComment(kept.db, {
      opinionId: other.id,
      authorId: author.user.id,
    });
    const url = `/o/${opinion.slug}`;
    let render = await renderOf(url);
    const expectDrawnAgain = async (what: string) => {
      const next = await renderOf(url);
      expect(next, what).toBeGreaterThan(render);
      expect(await renderOf(url), `${what}, then kept`).toBe(next);
      render = next;
    };

    await post('/api/v2/comment/like', { commentID: elsewhere.id, liked: true }, reader.cookie);
    expect(await renderOf(url)).toBe(render);

    await post(
      '/api/v2/comment/edit',
      {
        commentID: argument.id,
        newBody: 'An argument put better than before.',
        newResponseType: 'pro',
      },
      author.cookie,
    );
    await expectDrawnAgain('an edit');
    await post('/api/v2/comment/like', { commentID: argument.id, liked: true }, reader.cookie);
    await expectDrawnAgain('a good point');
    await post('/api/v2/comment/like', { commentID: argument.id, liked: false }, reader.cookie);
    await expectDrawnAgain('a good point taken back');

    const reporters = await Promise.all([1, 2, 3].map(() => buildMember(kept.db)));
    for (const [index, reporter] of reporters.entries()) {
      await post('/api/v2/comment/report', { commentID: argument.id }, reporter.cookie);
      if (index < 2) expect(await renderOf(url), 'a report that hides nothing').toBe(render);
    }
    await expectDrawnAgain('hidden by the third report');
    await post('/api/admin/comment/dismiss', { commentID: argument.id }, moderator.cookie);
    await expectDrawnAgain('shown again');

    // A member who gave it a good point leaves: the good point goes with them.
    await post('/api/v2/comment/like', { commentID: argument.id, liked: true }, reader.cookie);
    await expectDrawnAgain('a good point');
    expect(await eraseAccount(kept.db, reader.user.id)).toBe(true);
    await expectDrawnAgain("its good point's giver erased");
  });
});

describe('a page without the server build (the fixture app of the other db tests)', () => {
  it('has its title and status, and the app renders the rest in the browser', async () => {
    const bare = await createTestApp({ env: { PUBLIC_URL: 'https://stance.example' } });
    try {
      const topics = await bare.app.inject({ method: 'GET', url: '/topics' });
      expect(topics.statusCode).toBe(200);
      expect(topics.body).toContain('<title>All topics · Stance</title>');
      expect(metaContent(topics.body, 'property', 'og:title')).toBe('All topics · Stance');
      expect(metaContent(topics.body, 'name', 'twitter:card')).toBe('summary');
      expect(topics.body).toContain('<div id="root"></div>');
      const missing = await bare.app.inject({ method: 'GET', url: '/not-a-page' });
      expect(missing.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

describe('/home', () => {
  it('is the front door under another name: a permanent redirect to /, query and all', async () => {
    const plain = await get('/home');
    expect(plain.statusCode).toBe(301);
    expect(plain.headers.location).toBe('/');
    const withQuery = await get('/home?ref=newsletter');
    expect(withQuery.headers.location).toBe('/?ref=newsletter');
  });
});
