import net from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import type { DatabaseHandle } from './db/database.ts';
import { testConfig } from './test/app.ts';
import { createTestDatabase } from './test/database.ts';

let handle: DatabaseHandle;
const apps: FastifyInstance[] = [];
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await handle.close();
});

/** The whole app with this configuration, plus a test-only route that answers request.ip. */
async function buildAppWithIpRoute(env: Record<string, string>) {
  const app = await buildApp({
    config: testConfig(env),
    db: handle.db,
    webDir: path.resolve(import.meta.dirname, 'test/fixtures/web'),
  });
  app.get('/test/ip', async (request) => ({ ip: request.ip }));
  apps.push(app);
  await app.ready();
  return app;
}

async function ipOf(
  app: FastifyInstance,
  request: { remoteAddress?: string; forwardedFor?: string } = {},
) {
  const answer = await app.inject({
    method: 'GET',
    url: '/test/ip',
    ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}),
    ...(request.forwardedFor ? { headers: { 'x-forwarded-for': request.forwardedFor } } : {}),
  });
  return (answer.json() as { ip: string }).ip;
}

const randomAddress = () =>
  Array.from({ length: 4 }, () => Math.floor(Math.random() * 254) + 1).join('.');

describe('the client address, which per-address rate limits count (TRUST_PROXY)', () => {
  it('is the socket address when TRUST_PROXY is unset, in production too', async () => {
    for (const mode of ['production', 'test']) {
      const app = await buildAppWithIpRoute({ NODE_ENV: mode });
      // One client choosing a new address for each request: it stays one client.
      const seen = new Set<string>();
      for (let request = 0; request < 20; request++) {
        seen.add(await ipOf(app, { forwardedFor: randomAddress() }));
        seen.add(await ipOf(app, { forwardedFor: `${randomAddress()}, ${randomAddress()}` }));
      }
      expect([...seen], mode).toEqual(['127.0.0.1']);
      expect(await ipOf(app, { remoteAddress: '203.0.113.7', forwardedFor: '198.51.100.1' })).toBe(
        '203.0.113.7',
      );
    }
  });

  it("is the header's last hop with TRUST_PROXY=1", async () => {
    const app = await buildAppWithIpRoute({ NODE_ENV: 'production', TRUST_PROXY: '1' });
    expect(await ipOf(app, { forwardedFor: '198.51.100.1, 203.0.113.9' })).toBe('203.0.113.9');
    expect(await ipOf(app, { forwardedFor: '203.0.113.9' })).toBe('203.0.113.9');
    expect(await ipOf(app)).toBe('127.0.0.1');
  });

  it('is the first address outside the trusted proxies with a list', async () => {
    const app = await buildAppWithIpRoute({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' });
    expect(await ipOf(app, { forwardedFor: '198.51.100.1, 10.0.0.2' })).toBe('198.51.100.1');
    expect(await ipOf(app, { forwardedFor: '198.51.100.1, 203.0.113.9' })).toBe('203.0.113.9');
    // A client that is not one of the proxies writes what it likes, and is not believed.
    const direct = { remoteAddress: '192.0.2.44', forwardedFor: '198.51.100.1' };
    expect(await ipOf(app, direct)).toBe('192.0.2.44');
  });
});

/** The whole app listening on a free port of 127.0.0.1; resolves to the port. */
async function listen(env: Record<string, string>): Promise<number> {
  const app = await buildAppWithIpRoute(env);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as net.AddressInfo).port;
}

type Connection = {
  socket: net.Socket;
  /** Everything the server sent so far. */
  received: () => string;
  /** Resolves once the server closed the connection, or to 'still open' after `withinMs`. */
  closed: (withinMs: number) => Promise<'closed' | 'still open'>;
};

async function connect(port: number): Promise<Connection> {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  // A reset is as good as a close here.
  socket.on('error', () => {});
  const whenClosed = new Promise<'closed'>((resolve) =>
    socket.on('close', () => resolve('closed')),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('close', () => reject(new Error('closed before connecting')));
  });
  return {
    socket,
    received: () => received,
    closed(withinMs) {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<'still open'>((resolve) => {
        timer = setTimeout(() => resolve('still open'), withinMs);
      });
      return Promise.race([whenClosed, deadline]).finally(() => clearTimeout(timer));
    },
  };
}

/** Writes `byte` every `everyMs` until the connection closes. */
function trickle(connection: Connection, byte: string, everyMs: number) {
  const timer = setInterval(() => {
    if (!connection.socket.destroyed) connection.socket.write(byte);
  }, everyMs);
  connection.socket.on('close', () => clearInterval(timer));
  return timer;
}

// The server is given a 1 s timeout and checks it every second (app.ts): it closes a slow
// client within about 2 s. The tests allow 10 s, so that a busy machine does not make them fail.
const closeWithinMs = 10_000;

describe('slow clients (REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS)', () => {
  let port: number;
  beforeAll(async () => {
    port = await listen({ REQUEST_TIMEOUT_MS: '1000', HEADERS_TIMEOUT_MS: '1000' });
  });

  it('closes a request whose body comes a byte at a time', async () => {
    const connection = await connect(port);
    connection.socket.write(
      'POST /api/user/info HTTP/1.1\r\nHost: stance.test\r\n' +
        'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    const timer = trickle(connection, ' ', 200);
    try {
      expect(await connection.closed(closeWithinMs)).toBe('closed');
      expect(connection.received()).toMatch(/^(HTTP\/1\.1 408 |$)/);
    } finally {
      clearInterval(timer);
      connection.socket.destroy();
    }
  });

  it('closes a request whose headers come a byte at a time', async () => {
    const connection = await connect(port);
    connection.socket.write('GET /test/ip HTTP/1.1\r\nHost: stance.test\r\nX-Slow: ');
    const timer = trickle(connection, 'a', 200);
    try {
      expect(await connection.closed(closeWithinMs)).toBe('closed');
      expect(connection.received()).toMatch(/^(HTTP\/1\.1 408 |$)/);
    } finally {
      clearInterval(timer);
      connection.socket.destroy();
    }
  });

  it('closes a connection that never sends a request', async () => {
    const connection = await connect(port);
    try {
      expect(await connection.closed(closeWithinMs)).toBe('closed');
    } finally {
      connection.socket.destroy();
    }
  });

  it('still answers a request sent at once', async () => {
    const answer = await fetch(`http://127.0.0.1:${port}/test/ip`);
    expect(await answer.json()).toEqual({ ip: '127.0.0.1' });
  });

  it('keeps an idle kept-alive connection past those timeouts (a proxy pools them)', async () => {
    const connection = await connect(port);
    const request = 'GET /test/ip HTTP/1.1\r\nHost: stance.test\r\n\r\n';
    const answers = () => connection.received().match(/HTTP\/1\.1 200 /g)?.length ?? 0;
    try {
      connection.socket.write(request);
      await expect.poll(answers, { timeout: closeWithinMs }).toBe(1);
      // Three times the timeouts, idle: only KEEP_ALIVE_TIMEOUT_MS (72 s) applies between requests.
      expect(await connection.closed(3000)).toBe('still open');
      connection.socket.write(request);
      await expect.poll(answers, { timeout: closeWithinMs }).toBe(2);
    } finally {
      connection.socket.destroy();
    }
  });
});

describe('the connection cap (MAX_CONNECTIONS)', () => {
  it('closes connections beyond it as they arrive, and takes new ones once others left', async () => {
    const port = await listen({ MAX_CONNECTIONS: '2' });
    /** Sends a request on a kept-alive connection and waits for the answer to begin. */
    async function isServed(connection: Connection) {
      connection.socket.write('GET /test/ip HTTP/1.1\r\nHost: stance.test\r\n\r\n');
      const served = new Promise<boolean>((resolve) => {
        connection.socket.once('data', () => resolve(true));
        connection.socket.once('close', () => resolve(false));
      });
      return served;
    }
    const first = await connect(port);
    const second = await connect(port);
    const connections = [first, second];
    try {
      expect(await isServed(first)).toBe(true);
      expect(await isServed(second)).toBe(true);

      const third = await connect(port).catch(() => null);
      if (third) {
        connections.push(third);
        expect(await third.closed(closeWithinMs)).toBe('closed');
        expect(third.received()).toBe('');
      }

      // Once a connection leaves, a new one is served (the server notices the close soon after).
      first.socket.destroy();
      let isFourthServed = false;
      for (let attempt = 0; attempt < 50 && !isFourthServed; attempt++) {
        const fourth = await connect(port).catch(() => null);
        if (fourth) {
          connections.push(fourth);
          isFourthServed = await isServed(fourth);
        }
        if (!isFourthServed) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(isFourthServed).toBe(true);
    } finally {
      for (const connection of connections) connection.socket.destroy();
    }
  });
});
