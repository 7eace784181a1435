import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { buildOpinion, buildTopic } from '../test/factories.ts';

// As in production: shared reads (a visitor's first feed page) cached and sent as the same bytes.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { READ_CACHE_MS: '60000' } });
  // Opinions as large as the demo's (topics, longer titles): about 800 bytes each on a page.
  const topics = await Promise.all([1, 2, 3].map(() => buildTopic(t.db)));
  for (let index = 0; index < 40; index++) {
    await buildOpinion(t.db, {
      title: `Opinion ${index}: cities should give their streets back to people on foot and on bikes`,
      topicIds: topics.map((topic) => topic.id),
    });
  }
});
afterAll(async () => {
  await t.close();
});

const browser = 'gzip, deflate, br, zstd';

function postFeed(headers: Record<string, string>, body: unknown = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/opinion/userfeed',
    headers: { 'content-type': 'application/json', ...headers },
    payload: { body },
  });
}

const decoders: Record<string, (bytes: Buffer) => Buffer> = {
  br: zlib.brotliDecompressSync,
  gzip: zlib.gunzipSync,
  zstd: zlib.zstdDecompressSync,
};

/** The response's body as JSON text, decompressed per its Content-Encoding. */
function decodedText(response: Awaited<ReturnType<typeof postFeed>>): string {
  const encoding = response.headers['content-encoding'];
  if (!encoding) return response.rawPayload.toString();
  return decoders[String(encoding)]!(response.rawPayload).toString();
}

describe('compressed responses', () => {
  it('send a shared page compressed once per encoding: brotli to a browser, gzip where only that is taken', async () => {
    const plain = await postFeed({});
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = plain.rawPayload.toString();
    expect(JSON.parse(json).body.Feed).toHaveLength(20);

    const brotli = vi.spyOn(zlib, 'brotliCompress');
    try {
      // Three at once, while the page is being compressed, and one after.
      const responses = await Promise.all(
        [1, 2, 3].map(() => postFeed({ 'accept-encoding': browser })),
      );
      responses.push(await postFeed({ 'accept-encoding': browser }));
      for (const response of responses) {
        expect(response.headers['content-encoding']).toBe('br');
        expect(response.headers.vary).toBe('accept-encoding');
        expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
        expect(response.rawPayload.length).toBeLessThan(json.length / 3);
        expect(decodedText(response)).toBe(json);
      }
      // The first request compressed the page; the others were sent its compressed bytes.
      expect(brotli).toHaveBeenCalledTimes(1);
    } finally {
      brotli.mockRestore();
    }

    for (const acceptEncoding of ['gzip', 'br;q=0, gzip', '*']) {
      const response = await postFeed({ 'accept-encoding': acceptEncoding });
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(decodedText(response)).toBe(json);
    }
  });

  it('still send a page whose compression failed, and compress it again for the next request', async () => {
    const json = (await postFeed({})).rawPayload.toString();
    const failing = vi.spyOn(zlib, 'zstdCompress').mockImplementationOnce(((
      _bytes: Buffer,
      callback: zlib.CompressCallback,
    ) => {
      setImmediate(() => callback(new Error('out of memory'), Buffer.alloc(0)));
    }) as typeof zlib.zstdCompress);
    try {
      const failed = await postFeed({ 'accept-encoding': 'zstd' });
      // Handed on as it is, to be compressed for this request alone.
      expect(failed.statusCode).toBe(200);
      expect(decodedText(failed)).toBe(json);

      const next = await postFeed({ 'accept-encoding': 'zstd' });
      expect(next.headers['content-encoding']).toBe('zstd');
      expect(decodedText(next)).toBe(json);
      expect(failing).toHaveBeenCalledTimes(2);
    } finally {
      failing.mockRestore();
    }
  });

  it('send the page as it is to a client that takes no encoding, or asks for none', async () => {
    const cases: Record<string, string>[] = [
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': browser, 'x-no-compression': '1' },
    ];
    for (const headers of cases) {
      const response = await postFeed(headers);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(response.rawPayload.toString()).body.Feed).toHaveLength(20);
    }
  });

  it('compress a body made for one request in one call, with its length', async () => {
    const first = (await postFeed({})).json().body;
    const plain = await postFeed({}, { after: first.After });
    const later = JSON.parse(plain.rawPayload.toString()).body;
    expect(later.Feed).toHaveLength(20);
    // Above @fastify/compress's own limit for one call on two or more cores (8 KiB).
    expect(plain.rawPayload.length).toBeGreaterThan(8 * 1024);

    const response = await postFeed({ 'accept-encoding': browser }, { after: first.After });
    expect(response.headers['content-encoding']).toBeDefined();
    // A stream would have sent it chunked, without a length.
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(decodedText(response)).toBe(plain.rawPayload.toString());
  });
});
