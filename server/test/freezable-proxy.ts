import net from 'node:net';

/**
 * A TCP proxy on 127.0.0.1 in front of a server (PostgreSQL), for tests of what the app does
 * when that server stops answering or goes away, without touching the server itself.
 */
export type FreezableProxy = {
  port: number;
  /**
   * Stops forwarding bytes either way and keeps every connection open, as a server stopped with
   * SIGSTOP does: the operating system still accepts connections, nobody answers them.
   */
  freeze(): void;
  /** Forwards again, starting with what was held while frozen (as SIGCONT would). */
  thaw(): void;
  /** Closes every connection and stops listening, so that connecting is refused. */
  stop(): Promise<void>;
  /** Listens on the same port again. */
  start(): Promise<void>;
  /** Whether it listens (not stopped). */
  listening(): boolean;
  /** How many connections the app's side has closed so far. */
  closedByClient(): number;
  close(): Promise<void>;
};

export async function startFreezableProxy(target: {
  host: string;
  port: number;
}): Promise<FreezableProxy> {
  const sockets = new Set<net.Socket>();
  let isFrozen = false;
  /** What arrived while frozen, in order: each forwards one chunk or one close. */
  let held: (() => void)[] = [];
  let clientCloses = 0;
  /** Sockets this proxy closed itself, as against those their other end closed. */
  const closedHere = new WeakSet<net.Socket>();

  function destroy(socket: net.Socket) {
    closedHere.add(socket);
    socket.destroy();
  }

  function relay(step: () => void) {
    if (isFrozen) held.push(step);
    else step();
  }

  function track(socket: net.Socket) {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  }

  function forward(from: net.Socket, to: net.Socket) {
    from.on('data', (chunk) => relay(() => void (to.destroyed || to.write(chunk))));
    from.on('close', () => relay(() => destroy(to)));
  }

  const server = net.createServer((client) => {
    const upstream = net.connect(target);
    track(client);
    track(upstream);
    client.on('close', () => {
      if (!closedHere.has(client)) clientCloses++;
    });
    forward(client, upstream);
    forward(upstream, client);
  });

  async function listen(port: number) {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  }

  async function stop() {
    isFrozen = false;
    held = [];
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) destroy(socket);
    await closed;
  }

  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    freeze() {
      isFrozen = true;
    },
    thaw() {
      isFrozen = false;
      const steps = held;
      held = [];
      for (const step of steps) step();
    },
    stop,
    start: () => listen(port),
    listening: () => server.listening,
    closedByClient: () => clientCloses,
    close: async () => {
      if (server.listening) await stop();
    },
  };
}
