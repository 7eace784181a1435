import path from 'node:path';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { testConfig } from './test/app.ts';
import { createTestDatabase } from './test/database.ts';
import { buildComment, buildOpinion, buildTopic, buildUser, loginAs } from './test/factories.ts';
import {
  htmlPage,
  leakedStackTrace,
  naughtyRequests,
  targetsOf,
  type NaughtyRequest,
  type Target,
} from './test/naughty-requests.ts';

/**
 * Hostile requests to every route the server registered (its route table, read from the server,
 * so a new route is covered without editing this test) and to every page of the web app: the Big
 * List of Naughty Strings in path parameters, query strings and JSON bodies, in the envelope and
 * out of it (server/test/naughty-requests.ts). None may get a 5xx or carry a stack trace, and
 * every API failure has the shape of docs/decisions/002-wire-format-and-errors.md.
 */
const requestsPerTarget = 40;
const seed = 20_261_121;

const handle = await createTestDatabase();
const app = await buildApp({
  config: testConfig(),
  db: handle.db,
  webDir: path.resolve(import.meta.dirname, 'test/fixtures/web'),
});
/** `METHOD url` of every route that answered a request: the coverage the last test checks. */
const exercised = new Set<string>();
app.addHook('onResponse', async (request) => {
  if (request.routeOptions.url !== undefined) {
    exercised.add(`${request.method} ${request.routeOptions.url}`);
  }
});
await app.ready();
afterAll(async () => {
  await app.close();
  await handle.close();
});

const member = await buildUser(handle.db);
const topic = await buildTopic(handle.db, { slug: 'fuzz' });
const opinion = await buildOpinion(handle.db, {
  slug: 'fuzz',
  topicIds: [topic.id],
  authorId: member.id,
});
const comment = await buildComment(handle.db, { opinionId: opinion.id, authorId: member.id });
const cookie = await loginAs(handle.db, member.id);
/** Real values for the fields and parameters of these names, so requests also get past lookups. */
const plausible = {
  slug: ['fuzz'],
  image: ['fuzz.png'],
  username: [member.username],
  id: [opinion.id],
  ids: [[opinion.id]],
  commentID: [comment.id],
  rating: [1, 5],
  after: [''],
};

const targets = targetsOf(app.routeTable);
let sent = 0;

/**
 * Each target's seed comes from its method and path (FNV-1a), not its place in the table: a new
 * route does not change the requests every other route gets.
 */
function seedOf(target: Target): number {
  let hash = 0x811c9dc5;
  for (const character of `${target.method} ${target.url}`) {
    hash = Math.imul(hash ^ character.codePointAt(0)!, 0x01000193);
  }
  return (seed ^ hash) | 0;
}

function describeRequest(request: NaughtyRequest): string {
  const payload = request.payload === undefined ? '' : ` ${request.payload.slice(0, 300)}`;
  return `${request.method} ${request.url.slice(0, 300)} ${JSON.stringify(request.headers)}${payload}`;
}

async function sendAndCheck(request: NaughtyRequest) {
  const response = await app.inject({
    method: request.method as InjectOptions['method'],
    url: request.url,
    headers: request.headers,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
  sent++;
  const what = describeRequest(request);
  expect(response.statusCode, what).toBeLessThan(500);
  expect(response.body, what).not.toMatch(leakedStackTrace);
  // Only this test's inputs carry these: an answer with one reflects input unescaped.
  expect(response.body, what).not.toMatch(/<script>alert|onerror=alert/);
  if (!request.url.startsWith('/api/')) return;
  expect(response.body, what).not.toMatch(htmlPage);
  if (response.statusCode < 400) return;
  expect(response.headers['content-type'], what).toMatch(/^application\/json/);
  const body = response.json();
  expect(Object.keys(body).sort(), what).toEqual(['error', 'success']);
  expect(body.success, what).toBe(false);
  expect(typeof body.error, what).toBe('string');
  expect(body.error.length, what).toBeGreaterThan(0);
}

describe(`${requestsPerTarget} hostile requests to each route and page: no 5xx, no stack trace, API failures are {success: false, error}`, () => {
  it.each(targets.map((target) => ({ target, name: `${target.method} ${target.url}` })))(
    '$name',
    async ({ target }: { target: Target }) => {
      await fc.assert(
        fc.asyncProperty(naughtyRequests(target, { plausible, cookies: [cookie] }), sendAndCheck),
        { numRuns: requestsPerTarget, seed: seedOf(target) },
      );
    },
  );

  it('reached every route of the route table', () => {
    const routeTable = app.routeTable.map((route) => `${route.method} ${route.url}`);
    expect(routeTable.length).toBeGreaterThan(40);
    expect([...exercised].sort()).toEqual([...new Set(routeTable)].sort());
    console.log(
      `fuzz: ${sent} hostile requests over ${routeTable.length} routes and ` +
        `${targets.length - routeTable.length} pages`,
    );
  });
});
