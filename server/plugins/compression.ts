import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { isSharedBytes } from '../serializer.ts';

/** Smaller responses go as they are: the headers alone are about as large. */
const compressionThreshold = 1024;

/**
 * Bodies up to this size are compressed in one synchronous call rather than through a stream:
 * @fastify/compress's default on two cores (8 KiB) sent a 16 KB feed page through zlib's stream
 * and thread pool at 425 pages/s, against 2,100/s compressed in one call (docs/decisions/023-performance-machinery.md#compressed-bodies).
 */
const compressSyncThreshold = 128 * 1024;

/**
 * The encodings a shared body is kept in, best first for a client that takes several: brotli is
 * the smallest (2.8 KB of a 16.4 KB feed page, against 3.4 KB with zstd and 3.1 KB with gzip).
 */
const keptEncodings = ['br', 'zstd', 'gzip'] as const;
type KeptEncoding = (typeof keptEncodings)[number];

const { constants } = zlib;
/** Each kept encoding's one-shot compression, run on libuv's thread pool. */
const compressors: Record<KeptEncoding, (bytes: Buffer) => Promise<Buffer>> = {
  br: promisify((bytes: Buffer, callback: zlib.CompressCallback) =>
    zlib.brotliCompress(
      bytes,
      {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      },
      callback,
    ),
  ),
  zstd: promisify((bytes: Buffer, callback: zlib.CompressCallback) =>
    zlib.zstdCompress(bytes, callback),
  ),
  gzip: promisify((bytes: Buffer, callback: zlib.CompressCallback) => zlib.gzip(bytes, callback)),
};

/**
 * Each shared body's bytes in each encoding asked for so far: made on its first request, while
 * the requests that ask meanwhile wait for the same compression, then the bytes themselves.
 */
const compressedBytes = new WeakMap<
  Buffer,
  Partial<Record<KeptEncoding, Buffer | Promise<Buffer | null>>>
>();

/**
 * The shared body's bytes in the encoding: at once when made, else once compressed (null when
 * compressing failed: the body then goes as it is, and the next request tries again).
 */
function compressedOnce(bytes: Buffer, encoding: KeptEncoding): Buffer | Promise<Buffer | null> {
  let variants = compressedBytes.get(bytes);
  if (!variants) compressedBytes.set(bytes, (variants = {}));
  const made = variants[encoding];
  if (made) return made;
  const making = compressors[encoding](bytes).then(
    (compressed) => (variants[encoding] = compressed),
    () => {
      delete variants[encoding];
      return null;
    },
  );
  variants[encoding] = making;
  return making;
}

/**
 * Accept-Encoding headers seen, with the kept encoding each chooses (`none` for none). Browsers
 * send a handful of distinct headers; the bound keeps a client sending a new one each time from
 * growing it, and the least recently seen go first, so the headers browsers keep sending stay
 * (docs/decisions/037-memory-bounds-and-fuzzing.md).
 */
const chosenEncodings = new LRUCache<string, KeptEncoding | 'none'>({ max: 256 });

function chooseEncoding(acceptEncoding: string): KeptEncoding | null {
  let chosen = chosenEncodings.get(acceptEncoding);
  if (chosen === undefined) {
    // `*` and x-gzip mean gzip, as @fastify/compress reads them (RFC 9110 §12.5.3).
    const header = acceptEncoding.toLowerCase().replace(/\*|x-gzip/g, 'gzip');
    chosen = negotiate(header, [...keptEncodings]) ?? 'none';
    chosenEncodings.set(acceptEncoding, chosen);
  }
  return chosen === 'none' ? null : chosen;
}

/**
 * Responses compressed for the clients that accept it (every browser does). A shared body, one
 * that many requests send as the same bytes (a cached feed page, docs/decisions/023-performance-machinery.md#compressed-bodies), is
 * compressed once per encoding, off the event loop (decision 023), and then sent compressed as
 * it is. Every other body above the
 * threshold is compressed for its own request by @fastify/compress, which also serves the
 * encodings kept here for nobody (deflate, say) and the static files.
 */
export async function registerCompression(app: FastifyInstance) {
  // A global hook runs before the per-route hook @fastify/compress adds, which passes a payload
  // through untouched once it has a Content-Encoding.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!isSharedBytes(payload) || payload.length < compressionThreshold) {
      done(null, payload);
      return;
    }
    const acceptEncoding = request.headers['accept-encoding'];
    const encoding = acceptEncoding ? chooseEncoding(acceptEncoding) : null;
    if (!encoding || request.headers['x-no-compression'] !== undefined) {
      done(null, payload);
      return;
    }
    const send = (compressed: Buffer | null) => {
      if (compressed) {
        reply.header('content-encoding', encoding);
        reply.header('vary', 'accept-encoding');
      }
      done(null, compressed ?? payload);
    };
    const compressed = compressedOnce(payload, encoding);
    if (compressed instanceof Promise) void compressed.then(send);
    else send(compressed);
  });
  await app.register(compress, {
    threshold: compressionThreshold,
    syncThreshold: compressSyncThreshold,
  });
}
