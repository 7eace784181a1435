import http from 'node:http';
import type { FastifyInstance } from 'fastify';

export type HttpAnswer = {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or null when the answer was not JSON. */
  json: { success: boolean; body?: Record<string, unknown>; error?: string } | null;
  /** The Set-Cookie headers of this answer. */
  setCookies: string[];
};

/**
 * A browser-like client over real HTTP: it keeps the cookies the server sets (honouring
 * expiry, deletion and Path) and sends them back, and speaks the `{"body": …}` wire format.
 */
export class HttpClient {
  readonly baseUrl: string;
  readonly cookies = new Map<string, { value: string; path: string }>();
  /** The loopback address this client connects from (127.0.0.2, …): another "machine". */
  readonly localAddress: string | undefined;

  constructor(baseUrl: string, options: { localAddress?: string } = {}) {
    this.baseUrl = baseUrl;
    this.localAddress = options.localAddress;
  }

  cookieHeader(path: string): string {
    return [...this.cookies]
      .filter(([, cookie]) => path.startsWith(cookie.path))
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join('; ');
  }

  private remember(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      const path = attributes.find((item) => /^path=/i.test(item))?.slice(5) ?? '/';
      const expires = attributes.find((item) => /^expires=/i.test(item))?.slice(8);
      const maxAge = attributes.find((item) => /^max-age=/i.test(item))?.slice(8);
      const isGone =
        value === '' ||
        (maxAge !== undefined && Number(maxAge) <= 0) ||
        (expires !== undefined && new Date(expires).getTime() <= Date.now());
      if (isGone) this.cookies.delete(name);
      else this.cookies.set(name, { value, path });
    }
  }

  async request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<HttpAnswer> {
    const headers: Record<string, string> = { accept: 'application/json' };
    const cookie = this.cookieHeader(path);
    if (cookie) headers.cookie = cookie;
    if (method === 'POST') headers['content-type'] = 'application/json';
    const response = await send(new URL(path, this.baseUrl), {
      method,
      headers,
      body: method === 'POST' ? JSON.stringify({ body }) : undefined,
      localAddress: this.localAddress,
    });
    const setCookies = response.headers.getSetCookie();
    this.remember(setCookies);
    let json: HttpAnswer['json'];
    try {
      json = JSON.parse(response.text) as HttpAnswer['json'];
    } catch {
      json = null;
    }
    return { status: response.status, headers: response.headers, json, setCookies };
  }

  post(path: string, body: unknown = {}) {
    return this.request('POST', path, body);
  }

  get(path: string) {
    return this.request('GET', path);
  }

  async whoAmI(): Promise<string> {
    const answer = await this.post('/api/user/info');
    return String(answer.json?.body?.Username ?? '');
  }
}

/** Listens on a free loopback port; returns the base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

/** One HTTP request with node:http, which (unlike fetch) can choose the local address. */
function send(
  url: URL,
  options: {
    method: string;
    headers: Record<string, string>;
    body: string | undefined;
    localAddress: string | undefined;
  },
): Promise<{ status: number; headers: Headers; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: options.method,
        headers: options.body
          ? { ...options.headers, 'content-length': String(Buffer.byteLength(options.body)) }
          : options.headers,
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            for (const item of [value ?? []].flat()) headers.append(name, item);
          }
          resolve({
            status: response.statusCode ?? 0,
            headers,
            text: Buffer.concat(chunks).toString('utf8'),
          });
        });
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}
