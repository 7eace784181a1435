import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerResponsesTogether } from './responses-together.ts';

/** A keep-alive connection to the app that reads whole responses of a known length. */
async function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let received = '';
  let waiting: (() => void) | null = null;
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString();
    waiting?.();
  });
  return {
    send(id: string) {
      socket.write(`GET /item/${id} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    },
    /** The next response's body (the tests' bodies are all 6 characters long). */
    async nextBody(): Promise<string> {
      while (!/\r\n\r\n.{6}/s.test(received)) {
        await new Promise<void>((resolve) => (waiting = resolve));
      }
      const start = received.indexOf('\r\n\r\n') + 4;
      const body = received.slice(start, start + 6);
      received = received.slice(start + 6);
      return body;
    },
    close: () => socket.destroy(),
  };
}

describe('responses made in one turn of the event loop (docs/decisions/100)', () => {
  let app: FastifyInstance;
  afterEach(() => app.close());

  /** An app recording when each request is handled and when its response has been written. */
  async function recordingApp() {
    app = Fastify();
    registerResponsesTogether(app);
    const events: string[] = [];
    app.get<{ Params: { id: string } }>('/item/:id', (request, reply) => {
      events.push(`handled ${request.params.id}`);
      reply.raw.once('finish', () => events.push(`written ${request.params.id}`));
      void reply.send(`item-${request.params.id}`);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { events, port: (app.server.address() as net.AddressInfo).port };
  }

  it('are written together, after every request that arrived with them was handled', async () => {
    const { events, port } = await recordingApp();
    const [first, second] = await Promise.all([connect(port), connect(port)]);
    // Both connections open and served once, so that the next requests only need reading.
    first!.send('0');
    second!.send('0');
    expect([await first!.nextBody(), await second!.nextBody()]).toEqual(['item-0', 'item-0']);
    events.length = 0;

    // Written in one go: the server finds both sockets readable in the same turn.
    first!.send('a');
    second!.send('b');
    expect([await first!.nextBody(), await second!.nextBody()]).toEqual(['item-a', 'item-b']);
    expect(events.slice(0, 2).sort()).toEqual(['handled a', 'handled b']);
    expect(events.slice(2).sort()).toEqual(['written a', 'written b']);
    first!.close();
    second!.close();
  });

  it("answer a request that comes alone, and a later step's failure as an error", async () => {
    app = Fastify();
    registerResponsesTogether(app);
    app.addHook('onSend', async (request, _reply, payload) => {
      if (request.url === '/broken') throw new Error('a later step failed');
      return payload;
    });
    app.get('/fine', async () => 'fine');
    app.get('/broken', async () => 'never sent');
    const fine = await app.inject({ method: 'GET', url: '/fine' });
    expect([fine.statusCode, fine.body]).toEqual([200, 'fine']);
    const broken = await app.inject({ method: 'GET', url: '/broken' });
    expect(broken.statusCode).toBe(500);
    expect(broken.json()).toMatchObject({ message: 'a later step failed' });
  });
});
