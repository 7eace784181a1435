import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { buildOpinion } from '../test/factories.ts';

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  // The stand-in server build: pages come with their content, as with the real one.
  t = await createTestApp({
    env: { READ_CACHE_MS: '60000' },
    webDir: path.resolve(import.meta.dirname, '../test/fixtures/rendered/web'),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
});

/** A GET over real HTTP that leaves the body as it travelled (fetch would decode it). */
function get(path: string, headers: Record<string, string>) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${baseUrl}${path}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

describe('pages are sent compressed (docs/decisions/044-a-lighter-client.md)', () => {
  it('sends a page brotli- or gzip-compressed per Accept-Encoding, and plain without it', async () => {
    const opinion = await buildOpinion(t.db, { title: 'Compressed pages load sooner' });
    const path = `/o/${opinion.slug}`;
    const plain = await get(path, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    const html = plain.body.toString('utf8');
    expect(html).toContain('Compressed pages load sooner');
    expect(plain.body.length).toBeGreaterThan(1024);

    const brotli = await get(path, { 'accept-encoding': 'br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.body).toString('utf8')).toBe(html);
    expect(brotli.body.length).toBeLessThan(plain.body.length);

    const gzip = await get(path, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(html);
  });
});
