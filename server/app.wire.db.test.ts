import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyLimitBytes } from './app.ts';
import { createTestApp, type TestApp } from './test/app.ts';
import { buildOpinion, buildUser } from './test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const json = { 'content-type': 'application/json' };

describe('the wire format of docs/product/calls.md', () => {
  it('answers a call with {success: true, body}', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/info',
      headers: json,
      payload: '{"body":{}}',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, body: { Username: '', UserID: 0 } });
  });

  it('refuses a POST that is not JSON with 415', async () => {
    for (const contentType of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/info',
        headers: { 'content-type': contentType },
        payload: 'body=1',
      });
      expect(response.statusCode, contentType).toBe(415);
      expect(response.json()).toEqual({ success: false, error: expect.stringMatching(/JSON/) });
    }
    const withoutType = await t.app.inject({ method: 'POST', url: '/api/user/info' });
    expect(withoutType.statusCode).toBe(415);
  });

  it('answers malformed JSON with a readable 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/info',
      headers: json,
      payload: '{"body": {',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      error: 'The request body is not valid JSON',
    });
  });

  it('names the field of an invalid payload', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/cookies/logchoice',
      headers: json,
      payload: { body: { loadThirdParty: 'yes', version: '1', url: '/' } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('loadThirdParty must be true or false');
  });

  it('requires the {"body": …} envelope for calls with a payload', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/cookies/logchoice',
      headers: json,
      payload: { loadThirdParty: true, version: '1', url: '/' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/body/);
  });

  it('answers an unknown /api path with 404 JSON, for GET and POST', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await t.app.inject({
        method,
        url: '/api/no/such/call',
        headers: json,
        payload: method === 'POST' ? '{}' : undefined,
      });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toMatchObject({ success: false });
    }
  });

  it('refuses a body over the limit with 413', async () => {
    const payload = JSON.stringify({
      body: { loadThirdParty: true, version: '1', url: 'x'.repeat(bodyLimitBytes) },
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/cookies/logchoice',
      headers: json,
      payload,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ success: false, error: 'The request body is too large' });
  });

  it('refuses a POST from another site (Origin check)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/info',
      headers: { ...json, origin: 'https://evil.example' },
      payload: '{"body":{}}',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatch(/Cross-site/);
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/user/info',
      headers: { ...json, origin: t.config.publicUrl },
      payload: '{"body":{}}',
    });
    expect(own.statusCode).toBe(200);
  });

  it('answers a missing opinion with 404 and a removed one with 410', async () => {
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/opinion/get?slug=no-such-opinion',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      success: false,
      error: 'Not found. The URL you entered may be invalid.',
    });
    const removed = await buildOpinion(t.db, { deleted: true });
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/opinion/get?slug=${removed.slug}`,
    });
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toEqual({ success: false, error: 'This content has been removed' });
  });
});

describe('headers', () => {
  it('sends a Content-Security-Policy and the other security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it("gives the API's answers an API's headers, not a page's", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/opinion/get?slug=none' });
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    // A page's own headers stay with pages.
    expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(response.headers['origin-agent-cluster']).toBeUndefined();
    const refused = await t.app.inject({ method: 'POST', url: '/api/opinion/vote', payload: 'x' });
    expect(refused.statusCode).toBe(415);
    expect(refused.headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
  });

  it('compresses large responses for clients that accept it', async () => {
    for (let i = 0; i < 30; i++) await buildOpinion(t.db);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/opinion/userfeed',
      headers: { ...json, 'accept-encoding': 'gzip' },
      payload: '{"body":{}}',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
  });
});

describe('the web app', () => {
  it('is sent for every client route with its title', async () => {
    // A profile page answers 404 for a name nobody has (docs/decisions/021).
    await buildUser(t.db, { username: 'Ada_L' });
    const cases: [string, string][] = [
      ['/', 'Stance · the encyclopedia of opinion'],
      ['/topics', 'All topics · Stance'],
      ['/u/Ada_L', 'Meet Ada_L, a contributor to civil discourse'],
      ['/comments/Ada_L', 'Opinion activity for Ada_L'],
      ['/questions', 'Questions on Stance'],
      ['/arguments', 'Arguments on Stance'],
      ['/search?q=climate%20change', 'Search · Stance'],
      ['/search', 'Search · Stance'],
      ['/reports/details/bigfive', 'Stance'],
    ];
    for (const [url, title] of cases) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain(`<title>${title}</title>`);
    }
  });

  // An opinion's page, titled with it and escaped, or 404 for none: the app rendered on the
  // server (server/plugins/web.render.db.test.ts, e2e/pages-server.e2e.ts).
  it('answers unknown pages with the app and status 404', async () => {
    for (const url of ['/no/such/page', '/not-found']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).toContain('<title>Not found · Stance</title>');
    }
  });

  it('serves hashed assets with long-lived caching', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-test.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('serves assets built after the development server started', async () => {
    const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stance-web-'));
    fs.cpSync(path.resolve(import.meta.dirname, 'test/fixtures/web'), webDir, { recursive: true });
    const fresh = await createTestApp({ webDir });
    try {
      fs.writeFileSync(path.join(webDir, 'assets/rebuilt-abc123.js'), 'console.log("rebuilt");');
      const response = await fresh.app.inject({ method: 'GET', url: '/assets/rebuilt-abc123.js' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('rebuilt');
      const outside = await fresh.app.inject({
        method: 'GET',
        url: '/assets/..%2F..%2Fpackage.json',
      });
      expect(outside.body).not.toContain('"dependencies"');
    } finally {
      await fresh.close();
      fs.rmSync(webDir, { recursive: true, force: true });
    }
  });

  it('ends the session on /logout and redirects home', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/logout' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/');
  });
});
