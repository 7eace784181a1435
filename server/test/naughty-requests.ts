import naughtyList from 'big-list-of-naughty-strings/blns.json' with { type: 'json' };
import fc from 'fast-check';
import { z } from 'zod';
import * as contract from '../../contract/index.ts';
import { appRoutes } from '../../contract/routes.ts';

/**
 * Hostile requests for every route, shared by the fuzz test (server/app.fuzz.db.test.ts, through
 * `app.inject()`) and the soak (bench/soak.ts, over a socket): naughty strings in path
 * parameters, query strings and JSON bodies, wrapped in the `{"body": …}` envelope of
 * docs/decisions/002-wire-format-and-errors.md and also unwrapped or malformed.
 */

/**
 * What the Big List of Naughty Strings (its 461 entries) has no or only short samples of: NUL,
 * strings far past every length limit, huge and non-finite numbers written out, path traversal,
 * broken %-escapes, the keys JavaScript objects inherit, template and format syntax.
 */
const extraNaughtyStrings = [
  '\u0000',
  'fuzz\u0000',
  '%00',
  '%',
  '%E0%A4%A',
  '%zz',
  '%25%32%65',
  '../../etc/passwd',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '..\\..\\windows\\win.ini',
  '....//....//etc/passwd',
  '/',
  '//',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  '9'.repeat(400),
  '-9223372036854775809',
  '9007199254740993',
  '1e309',
  '-0',
  '0x7fffffff',
  'NaN',
  'Infinity',
  'x'.repeat(5000),
  'é'.repeat(2000),
  '\u{1F600}'.repeat(800),
  'a\u0301\u0302\u0303\u0304\u0305\u0306\u0307\u0308',
  '\u202Egnp.exe',
  '\u200B\u200C\u200D\u2060\uFEFF',
  '\uD800',
  '\uDFFF\uD800',
  '${7*7}',
  '{{7*7}}',
  '#{7*7}',
  '%s%s%s%s%n',
  '{0}{1}{2}',
  "' or 1=1 --",
  '1; select pg_sleep(5)',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{"body":{}}',
  '[]',
  '{}',
  'null',
  'true',
];

/** The whole corpus: the Big List of Naughty Strings and the classes it lacks. */
export const naughtyStrings: readonly string[] = [...naughtyList, ...extraNaughtyStrings];

export const naughtyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...naughtyStrings) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...naughtyStrings), fc.constantFrom(...naughtyStrings))
      .map(([a, b]) => a + b),
  },
  // A new key every time, as a fuzzer brings them: what grows a cache keyed by input.
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom(...naughtyStrings),
        fc.string({ unit: 'grapheme-ascii', minLength: 6, maxLength: 16 }),
      )
      .map(([naughty, suffix]) => `${naughty.slice(0, 150)}${suffix}`),
  },
);

/**
 * Cursors of the right form (base64url JSON, as the feed and comment lists make them) with any
 * time and position in them: a cursor is the client's to send, and a forged one gets past decoding.
 */
const forgedCursor: fc.Arbitrary<string> = fc
  .oneof(
    fc.record({ t: fc.integer(), s: fc.double({ noNaN: true }), i: fc.integer() }),
    fc.record({
      t: fc
        .date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true })
        .map((date) => date.toISOString().replace('Z', '000Z')),
      i: fc.integer(),
    }),
  )
  .map((cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url'));

/** Values of the right form for fields any route may have: each passes validation, and is new. */
const wellFormed: Record<string, fc.Arbitrary<unknown>> = {
  after: forgedCursor,
  email: fc.emailAddress(),
  username: fc.stringMatching(/^[a-z][a-z0-9_]{2,19}$/),
  q: fc.string({ unit: 'grapheme', minLength: 3, maxLength: 60 }),
};

/** JSON values of every type, nested a little: what a field of the wrong type gets. */
export const jsonValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.constantFrom(-1, 0, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308, -0, 0.5),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    naughtyString,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(naughtyString, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** What a target's plausible values are drawn from, by field or parameter name. */
export type Plausible = Record<string, readonly unknown[]>;

/** A route to aim at, with the names of its payload's fields when the contract has them. */
export type Target = {
  method: string;
  url: string;
  fields: readonly string[];
  /** An API call (JSON answers), a page of the web app, or a file. */
  kind: 'api' | 'page' | 'file';
};

/** One request, ready for `app.inject()` or a socket. */
export type NaughtyRequest = {
  target: Target;
  method: string;
  /** Path and query, %-encoded: valid on the wire. */
  url: string;
  headers: Record<string, string>;
  payload?: string;
};

/** Every contract call's path with its payload's field names. */
function payloadFieldsByPath(): Map<string, string[]> {
  const fields = new Map<string, string[]>();
  for (const entry of Object.values(contract)) {
    if (typeof entry !== 'object' || entry === null || !('payload' in entry)) continue;
    const call = entry as contract.ApiCall;
    const shape = call.payload instanceof z.ZodObject ? call.payload.shape : {};
    fields.set(call.path, Object.keys(shape));
  }
  return fields;
}

/** The route table's routes as targets, then the web app's pages (served outside it). */
export function targetsOf(routeTable: ReadonlyArray<{ method: string; url: string }>): Target[] {
  const fieldsByPath = payloadFieldsByPath();
  const routes = routeTable.map((route): Target => ({
    ...route,
    fields: fieldsByPath.get(route.url) ?? [],
    kind: route.url.startsWith('/api/') ? 'api' : route.url.includes('.') ? 'file' : 'page',
  }));
  const routed = new Set(routeTable.map((route) => `${route.method} ${route.url}`));
  const pages = Object.values(appRoutes)
    .filter((url) => !routed.has(`GET ${url}`))
    .map((url): Target => ({ method: 'GET', url, fields: [], kind: 'page' }));
  return [...routes, ...pages];
}

/** encodeURIComponent, which throws on a lone surrogate; those go as U+FFFD, as a browser sends them. */
function encode(text: string): string {
  return encodeURIComponent(text.toWellFormed());
}

/** A value for a named field or parameter: plausible, naughty, or of the wrong type. */
function fieldValue(name: string, plausible: Plausible): fc.Arbitrary<unknown> {
  const known = Object.hasOwn(plausible, name) ? plausible[name]! : [];
  const formed = Object.hasOwn(wellFormed, name) ? wellFormed[name]! : undefined;
  return fc.oneof(
    ...(known.length > 0 ? [{ weight: 2, arbitrary: fc.constantFrom(...known) }] : []),
    ...(formed ? [{ weight: 2, arbitrary: formed }] : []),
    { weight: 3, arbitrary: naughtyString },
    { weight: 1, arbitrary: jsonValue },
  );
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function pathFor(target: Target, plausible: Plausible): fc.Arbitrary<string> {
  const parts = target.url.split('/').map((part) => {
    if (part === '*') return fieldValue('*', plausible).map((value) => encode(textOf(value)));
    if (!part.startsWith(':')) return fc.constant(part);
    return fieldValue(part.slice(1), plausible).map((value) => encode(textOf(value)) || 'x');
  });
  return fc.tuple(...parts).map((segments) => segments.join('/'));
}

/** Queries the parser and router must refuse or read: broken escapes, arrays, over-long cursors. */
const malformedQueries = [
  '%',
  'slug=%E0%A4%A',
  'slug[]=a',
  'slug=a&slug=b',
  'slug[__proto__][x]=1',
  '__proto__[admin]=1',
  'constructor[prototype][x]=1',
  `after=${'A'.repeat(300)}`,
  `q=${'%F0%9F%98%80'.repeat(100)}`,
  'q=%00%00%00',
  '&&&==&',
];

function queryFor(target: Target, plausible: Plausible): fc.Arbitrary<string> {
  const names = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...target.fields, 'slug', 'after', 'q', 'id') },
    { weight: 1, arbitrary: naughtyString },
  );
  const pairs = fc
    .array(
      names.chain((name) => fieldValue(name, plausible).map((value) => [name, value] as const)),
      { maxLength: 4 },
    )
    .map((entries) =>
      entries.map(([name, value]) => `${encode(name)}=${encode(textOf(value))}`).join('&'),
    );
  return fc.oneof(
    { weight: 4, arbitrary: pairs },
    { weight: 1, arbitrary: fc.constantFrom(...malformedQueries) },
  );
}

/** Bodies that are not the envelope: unparseable, of the wrong type, or over the size limit. */
const malformedBodies = [
  '',
  '{',
  '{"body":',
  '{"body":{}',
  '[]',
  'null',
  '"body"',
  '{"body":{"__proto__":{"isAdmin":true}}}',
  '{"body":{"constructor":{"prototype":{"isAdmin":true}}}}',
  '{"__proto__":{"body":{}}}',
  `{"body":${'['.repeat(5000)}${']'.repeat(5000)}}`,
  `{"body":{"slug":"${'x'.repeat(300 * 1024)}"}}`,
];

function bodyFor(target: Target, plausible: Plausible): fc.Arbitrary<string> {
  const fields = target.fields.length > 0 ? target.fields : ['slug', 'after', 'id'];
  const object = fc
    .array(
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...fields) },
        { weight: 1, arbitrary: naughtyString },
      ),
      { maxLength: fields.length + 1 },
    )
    .chain((names) =>
      fc
        .tuple(...names.map((name) => fieldValue(name, plausible)))
        .map((values) => Object.fromEntries(names.map((name, index) => [name, values[index]]))),
    );
  return fc.oneof(
    { weight: 6, arbitrary: object.map((body) => JSON.stringify({ body })) },
    { weight: 1, arbitrary: object.map((body) => JSON.stringify(body)) },
    { weight: 1, arbitrary: jsonValue.map((body) => JSON.stringify({ body })) },
    { weight: 1, arbitrary: naughtyString },
    { weight: 1, arbitrary: fc.constantFrom(...malformedBodies) },
  );
}

const contentTypes = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      undefined,
      'application/json; charset=utf-8',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=zz',
      'application/xml',
      'application/json; charset=latin1',
      'application/json; charset=utf-8; charset=latin1',
    ),
  },
);

/** Mostly what browsers send (every browser takes compressed answers), sometimes anything. */
const acceptEncodings = fc.oneof(
  { weight: 6, arbitrary: fc.constant('gzip, deflate, br, zstd') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(undefined, 'identity', '*', 'deflate', 'br;q=0, gzip;q=0.5'),
  },
  { weight: 1, arbitrary: naughtyString.map((text) => encode(text).slice(0, 200)) },
);

/**
 * Requests aimed at the target: mostly with its own method (which reaches its handler once the
 * payload passes), sometimes with another (which the router refuses). `cookies` are sent as they
 * are (a member's session, say); naughty session cookies are added.
 */
export function naughtyRequests(
  target: Target,
  options: { plausible?: Plausible; cookies?: readonly string[] } = {},
): fc.Arbitrary<NaughtyRequest> {
  const plausible = options.plausible ?? {};
  const cookies = fc.oneof(
    fc.constant(undefined),
    ...(options.cookies?.length ? [fc.constantFrom(...options.cookies)] : []),
    naughtyString.map((text) => `stance_session=${encode(text)}`),
  );
  return fc
    .record({
      method: fc.oneof(
        { weight: 6, arbitrary: fc.constant(target.method) },
        { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH') },
      ),
      path: pathFor(target, plausible),
      query: fc.option(queryFor(target, plausible), { freq: 3 }),
      body: bodyFor(target, plausible),
      contentType: contentTypes,
      cookie: cookies,
      acceptEncoding: acceptEncodings,
    })
    .map(({ method, path, query, body, contentType, cookie, acceptEncoding }) => {
      const headers: Record<string, string> = {};
      if (contentType) headers['content-type'] = contentType;
      if (cookie) headers.cookie = cookie;
      if (acceptEncoding) headers['accept-encoding'] = acceptEncoding;
      const hasBody = method !== 'GET' && method !== 'HEAD';
      return {
        target,
        method,
        url: query === null ? path : `${path}?${query}`,
        headers,
        ...(hasBody ? { payload: body } : {}),
      };
    });
}

/** A stack frame or a path into the code: what no answer may carry. */
export const leakedStackTrace = /\bat .+\.[cm]?[jt]s:\d+|node_modules|\n\s+at /;

/** An HTML page: what no API answer may be. */
export const htmlPage = /<!doctype html|<html/i;
