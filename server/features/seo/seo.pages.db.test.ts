import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, postJson, type TestApp } from '../../test/app.ts';
import {
  buildComment,
  buildMember,
  buildOpinion,
  buildTopic,
  buildUser,
  recordVote,
} from '../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://stance.example' } });
});
afterAll(async () => {
  await t.close();
});

/** The page as a reader without JavaScript gets it: what the server put inside #root. */
async function readPage(url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  const root = /<div id="root">([\s\S]*?)<\/div>\s*<script/.exec(response.body)?.[1];
  expect(root, 'the app still starts after the content').toBeDefined();
  return { status: response.statusCode, html: response.body, root: root! };
}

/** The text a reader sees: tags dropped, the style sheet left out, white space folded. */
function visibleText(html: string): string {
  return html
    .replace(/<style>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('an opinion page rendered on the server', () => {
  it('carries the title, topics, author, distribution and top arguments, all escaped', async () => {
    const author = await buildUser(t.db, { username: 'Ada' });
    const topic = await buildTopic(t.db, { title: 'Pets & people' });
    const opinion = await buildOpinion(t.db, {
      title: '<script>alert("owned")</script> Cats & dogs',
      authorId: author.id,
      topicIds: [topic.id],
    });
    for (const rating of [1, 1, 2, 5]) {
      await recordVote(t.db, (await buildUser(t.db)).id, opinion.id, rating);
    }
    const arguer = await buildUser(t.db, { username: 'Bob' });
    await buildComment(t.db, {
      opinionId: opinion.id,
      authorId: arguer.id,
      body: 'Cats **are** better <img src=x onerror=alert(1)>',
      responseType: 'pro',
    });

    const { status, root } = await readPage(`/o/${opinion.slug}`);
    expect(status).toBe(200);
    expect(root).toContain(
      '<h1 class="ssr-title">&lt;script&gt;alert(&quot;owned&quot;)&lt;/script&gt; Cats &amp; dogs</h1>',
    );
    expect(root).not.toMatch(/<script|<img/);
    expect(root).toContain(`<a href="/t/${topic.slug}">Pets &amp; people</a>`);
    expect(root).toContain('Opinion by <a href="/u/Ada">Ada</a>');
    const text = visibleText(root);
    expect(text).toContain('4 votes · 0 comments');
    expect(text).toContain(
      'Strongly Agree 50% Agree 25% Neutral 0% Disagree 0% Strongly Disagree 25%',
    );
    expect(text).toContain('Top arguments');
    expect(root).toContain('<a href="/u/Bob">Bob</a> · For · 0 good points');
    expect(root).toContain('Cats <strong>are</strong> better &lt;img src=x onerror=alert(1)&gt;');
  });

  it('leaves out deleted arguments and shows no arguments section without any', async () => {
    const opinion = await buildOpinion(t.db);
    const { root } = await readPage(`/o/${opinion.slug}`);
    expect(visibleText(root)).toContain('Nobody has voted yet.');
    expect(root).not.toContain('Top arguments');
  });

  it('answers an unknown opinion with the app, status 404 and the Not found text', async () => {
    const { status, root, html } = await readPage('/o/no-such-opinion');
    expect(status).toBe(404);
    expect(html).toContain('<title>Not found · Stance</title>');
    expect(visibleText(root)).toContain('Not found. The URL you entered may be invalid.');
  });

  it('answers a removed opinion with 410 and none of its words', async () => {
    const opinion = await buildOpinion(t.db, { deleted: true, title: 'A secret removed title' });
    const { status, root, html } = await readPage(`/o/${opinion.slug}`);
    expect(status).toBe(410);
    expect(visibleText(root)).toContain('This content has been removed');
    expect(html).not.toContain('A secret removed title');
  });
});

describe('a topic page rendered on the server', () => {
  it('carries the topic, its description and its listed opinions as links', async () => {
    const topic = await buildTopic(t.db, {
      title: 'fish & <chips>',
      description: 'Frying, "batter" & the sea.',
    });
    const listed = await buildOpinion(t.db, {
      title: 'Chips are best with vinegar',
      topicIds: [topic.id],
    });
    const quizItem = await buildOpinion(t.db, {
      title: 'A quiz item nobody lists',
      topicIds: [topic.id],
      listed: false,
    });
    const { status, root, html } = await readPage(`/t/${topic.slug}`);
    expect(status).toBe(200);
    expect(root).toContain('<h1 class="ssr-title">Fish &amp; &lt;chips&gt;</h1>');
    expect(root).toContain('<p>Frying, &quot;batter&quot; &amp; the sea.</p>');
    expect(root).toContain(`<a href="/o/${listed.slug}">Chips are best with vinegar</a>`);
    expect(root).not.toContain(quizItem.slug);
    expect(html).toContain(
      '<meta name="description" content="Frying, &quot;batter&quot; &amp; the sea." />',
    );
  });

  it('answers a name the database cannot hold (U+0000) with 404, not a failed look-up', async () => {
    for (const url of ['/o/a%00b', '/t/%00', '/u/%00', '/comments/%00']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('answers an unknown topic with 404', async () => {
    expect((await readPage('/t/no-such-topic')).status).toBe(404);
  });
});

describe('a profile rendered on the server', () => {
  it('carries the name, texts, figures and latest comments, escaped', async () => {
    const member = await buildUser(t.db, {
      username: 'Grace',
      fullName: 'Grace <Hopper>',
      bio: 'I <3 "debate"\nand compilers',
      location: 'Arlington',
    });
    const opinion = await buildOpinion(t.db, { title: 'Compilers are for <everyone>' });
    await buildComment(t.db, {
      opinionId: opinion.id,
      authorId: member.id,
      body: 'Programs should read **like prose**.',
    });
    const { status, root, html } = await readPage('/u/grace');
    expect(status).toBe(200);
    expect(html).toContain('<title>Meet Grace, a contributor to civil discourse</title>');
    expect(root).toContain('<h1 class="ssr-title">Grace</h1>');
    expect(root).toContain('<p>Grace &lt;Hopper&gt;</p>');
    expect(root).toContain('<p class="ssr-bio">I &lt;3 &quot;debate&quot;\nand compilers</p>');
    expect(root).toMatch(
      /<a href="\/o\/[^"]+#comment-\d+">Compilers are for &lt;everyone&gt;<\/a>/,
    );
    expect(visibleText(root)).toContain('Programs should read like prose.');
    expect(visibleText(root)).toContain('Arlington · Joined');
    expect(root).toContain('<a href="/comments/Grace">All comments by Grace</a>');
    expect(html).toMatch(/<meta name="description" content="Grace on Stance: 0 opinions, /);
  });

  it('answers an unknown member with 404', async () => {
    expect((await readPage('/u/nobody-has-this-name')).status).toBe(404);
  });
});

describe('the For You feed rendered on the server', () => {
  it("carries a visitor's first page as cards, and as the feed call's JSON for the app", async () => {
    const topic = await buildTopic(t.db, { title: 'Cities' });
    const opinion = await buildOpinion(t.db, {
      title: 'Trams beat buses </script><b>',
      topicIds: [topic.id],
    });
    await recordVote(t.db, (await buildUser(t.db)).id, opinion.id, 2);

    const { status, html, root } = await readPage('/');
    expect(status).toBe(200);
    expect(root).toContain(
      `<h2 class="ssr-card-title"><a href="/o/${opinion.slug}">Trams beat buses &lt;/script&gt;&lt;b&gt;</a></h2>`,
    );
    expect(visibleText(root)).toContain('1 vote · 0 comments');
    expect(root).toContain(`<a href="/t/${topic.slug}">Cities</a>`);

    // The data block cannot be closed by a value, and holds what the feed call answers a visitor.
    const data = /<script type="application\/json" id="stance-feed">([^<]*)<\/script>/.exec(html);
    expect(data).not.toBeNull();
    const apiPage = await postJson(t.app, '/api/opinion/userfeed', {});
    expect(JSON.parse(data![1]!)).toEqual(apiPage.json().body);
    expect(apiPage.json().body.Opinions.map((item: { Slug: string }) => item.Slug)).toContain(
      opinion.slug,
    );
  });

  it("leaves a member's feed to the app: it is theirs, not the visitors'", async () => {
    await buildOpinion(t.db, { title: 'Night trains should come back' });
    const { cookie } = await buildMember(t.db);
    const response = await t.app.inject({ method: 'GET', url: '/', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).not.toContain('stance-feed');
  });
});

describe('pages the server does not render', () => {
  it('keep an empty #root for the app to fill', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/topics' });
    expect(response.body).toContain('<div id="root"></div>');
  });
});
