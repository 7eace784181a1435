import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { isLoopbackAddress } from './dev-only.ts';

describe('loopback addresses', () => {
  it('are 127.0.0.0/8 and ::1, in either notation', () => {
    for (const address of ['127.0.0.1', '127.42.0.9', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1']) {
      expect(isLoopbackAddress(address), address).toBe(true);
    }
    for (const address of [
      undefined,
      '',
      'localhost',
      '10.0.0.1',
      '128.0.0.1',
      '::ffff:10.0.0.1',
      '::2',
      'fe80::1',
      '203.0.113.7',
    ]) {
      expect(isLoopbackAddress(address), String(address)).toBe(false);
    }
  });
});

describe('the development tools under /dev/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback,10.0.0.0/8' } });
  });
  afterAll(async () => {
    await t.close();
  });

  const devUrls = ['/dev/mail', '/dev/mail.json', '/dev/mail/1'];

  it('answer a browser on this machine', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const page = await t.app.inject({ method: 'GET', url: '/dev/mail', remoteAddress });
      expect(page.statusCode, remoteAddress).toBe(200);
      expect(page.body).toContain('Outbox');
      const json = await t.app.inject({ method: 'GET', url: '/dev/mail.json', remoteAddress });
      expect(json.statusCode, remoteAddress).toBe(200);
    }
  });

  it('do not exist for anyone else, as in production', async () => {
    for (const remoteAddress of ['203.0.113.7', '10.1.2.3', '::ffff:192.0.2.1', '2001:db8::1']) {
      for (const url of devUrls) {
        const answer = await t.app.inject({ method: 'GET', url, remoteAddress });
        expect(answer.statusCode, `${remoteAddress} ${url}`).toBe(404);
        expect(answer.headers['content-type']).toMatch(/text\/html/);
        expect(answer.body).not.toContain('Outbox');
      }
      const head = await t.app.inject({ method: 'HEAD', url: '/dev/mail', remoteAddress });
      expect(head.statusCode, `${remoteAddress} HEAD`).toBe(404);
    }
  });

  it('go by the socket, whatever X-Forwarded-For says', async () => {
    // 10.1.2.3 is a trusted proxy here, so request.ip would be 127.0.0.1: still refused.
    const forged = await t.app.inject({
      method: 'GET',
      url: '/dev/mail.json',
      remoteAddress: '10.1.2.3',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(forged.statusCode).toBe(404);
    // A proxy on this machine passing on someone else's request: the socket is local, they are not.
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      const proxied = await t.app.inject({
        method: 'GET',
        url: '/dev/mail.json',
        remoteAddress: '127.0.0.1',
        headers: { [header]: header === 'forwarded' ? 'for=203.0.113.7' : '203.0.113.7' },
      });
      expect(proxied.statusCode, header).toBe(404);
    }
  });
});
