import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.ts';
import { buildComment, buildOpinion, buildTopic, buildUser, loginAs } from './test/factories.ts';

/**
 * Sends malformed requests to every route the server has registered (read from the server, so a
 * new route is covered without editing this test) and checks that none gets a 5xx and every API
 * failure has the JSON shape of DESIGN.md §2.
 */
const requestCount = 2400;

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  const user = await buildUser(t.db);
  const topic = await buildTopic(t.db, { slug: 'fuzz' });
  const opinion = await buildOpinion(t.db, {
    slug: 'fuzz',
    topicIds: [topic.id],
    authorId: user.id,
  });
  await buildComment(t.db, { opinionId: opinion.id, authorId: user.id });
  cookie = await loginAs(t.db, user.id);
});
afterAll(async () => {
  await t.close();
});

const weirdStrings = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    'fuzz',
    '%',
    '%E0%A4%A',
    '\u0000',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    "' or 1=1 --",
    '__proto__',
    'constructor',
    '9'.repeat(400),
    'x'.repeat(5000),
  ),
);

const jsonValues = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double(),
    weirdStrings,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(weirdStrings, fc.constantFrom('body', 'after', 'slug', 'id', 'rating', '__proto__')),
      tie('value'),
      { maxKeys: 5 },
    ),
  ),
})).value;

const payloads = fc.oneof(
  jsonValues.map((value) => JSON.stringify(value)),
  jsonValues.map((value) => JSON.stringify({ body: value })),
  fc
    .record({
      after: fc.oneof(weirdStrings, jsonValues),
      slug: jsonValues,
      loadThirdParty: jsonValues,
      version: jsonValues,
      url: jsonValues,
    })
    .map((payload) => JSON.stringify({ body: payload })),
  weirdStrings,
  fc.constantFrom(
    '{',
    '{"body":',
    '[]',
    'null',
    '{"body":{"__proto__":{"admin":true}}}',
    '{"body":{"constructor":{"prototype":{}}}}',
  ),
);

const contentTypes = fc.constantFrom(
  undefined,
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=zz',
  'application/xml',
  'application/json; charset=latin1',
);

const queryStrings = fc
  .array(
    fc.tuple(fc.oneof(weirdStrings, fc.constantFrom('slug', 'after', 'q', 'id')), weirdStrings),
    { maxLength: 4 },
  )
  .map((pairs) =>
    pairs
      .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
      .join('&'),
  );

const rawQueries = fc.constantFrom(
  '',
  'slug=%',
  'slug=%E0%A4%A',
  'slug[]=a',
  'slug=a&slug=b',
  'after=' + 'A'.repeat(300),
  'q=ab',
  'q=%00%00%00',
);

function fillParameters(url: string, segment: string): string {
  return url
    .replace(/:[^/]+/g, encodeURIComponent(segment) || 'x')
    .replace(/\*/g, encodeURIComponent(segment));
}

describe('malformed requests to every route', () => {
  it(`never get a 5xx, and API failures are {success: false, error} (${requestCount} requests)`, async () => {
    const routes = t.app.routeTable;
    expect(routes.length).toBeGreaterThan(8);
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.constantFrom<InjectOptions['method']>('GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
        fc.boolean(),
        contentTypes,
        payloads,
        fc.oneof(queryStrings, rawQueries),
        weirdStrings,
        fc.boolean(),
        async (
          route,
          otherMethod,
          useRouteMethod,
          contentType,
          payload,
          query,
          segment,
          loggedIn,
        ) => {
          const method = useRouteMethod ? (route.method as InjectOptions['method']) : otherMethod;
          const url = fillParameters(route.url, segment) + (query ? `?${query}` : '');
          const headers: Record<string, string> = {};
          if (contentType) headers['content-type'] = contentType;
          if (loggedIn) headers.cookie = cookie;
          const hasBody = method !== 'GET' && method !== 'HEAD';
          const response = await t.app.inject({
            method,
            url,
            headers,
            ...(hasBody ? { payload } : {}),
          });
          sent++;
          expect(response.statusCode, `${method} ${url}`).toBeLessThan(500);
          expect(response.body).not.toMatch(/at .+\.ts:\d+|node_modules/);
          const isApi = route.url.startsWith('/api/');
          if (isApi && response.statusCode >= 400) {
            const body = response.json();
            expect(body.success).toBe(false);
            expect(typeof body.error).toBe('string');
            expect(body.error.length).toBeGreaterThan(0);
            expect(Object.keys(body).sort()).toEqual(['error', 'success']);
          }
        },
      ),
      { numRuns: requestCount, seed: 20261121 },
    );
    expect(sent).toBeGreaterThanOrEqual(2000);
    console.log(`fuzz: sent ${sent} malformed requests over ${routes.length} routes`);
  });
});
