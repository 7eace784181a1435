import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildMember } from '../../test/factories.ts';
import { HttpClient, listen, type HttpAnswer } from '../../test/http-client.ts';
import { content, createQuizItems } from '../reports/reports.test-support.ts';
import { composeResultImageSvg } from './shares.image.ts';
import { shareRateRules } from './shares.routes.ts';
import { maxLiveShares, removedShareText } from './shares.service.ts';

let t: TestApp;
let baseUrl: string;
let opinionIds: Map<string, number>;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://stance.example' } });
  baseUrl = await listen(t.app);
  opinionIds = await createQuizItems(t.db);
});
afterAll(async () => {
  await t.close();
});

const ownershipItems = content.reports.ownership.elements.flatMap((element) => element.items);
let memberCount = 0;

/** A logged-in member's browser, over real HTTP. */
async function newMember(overrides: { subscriptionStatus?: string } = {}) {
  memberCount += 1;
  const username = `Sharer${memberCount}x${Math.random().toString(36).slice(2, 8)}`;
  const { user, cookie } = await buildMember(t.db, { username, ...overrides });
  const client = new HttpClient(baseUrl);
  const [name, value] = cookie.split('=') as [string, string];
  client.cookies.set(name, { value, path: '/' });
  return { user, client };
}

type Item = (typeof ownershipItems)[number];

/** Answers every Ownership statement through the vote call, with the rating `rate` gives. */
async function answerOwnership(client: HttpClient, rate: (index: number, item: Item) => number) {
  for (const [index, item] of ownershipItems.entries()) {
    const answer = await client.post('/api/opinion/vote', {
      id: opinionIds.get(item.id),
      rating: rate(index, item),
    });
    expect(answer.status, item.id).toBe(200);
  }
}

type ShareBody = {
  Token: string;
  Name: string;
  Title: string;
  ShowName: boolean;
  Url: string;
  ImageUrl: string;
  Created: string;
};

async function share(client: HttpClient, showName = false): Promise<ShareBody> {
  const answer = await client.post('/api/reports/share', { name: 'ownership', showName });
  expect(answer.status, answer.json?.error).toBe(200);
  return answer.json!.body!.Share as ShareBody;
}

const visitor = () => new HttpClient(baseUrl);
const sharedBody = (answer: HttpAnswer) => answer.json!.body!.Shared as Record<string, unknown>;

/** The raw bytes of a GET, for images and pages. */
async function fetchRaw(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(new URL(path, baseUrl), { headers });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG's size, from its first chunk (IHDR): width and height as 32-bit big-endian numbers. */
function pngSize(png: Buffer) {
  expect(png.subarray(0, 8)).toEqual(pngSignature);
  expect(png.toString('latin1', 12, 16)).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('sharing a report', () => {
  it('freezes the scores the report shows behind a public link, without the name', async () => {
    const { user, client } = await newMember();
    await answerOwnership(client, (index) => (index % 5) + 1);
    const detailed = await client.get('/api/reports/getdetailed?name=ownership');
    expect(detailed.status).toBe(200);
    const scores = (detailed.json!.body!.Reports as Record<string, (number | null)[]>).ownership!;
    const halfWidths = detailed.json!.body!.Uncertainty as (number | null)[];

    const created = await share(client);
    expect(created).toMatchObject({
      Name: 'ownership',
      Title: 'Ownership',
      ShowName: false,
      Url: `/r/${created.Token}`,
    });
    expect(created.ImageUrl).toMatch(
      new RegExp(`^/og/report/${created.Token}\\.png\\?v=[\\w-]{16}$`),
    );
    expect(Date.parse(created.Created)).not.toBeNaN();

    const listed = await client.get('/api/reports/shares');
    expect(listed.json!.body!.Shares).toEqual([created]);

    const answer = await visitor().get(`/api/reports/shared?token=${created.Token}`);
    expect(answer.status).toBe(200);
    const shared = sharedBody(answer);
    expect(shared).toMatchObject({
      Name: 'ownership',
      Title: 'Ownership',
      Username: null,
      ImageUrl: created.ImageUrl,
      Created: created.Created,
    });
    const entries = shared.Entries as { Name: string; Score: number | null; Uncertainty: number }[];
    expect(entries.map((entry) => entry.Name)).toEqual(
      content.reports.ownership.elements.map((element) => element.name),
    );
    expect(entries.map((entry) => entry.Score)).toEqual(scores);
    expect(entries.map((entry) => entry.Uncertainty)).toEqual(halfWidths);
    // Nothing of the member but what they chose: no name, id or e-mail in the raw answer.
    const raw = JSON.stringify(answer.json);
    expect(raw).not.toContain(user.username);
    expect(raw).not.toContain(user.email!);
    expect(raw).not.toMatch(/user_?id/i);
  });

  it('keeps the snapshot when the member changes their answers afterwards', async () => {
    const { client } = await newMember();
    // Agreeing with every '+' statement and disagreeing with every '-' one: high scores.
    await answerOwnership(client, (_index, item) => (item.keying === '+' ? 1 : 5));
    const created = await share(client);
    const before = sharedBody(await visitor().get(`/api/reports/shared?token=${created.Token}`));

    await answerOwnership(client, (_index, item) => (item.keying === '+' ? 5 : 1));
    const detailed = await client.get('/api/reports/getdetailed?name=ownership');
    const now = (detailed.json!.body!.Reports as Record<string, (number | null)[]>).ownership!;
    const frozen = (before.Entries as { Score: number | null }[]).map((entry) => entry.Score);
    expect(now).not.toEqual(frozen);

    const after = sharedBody(await visitor().get(`/api/reports/shared?token=${created.Token}`));
    expect(after).toEqual(before);
    // Sharing again makes a second link with the new scores; the first stays as it was.
    const second = await share(client);
    expect(second.Token).not.toBe(created.Token);
    const newer = sharedBody(await visitor().get(`/api/reports/shared?token=${second.Token}`));
    expect((newer.Entries as { Score: number | null }[]).map((entry) => entry.Score)).toEqual(now);
    const listed = await client.get('/api/reports/shares');
    const tokens = (listed.json!.body!.Shares as ShareBody[]).map((item) => item.Token);
    expect(tokens).toEqual([second.Token, created.Token]);
  });

  it('shows the username only when the member chose to, in the JSON and the picture', async () => {
    const { user, client } = await newMember();
    await answerOwnership(client, (index) => (index % 2 === 0 ? 2 : 4));
    const named = await share(client, true);
    const anonymous = await share(client, false);
    expect(named.ShowName).toBe(true);

    const namedAnswer = await visitor().get(`/api/reports/shared?token=${named.Token}`);
    expect(sharedBody(namedAnswer).Username).toBe(user.username);
    const anonymousAnswer = await visitor().get(`/api/reports/shared?token=${anonymous.Token}`);
    expect(sharedBody(anonymousAnswer).Username).toBeNull();
    expect(JSON.stringify(anonymousAnswer.json)).not.toContain(user.username);

    // The page shows what this call answers (e2e/share.e2e.ts reads it without the name).
    expect(JSON.stringify(anonymousAnswer.json)).not.toContain(user.email!);
    // The two pictures differ by the name alone, so their versions do too.
    expect(named.ImageUrl.split('?v=')[1]).not.toBe(anonymous.ImageUrl.split('?v=')[1]);
  });

  it('makes a token of 144 random bits, different every time', async () => {
    const { client } = await newMember();
    await answerOwnership(client, () => 3);
    const tokens = [];
    for (let index = 0; index < 8; index++) tokens.push((await share(client)).Token);
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(18);
    }
    // Random, not counted: two tokens made one after the other share no long prefix.
    for (let index = 1; index < tokens.length; index++) {
      expect(tokens[index]!.slice(0, 6)).not.toBe(tokens[index - 1]!.slice(0, 6));
    }
  });
});

describe('what sharing refuses', () => {
  it('asks a visitor to log in to share, list or stop sharing', async () => {
    const client = visitor();
    for (const [path, body] of [
      ['/api/reports/share', { name: 'ownership' }],
      ['/api/reports/unshare', { token: 'a'.repeat(24) }],
    ] as const) {
      const answer = await client.post(path, body);
      expect(answer.status, path).toBe(401);
      expect(answer.json).toEqual({ success: false, error: expect.stringMatching(/log in/) });
    }
    expect((await client.get('/api/reports/shares')).status).toBe(401);
  });

  it('refuses an unknown report, a locked one and one with no score yet', async () => {
    const { client } = await newMember();
    const unknown = await client.post('/api/reports/share', { name: 'horoscope' });
    expect(unknown.status).toBe(404);
    expect(unknown.json!.error).toContain('horoscope');

    const locked = await client.post('/api/reports/share', { name: 'bigfive' });
    expect(locked.status).toBe(403);
    expect(locked.json!.error).toBe('Subscribe to share this report');

    const unanswered = await client.post('/api/reports/share', { name: 'ownership' });
    expect(unanswered.status).toBe(409);
    expect(unanswered.json!.error).toBe('Answer its quiz before sharing');

    const badFlag = await client.post('/api/reports/share', { name: 'ownership', showName: 'yes' });
    expect(badFlag.status).toBe(400);
    expect(badFlag.json!.error).toContain('showName');
    const noName = await client.post('/api/reports/share', {});
    expect(noName.status).toBe(400);
    expect(noName.json!.error).toContain('name');
    expect((await client.get('/api/reports/shares')).json!.body!.Shares).toEqual([]);
  });

  it('holds at most 20 live shares a member, and 30 new shares an hour', async () => {
    const { client } = await newMember();
    await answerOwnership(client, () => 2);
    const tokens: string[] = [];
    for (let index = 0; index < maxLiveShares; index++) tokens.push((await share(client)).Token);
    const beyond = await client.post('/api/reports/share', { name: 'ownership' });
    expect(beyond.status).toBe(409);
    expect(beyond.json!.error).toContain(`at most ${maxLiveShares}`);
    // Stopping one makes room for one.
    let attempts = maxLiveShares + 1;
    while (attempts < shareRateRules.create.limit) {
      expect((await client.post('/api/reports/unshare', { token: tokens.pop() })).status).toBe(200);
      tokens.push((await share(client)).Token);
      attempts += 1;
    }
    await client.post('/api/reports/unshare', { token: tokens.pop() });
    const tooMany = await client.post('/api/reports/share', { name: 'ownership' });
    expect(tooMany.status).toBe(429);
    expect(Number(tooMany.headers.get('retry-after'))).toBeGreaterThan(0);
    const listed = await client.get('/api/reports/shares');
    expect(listed.json!.body!.Shares).toHaveLength(maxLiveShares - 1);
  });
});

describe('stopping sharing', () => {
  it('removes the result from the API, the page and the picture, and from the list', async () => {
    const { client } = await newMember();
    await answerOwnership(client, () => 4);
    const kept = await share(client);
    const stopped = await share(client);
    const imagePath = stopped.ImageUrl;
    expect((await fetchRaw(imagePath)).status).toBe(200);

    const other = await newMember();
    const notTheirs = await other.client.post('/api/reports/unshare', { token: stopped.Token });
    expect(notTheirs.status).toBe(404);
    const unknown = await client.post('/api/reports/unshare', { token: 'x'.repeat(24) });
    expect(unknown.status).toBe(404);
    expect((await visitor().get(`/api/reports/shared?token=${stopped.Token}`)).status).toBe(200);

    expect((await client.post('/api/reports/unshare', { token: stopped.Token })).status).toBe(200);
    // Stopping twice is not an error: the link stays removed.
    expect((await client.post('/api/reports/unshare', { token: stopped.Token })).status).toBe(200);

    const gone = await visitor().get(`/api/reports/shared?token=${stopped.Token}`);
    expect(gone.status).toBe(410);
    expect(gone.json).toEqual({ success: false, error: removedShareText });
    // The page says so with a 410 (e2e/share.e2e.ts).
    const image = await fetchRaw(imagePath);
    expect(image.status).toBe(410);
    expect(image.headers.get('content-type')).toContain('application/json');

    const listed = await client.get('/api/reports/shares');
    expect((listed.json!.body!.Shares as ShareBody[]).map((item) => item.Token)).toEqual([
      kept.Token,
    ]);
    // The frozen scores are gone from the database, not only hidden.
    const row = await t.db
      .selectFrom('reportShares')
      .select(['snapshot', 'revokedAt'])
      .where('token', '=', stopped.Token)
      .executeTakeFirstOrThrow();
    expect(row.snapshot).toBeNull();
    expect(row.revokedAt).toBeInstanceOf(Date);
  });

  it('answers 404 for a token nobody was given', async () => {
    for (const token of ['x'.repeat(24), 'short', `${'x'.repeat(23)}.`]) {
      const answer = await visitor().get(`/api/reports/shared?token=${token}`);
      expect(answer.status, token).toBe(404);
      expect(answer.json!.success).toBe(false);
    }
    expect((await visitor().get('/api/reports/shared')).status).toBe(400);
  });
});

// The shared result's page (its head, scores, 404 and 410) is the web app's, rendered by the
// server: e2e/share.e2e.ts and e2e/pages-server.e2e.ts.

describe("a shared result's picture", () => {
  it('is a 1200×630 PNG with an ETag, cached briefly', async () => {
    const { client } = await newMember();
    await answerOwnership(client, (index) => (index % 4) + 1);
    const created = await share(client);
    const image = await fetchRaw(created.ImageUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe('public, max-age=600');
    expect(image.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(pngSize(image.bytes)).toEqual({ width: 1200, height: 630 });
    const etag = image.headers.get('etag')!;
    expect(etag).toBe(`"${created.ImageUrl.split('?v=')[1]}"`);
    const revalidated = await fetchRaw(created.ImageUrl, { 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
  });

  it('answers 404 for an unknown token or another file type', async () => {
    const { client } = await newMember();
    await answerOwnership(client, () => 1);
    const created = await share(client);
    for (const path of [
      `/og/report/${'z'.repeat(24)}.png`,
      `/og/report/${created.Token}.gif`,
      `/og/report/${created.Token}`,
      '/og/report/%00.png',
    ]) {
      const answer = await fetchRaw(path);
      expect(answer.status, path).toBe(404);
    }
  });

  it('draws every entry of the 48-element core and escapes what it writes', () => {
    const svg = composeResultImageSvg({
      snapshot: {
        title: 'Opinion <DNA>',
        headline: null,
        entries: Array.from({ length: 48 }, (_, index) => ({
          name: `Element ${index}`,
          poles: { low: 'Low', high: 'High' },
          isTotal: false,
          score: index * 2,
          uncertainty: 6,
        })),
      },
      username: 'a&b',
    });
    expect(svg).toContain('Opinion &lt;DNA&gt;');
    expect(svg).toContain('Shared by a&amp;b');
    expect(svg).toContain('>Element 47<');
    expect(svg).not.toContain('more<');
  });
});
