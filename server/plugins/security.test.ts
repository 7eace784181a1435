import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { registerSecurity } from './security.ts';

/** The security headers of docs/decisions/090-api-security-headers.md, on a site served over HTTPS. */
describe('security headers over HTTPS', () => {
  const app = Fastify();

  beforeAll(async () => {
    await registerSecurity(
      app,
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://stance.example' }),
    );
    app.get('/', async (_request, reply) => reply.type('text/html').send('<!doctype html>'));
    app.get('/api/thing', async () => ({ success: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('tells browsers to keep to HTTPS on pages and API answers alike', async () => {
    for (const url of ['/', '/api/thing']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['strict-transport-security']).toBe(
        'max-age=15552000; includeSubDomains',
      );
    }
  });

  it("gives a page the page's policy, upgrading its insecure requests", async () => {
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('lets nothing run in, frame or embed an API answer', async () => {
    const answer = await app.inject({ method: 'GET', url: '/api/thing' });
    expect(answer.headers).toMatchObject({
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(answer.headers['referrer-policy']).toBeUndefined();
  });
});
